/** Violence against people: how to kill or hurt someone, unseen or as many as possible, and graphic violence described for its own sake. */
import { any, B, gap, re } from '../regex-parts';
import { type HarmRule, HOW } from './shared';

const PEOPLE = any(
  'a (?:person|human|man|woman|child|kid|baby)',
  'people',
  'someone',
  'somebody',
  'humans?',
  'my (?:wife|husband|partner|boss|neighbou?r|teacher|father|mother|dad|mom|ex|sister|brother|roommate|classmate|coworker|colleague)',
  'the (?:president|senator|mayor|judge|police|witness)',
  'a (?:politician|cop|police officer|journalist|teacher|classmate|coworker|witness)',
  'students',
  'children',
  'a crowd',
  'civilians',
  'una persona',
  'alguien',
  'uma pessoa',
  'alguem',
  "quelqu'un",
  'une personne',
  'jemanden',
  'einen menschen',
  'qualcuno',
  '某人',
  '一个人',
);

const KILL = any(
  'kill',
  'etrangler',
  'estrangular',
  'erwurgen',
  'strangolare',
  'murder',
  'assassinate',
  'poison',
  'stab',
  'shoot',
  'strangle',
  'suffocate',
  'torture',
  'kidnap',
  'abduct',
  'maim',
  'behead',
  'hurt',
  'injure',
  'beat up',
  'run over',
  'dispose of the body of',
  'matar',
  'asesinar',
  'envenenar',
  'tuer',
  'empoisonner',
  'toten',
  'ermorden',
  'vergiften',
  'uccidere',
  'avvelenare',
  '杀死',
  '杀掉',
  '毒死',
);

/** Violence to a person, done to them (passive): what a graphic description dwells on. */
const VIOLENT_PP = any(
  'tortured',
  'dismembered',
  'flayed',
  'skinned alive',
  'burn(?:ed|t) alive',
  'mutilated',
  'disembowell?ed',
  'beheaded',
  'decapitated',
  'eviscerated',
  'run over',
  'crushed to death',
  'stabbed to death',
  'beaten to death',
  'burned to death',
);

const GRAPHIC = any(
  'graphic',
  'gory',
  'gruesome',
  'vivid',
  'explicit',
  'in (?:full |great |all its |every )?detail',
  'focusing on (?:the )?(?:gore|blood|injuries|pain|suffering)',
  'with (?:the |all the )?(?:injuries|gore|blood)',
  'until (?:he|she|they) (?:dies?|die)',
  'still (?:alive|conscious)',
  'while (?:they are |he is |she is )?(?:still )?(?:alive|conscious)',
);

