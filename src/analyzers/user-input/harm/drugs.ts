/** Drugs: making, buying, cutting or selling them; the trade, not the pharmacology. */
import { any, B, gap, re } from '../regex-parts';
import { type HarmRule, MAKE, NOT_A_DEPICTION } from './shared';

const DRUGS = any(
  'meth(?:amphetamine)?',
  'crystal meth',
  'fentanyl',
  'carfentanil',
  'heroin',
  'cocaine',
  'crack cocaine',
  'mdma',
  'ecstasy',
  'lsd',
  'dmt',
  'ghb',
  'ketamine',
  'amphetamines?',
  'metanfetamina',
  'cocaina',
  'heroina',
  'methamphetamine',
  'cannabis',
  'marijuana',
  'psilocybin',
  'magic mushrooms',
  'oxycodone',
  'oxycontin',
  'xanax',
  '冰毒',
  '海洛因',
  '芬太尼',
);

export const drugs: HarmRule = {
  id: 'drugs',
  severity: 'HIGH',
  cue: new RegExp(`${DRUGS}|drug-? ?dealing|levamisole`),
  patterns: [
    re(`${B}${MAKE}\\s+${gap(2)}${DRUGS}${B}${NOT_A_DEPICTION}`),
    re(
      `${B}(?:synthesis|sintesis|synthese|production|extraction|recipe|receta|recette|rezept) (?:of |for |de |del |von |da |do )?${DRUGS}${B}`,
    ),
    re(`${B}${DRUGS} ${any('synthesis', 'recipe', 'lab', 'production', 'precursors?', 'ingredients', 'cook', 'extraction')}${B}`),
    re(`${B}(?:buy|order|get) ${gap(2)}${DRUGS} ${gap(2)}(?:online|on the dark ?web|without a prescription)${B}`),
    // Cutting, selling or dealing drugs: the trade, not the pharmacology.
    re(
      `${B}(?:cut|cutting|cuts|dilut\\w*|stretch\\w*|sell\\w*|deal\\w*|push\\w*|smuggl\\w*)\\s+${gap(3)}${DRUGS}${B}|${B}${DRUGS}${B}[^.!?]{0,60}?${any('for (?:the )?buyers', 'to sell', 'so i can sell', 'to my customers', 'without (?:the )?customers noticing', 'pour (?:le |la |les )?(?:re)?vendre', 'para (?:re)?vender\\w*', 'um (?:es |sie )?(?:weiter)?zu verkaufen', 'zum (?:weiter)?verkauf\\w*', 'per (?:ri)?vender\\w*')}|${B}drug[- ]dealing${B}|${B}press\\w*\\s+${gap(2)}${DRUGS}${B}[^.!?]{0,30}?${B}(?:pills?|tablets?)${B}|${B}(?:fake|counterfeit) (?:oxy\\w*|xanax|adderall|percocet|pills)${B}|${B}(?:cutting|cut) ${gap(1)}(?:with|into) ${gap(2)}(?:a batch|levamisole|the batch)`,
    ),
    re(
      `(?:如何|怎么|怎样|教我|步骤)[^。！？]{0,10}(?:制作|制造|合成|获得|购买|提炼|做)[^。！？]{0,10}(?:冰毒|海洛因|芬太尼|可卡因|摇头丸)`,
    ),
  ],
  what: 'making or obtaining illegal drugs',
};
