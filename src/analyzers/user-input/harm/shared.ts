import type { Severity } from '../../../domain/types';
import { any } from '../regex-parts';

/**
 * Harmful requests, judged by what the message asks the animation to teach or
 * show: a harmful thing together with the act of making, obtaining or using it
 * ("how to make a pipe bomb", "synthesis of sarin with quantities"), never the
 * word alone, so "the SIR model of how a virus spreads", "the trajectory of a
 * bomb dropped from a plane", "the Josephus problem, every third person is
 * killed" and "why a pyramid scheme collapses" stay clean. Sexual content
 * involving minors is the one topic flagged on sight.
 */
export interface HarmRule {
  id: string;
  severity: Severity;
  /** Words one of the patterns needs (a necessary condition, cheap to test): when none is there, the patterns are not run. */
  cue: RegExp;
  patterns: readonly RegExp[];
  what: string;
}

/** Another person's food or drink: what a poisoning is slipped into (violence.ts), never a drug taken (drugs.ts). */
export const ANOTHERS_FOOD = "(?:his|her|their|someone'?s|my \\w+'?s|the victim'?s)\\s+(?:food|drink|coffee|tea|meal|water|soup|beer|wine)";

/** Not when what is made is a picture of it: "make an animation of a bomb falling" depicts. */
export const NOT_A_DEPICTION = `(?!\\s+${any('animation', 'video', 'visuali[sz]ation', 'chart', 'graph', 'diagram', 'simulation', 'model', 'plot', 'scene', 'drawing', 'illustration', 'trajectory', 'problem')})`;

/** Asking how to make, get or use something, in the product's languages. */
export const HOW = any(
  'how (?:to|do (?:i|you|we|people)|can (?:i|you|we|one|someone)|could (?:i|one|someone)|would (?:i|one|someone)|should i)',
  'steps? (?:to|for)',
  'step[- ]by[- ]step',
  'instructions? (?:for|to|on)',
  'guide (?:to|for|on)',
  'tutorial (?:on|for)',
  'recipe (?:for|of)',
  'procedure (?:for|to)',
  '(?:best|easiest|quickest|fastest|cheapest|simplest|safest|most effective) (?:way|method)s? (?:to|of|for)',
  'ways? to',
  'teach me (?:how )?to',
  'show me how to',
  'explain how to',
  'help me(?: to)?',
  'tips (?:on|for)',
  'como (?:hacer|fabricar|preparar|sintetizar|construir|conseguir|matar|fazer|construir|obter)',
  'comment (?:faire|fabriquer|preparer|synthetiser|construire|obtenir|tuer)',
  'wie (?:man|kann ich|baue ich|mache ich)',
  'come (?:fare|costruire|preparare|sintetizzare|ottenere|uccidere)',
  '如何',
  '怎么',
  '怎样',
);
export const MAKE = any(
  'make',
  'making',
  'build',
  'building',
  'assemble',
  'construct',
  'create',
  'manufacture',
  'synthesi[sz]e',
  'synthesi[sz]ing',
  'produce',
  'producing',
  'prepare',
  'cook',
  'cooking',
  'brew',
  'extract',
  'obtain',
  'acquire',
  'buy',
  'get (?:hold of|my hands on)',
  'weaponi[sz]e',
  'deploy',
  'disperse',
  'aerosoli[sz]e',
  'release',
  'culture',
  'grow',
  'detonate',
  'plant',
  'smuggle',
  '3d[- ]print',
  'hacer',
  'fabricar',
  'sintetizar',
  'fazer',
  'fabriquer',
  'synthetiser',
  'herstellen',
  'bauen',
  'fabbricare',
  '制作',
  '制造',
  '合成',
);

export const CREATE = any(
  'write',
  'create',
  'build',
  'design',
  'make',
  'code',
  'develop',
  'generate',
  'give me',
  'ecris',
  'escribe',
  'schreib\\w*',
  'escrev[ae]',
  'redige',
  'scrivi',
  'crea',
  'cree',
  '写',
  '编写',
  '做',
);