export const violence: HarmRule = {
  id: 'violence',
  severity: 'HIGH',
  cue: new RegExp(
    `${KILL}|attack|body|shooting|massacre|bombing|assassination|attack on|terror|caught|spree|crowd|foule|multitud|menschenmenge|folla|multidao|drink|food|coffee|spike|trace|rastro|spuren|tracce|unnoticed|descubr|杀|毒死|谋杀|伤害`,
  ),
  patterns: [
    re(`${B}${HOW}\\s+${gap(2)}${KILL}\\s+${gap(2)}${PEOPLE}${B}`),
    re(
      `${B}${KILL}\\s+${gap(2)}${PEOPLE}\\s+${gap(4)}without (?:getting caught|being (?:caught|detected|traced|noticed)|leaving (?:a )?(?:trace|evidence))`,
    ),
    re(
      `${B}(?:plan|planning|carry out|organi[sz]e|commit|execute) ${gap(2)}(?:a |an )?${any('mass shooting', 'school shooting', 'terrorist attack', 'terror attack', 'massacre', 'bombing', 'assassination', 'attack on (?:a |the )?(?:school|church|mosque|synagogue|crowd|concert|government)')}${B}`,
    ),
    re(
      `${B}(?:hide|dispose of|get rid of) (?:a |the )?(?:dead )?body${B}|${B}without (?:getting caught|being caught) (?:by the police|for murder)`,
    ),
    re(`(?:如何|怎么|怎样|教我)[^。！？]{0,8}(?:杀死|杀掉|毒死|谋杀|伤害)[^。！？]{0,6}(?:人|某人|我的|他|她)`),
    // Harm done unseen: without a trace, unnoticed, in their food or drink, in the product's languages.
    re(
      `${B}${KILL}\\w*\\s+${gap(3)}${PEOPLE}${B}[^.!?]{0,40}?${any('without (?:leaving )?(?:a |any )?traces?', 'unnoticed', 'undetected', 'sans (?:laisser de )?traces?', 'sans que', 'sin (?:dejar )?rastro', 'sin que (?:me|nadie)', 'ohne spuren', 'sem deixar rastros?', 'senza lasciare tracce')}`,
    ),
    re(
      `${B}(?:spike|lace|drug|poison|dose)\\w*\\s+${gap(1)}(?:someone|somebody|a (?:girl|woman|man|person)|his|her|their|my \\w+)'?s? (?:drink|food|coffee|tea|meal)|${B}(?:get|put|slip|mix)\\w* (?:it|them|this) (?:into|in) (?:his|her|their|someone'?s|the victim'?s) (?:food|drink|coffee|tea|meal)`,
    ),
    // As many people as possible, a spree, a weapon turned on a crowd.
    re(
      `${B}${KILL}\\w*\\s+${gap(1)}(?:the )?(?:most|maximum (?:number of )?|max (?:number of )?|as many)\\s*${gap(1)}(?:people|victims|students|kids|children|persons|civilians|passengers)|${B}(?:stabbing|shooting|killing|murder|bombing) spree${B}|${B}(?:use|spray|release|throw|utiliser|usar|einsetzen|usare)\\w* (?:it |them |la |le |lo |ihn |es )?${any('against a crowd', 'on a crowd', 'into a crowd', 'contre une foule', 'contra (?:una|la) multitud', 'gegen (?:eine )?menschenmenge', 'contro (?:una|la) folla', 'contra (?:uma|a) multidao')}`,
    ),
    re(`${B}(?:the )?order (?:i|we) should (?:attack|kill|shoot|stab|hurt) them${B}|${B}(?:attack|kill|shoot|stab|hurt) them in${B}`),
  ],
  what: 'violence against people',
};

export const graphicViolence: HarmRule = {
  id: 'graphic-violence',
  severity: 'HIGH',
  cue: /tortur|dismember|flay|skinned|alive|mutilat|disembowel|behead|decapitat|eviscerat|run over|to death|brul|queimad|quemad|verbrannt|bruciat|desmembr|demembr|zerstuckel|smembr|折磨|肢解|烧死|虐杀/,
  patterns: [
    re(
      `${B}(?:being|is|was|are|get(?:s|ting)?) (?:slowly |brutally )?${VIOLENT_PP}${B}[^.!?]{0,80}?${GRAPHIC}|${GRAPHIC}[^.!?]{0,80}?(?:being|is|was|are|get(?:s|ting)?) (?:slowly |brutally )?${VIOLENT_PP}${B}`,
    ),
    re(
      `\\b(?:describe|describa|decris|raconte|beschreibe|schildere|descreva|descrivi|racconta)\\w*[^.!?]{0,60}(?:tortur\\w+|brul\\w+ viv\\w+|queimad\\w+ viv\\w+|quemad\\w+ viv\\w+|lebendig verbrannt|bruciat\\w+ viv\\w+|desmembr\\w+|demembr\\w+|zerstuckel\\w+|smembr\\w+)|(?:详细|生动)(?:地)?(?:描写|描述)[^。！？]{0,20}(?:折磨|肢解|活活烧死|虐杀)`,
    ),
  ],
  what: 'graphic violence against a person, described for its own sake',
};
