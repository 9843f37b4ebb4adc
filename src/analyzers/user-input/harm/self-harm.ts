/** Self-harm: how to hurt or kill oneself, one's own death as the outcome asked for. */
import { any, B, gap, re } from '../regex-parts';
import { type HarmRule, HOW } from './shared';

export const selfHarm: HarmRule = {
  id: 'self-harm',
  severity: 'HIGH',
  cue: /guaranteed|certainly|surely|definitely|railway|train|railroad|floor|stor|metre|meter|feet|enough|stop my|ways to go|roof|bridge|how much|how many|combien|cuant|cuánt|wie viel|quant|what dose|吃多少|用多少|wrist|myself|suicid|self.harm|end my|end it all|overdose|lethal dose|painless|pro-?ana|pro-?mia|starve|not eat|(?:to|me) die|me suicider|mich umbringen|me matar|uccidermi|wake up|fatal|bleed out|mourir|morir|morrer|sterben|morire|stay in the car|cutting|deeper|自杀/,
  patterns: [
    re(
      `${B}${HOW}\\s+${gap(2)}${any('kill myself', 'commit suicide', 'end my (?:own )?life', 'end it all', 'self[- ]harm', 'cut myself', 'hurt myself', 'overdose', 'hang myself', 'starve myself', 'suicide', 'suicidarme', 'me suicider', 'mich umbringen', 'me matar', 'uccidermi', '自杀')}`,
    ),
    re(`${B}(?:i want to|i'm going to|i am going to|help me) (?:die|kill myself|end (?:my life|it all)|commit suicide|hurt myself)${B}`),
    re(
      `${B}lethal dose (?:of [\\w-]+ )?(?:for|to kill) (?:a (?:human|person|man|woman)|me|myself|someone)${B}|${B}painless(?:ly)? (?:suicide|way to die|death)${B}`,
    ),
    re(`${B}pro-?(?:ana|mia)${B}|${B}(?:tips|tricks) (?:to|for) (?:starve|not eat|hide (?:my )?(?:eating|self-harm))`),
    // The writer's own death as the outcome asked for: enough to die, not wake up, definitely fatal, bleed out.
    re(
      `${B}(?:i|i'd|i'm|my|me|je|j'|mes|mon|ma|yo|mis|mi|ich|meine?n?|eu|meus?|minhas?|io|miei)${B}[^.!?]{0,80}?${any('(?:to )?(?:not|never) (?:to )?wake up', '(?:definitely|surely|certainly|guaranteed to be) fatal', 'bleed out', 'enough to (?:die|kill me)', 'assez pour (?:mourir|me tuer)', 'suficiente(?:s)? para (?:morir|morrer|matarme)', 'genug,? um zu sterben', 'abbastanza per morire', 'how long to stay in the (?:car|garage)', 'cut (?:myself )?deeper', 'hide my (?:cutting|cuts|scars)')}`,
    ),
    re(
      `${B}(?:forma|manera|maneira|facon|moyen|weg|modo|way|comment|como|wie|come)${B}[^.!?]{0,30}?(?:suicidarme|suicidar-me|me suicider|mich umbringen|me matar|uccidermi|kill myself|end my life)`,
    ),
    // How much of a medicine it takes to die; harming oneself and hiding it; the wrists.
    re(
      `${B}(?:how (?:much|many)|combien|cu[aá]nt\\w*|wie viel\\w*|quant\\w*|what dose)${B}(?=[^.!?]{0,60}?(?:pills|tablets|paracetamol|acetaminophen|tylenol|ibuprofen|sleeping|insulin|pastillas|comprimidos|cachets|tabletten|pillen|medicamentos|medicaments|medikamente|pilule))[^.!?]{0,80}?${any('to die(?! out)', 'pour mourir', 'para morir', 'para morrer', 'um zu sterben', 'per morire', 'to (?:not|never) wake up', 'para no despertar', 'pour ne (?:plus|pas) me reveiller', 'para nao acordar', 'um nicht (?:mehr )?aufzuwachen')}|(?:吃|用)多少[^。！？]{0,10}(?:药|安眠药)[^。！？]{0,6}(?:才能死|会死|死掉)|${B}(?:starv|purg|cut|burn|hurt)\\w* myself${B}[^.!?]{0,60}?(?:hid\\w*|hide|without (?:anyone|my|them)|so (?:that )?(?:nobody|no one))|${B}bleed(?:ing)? out from (?:the|my|a) (?:wrists?|arms?|neck|thigh)|${B}(?:slit|slash)\\w* (?:my |the )?wrists?${B}`,
    ),
    // One's own death asked by its means: a height or pills enough to be sure, ways to go that work the first time.
    re(
      `${B}(?:floors?|stor(?:e?y|ies|eys)|metres?|meters?|feet|ft)${B}[^.!?]{0,30}?${B}enough to (?:be sure|make sure|be certain|not survive|die)${B}|${B}(?:would|will|could|to) stop my (?:heart|breathing)${B}|${B}ways to go${B}[^.!?]{0,60}?${B}(?:first (?:try|time)|painless|quick|work)${B}|${B}(?:going|go) (?:up )?to the (?:roof|bridge|top floor)${B}[^.!?]{0,80}?${B}(?:enough|sure|for good|last time)${B}`,
    ),
    // A height guaranteed fatal; a railway crossing picked.
    re(
      `${B}(?:guaranteed|certainly|surely|definitely)\\s+(?:fatal|lethal|deadly)${B}|${B}(?:railway|train|railroad) (?:crossing|tracks?)${B}[^.!?]{0,80}?${B}(?:help me pick|pick one|for me to|choose one)${B}`,
    ),
  ],
  what: 'self-harm',
};
