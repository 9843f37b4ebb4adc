/** Violence against people: how to kill or hurt someone, unseen or as many as possible, and graphic violence described for its own sake. */
import { any, B, gap, re } from '../regex-parts';
import { ANOTHERS_FOOD, type HarmRule, HOW } from './shared';

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
  'a guy',
  'a girl',
  'my (?:stepdad|stepfather|stepmom|stepmother|roommate|girlfriend|boyfriend|son|daughter|uncle|aunt|cousin|landlord|bully|ex-?wife|ex-?husband|ex-?girlfriend|ex-?boyfriend)',
  "my \\w+'?s? (?:wife|husband|son|daughter|kid)",
  '(?:mi|a mi) (?:vecino|vecina|marido|esposa|mujer|jefe|jefa|ex|novia|novio|padre|madre|padrastro|companero|companera|hermano|hermana)',
  '(?:mon|a mon) (?:voisin|mari|ex|patron|pere|copain|collegue|beau-pere|frere)',
  '(?:ma|a ma) (?:femme|voisine|copine|mere|collegue|soeur)',
  '(?:meinen|meine|meinem|meiner) (?:nachbarn?|nachbarin|mann|frau|chef\\w*|ex|vater|mutter|kollege\\w*|kollegin|stiefvater|bruder|schwester)',
  '(?:meu|o meu|ao meu) (?:marido|vizinho|chefe|ex|pai|namorado|colega|irmao|padrasto)',
  '(?:minha|a minha) (?:esposa|mulher|vizinha|mae|ex|namorada|colega|irma)',
  '我的?(?:同事|老婆|老公|邻居|老板|丈夫|妻子|前女友|前男友)',
  '别人',
);

/** Someone the message means to harm, as the object of a purpose clause ("… to kill someone", "um jemanden zu töten"). */
const SOMEONE = any(
  'someone',
  'somebody',
  'a person',
  'him',
  'her',
  'them',
  'alguien',
  "quelqu'un",
  'jemanden',
  'alguem',
  'qualcuno',
  '某人',
  '别人',
);

/** The most damage or pain done (to a person, said elsewhere in the sentence). */
const DAMAGE = `(?:cause|do|inflict|deal)\\w* (?:the )?(?:most|maximum|max|as much|more|serious|permanent|lasting) (?:damage|pain|harm|injur\\w*)`;
const VICTIM = `${B}(?:someone|somebody|a person|the person|him|her|a guy|the victim|my \\w+)(?:'?s)?${B}`;

/** Hurting someone short of killing: beating, hitting, making them suffer. */
const HURT = any(
  'beat (?:up|the crap out of|the shit out of)',
  'hurt',
  'harm(?!on)',
  'injure',
  'punch',
  'kick',
  'choke',
  'smother',
  'make (?:him|her|them) suffer',
  'make \\w+ suffer',
  'dar(?:le)? una paliza a',
  'pegar(?:le)? a',
  'golpear a',
  'lastimar a',
  'herir a',
  'faire du mal a',
  'frapper',
  'tabasser',
  'blesser',
  'verletzen',
  'verprugeln',
  'schlagen',
  'espancar',
  'bater em',
  'machucar',
  'ferir',
  'picchiare',
  'ferire',
  '打',
  '伤害',
);

const KILL = any(
  'kill',
  'gas(?= (?:the |them|him|her|people|someone|everyone))',
  'choke',
  'smother',
  'drown',
  'apunalar',
  'poignarder',
  'erstechen',
  'esfaquear',
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
    `ambush|take up arms|body|corpse|jump|choke|strangl|smother|suffocat|kissen|pillow|almohada|oreiller|travesseiro|cuscino|investire|atropell|ecraser|uberfahren|atropelar|run over|looks like|seems like|appears like|look like|push|shove|throw|${KILL}|${HURT}|(?:against|contra|contre|gegen|contro|on) (?:someone|somebody|a person|alguien|alguem|quelqu|jemanden|qualcuno)|um jemanden|害人|(?:as many|the most|maximum|max) (?:number of )?(?:people|persons|passengers|children|kids|students)|angriff|anschlag|ataque|attaque|atacar|attaquer|angreifen|shoot up|get away with|(?:look (?:like|as)|parezca|pareca|ressembl\\w*|aussehen) (?:a |an |como |comme |wie |un |um |uma |une |einen? )?(?:suicide|accident|natural|overdose|accidente|acidente|unfall|suicidio|selbstmord)|(?:stage|disguise)\\w* (?:it|the|his|her)|伪装|damage|pain|injur|伤痕|stab|bleed|hit (?:a |him|her|someone|somebody|the guy|my)|punch|shoot|kick|swing (?:a |the )?\\w+ at|frapp|poignard|apunal|golpe|pegar|stech|schlag|esfaque|bater|colpi|打|捅|attack|body|shooting|massacre|bombing|assassination|attack on|terror|caught|spree|crowd|foule|multitud|menschenmenge|folla|multidao|drink|food|coffee|tea|meal|soup|beer|wine|spike|trace|rastro|spuren|tracce|unnoticed|descubr|杀|毒死|谋杀|伤害`,
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
    // Harm to a person as the aim of what is asked: made, got or used "to kill someone", "um jemanden zu töten", "contra alguien".
    re(
      `${B}(?:to|in order to|so (?:that )?i can|para|pour|um|per|para poder|afin de)\\s+${any(KILL, HURT)}\\s+(?:a |the )?${any(SOMEONE, PEOPLE)}${B}|${B}(?:make|get)\\s+(?:as many|the most|maximum|max) (?:people|persons|passengers|children|kids|students) (?:as possible )?(?:sick|ill|die)${B}|${B}um ${SOMEONE} (?:zu )?(?:toten|umzubringen|zu vergiften|zu verletzen)${B}|${B}(?:use|usar|utiliser|benutzen|einsetzen|usare)\\w*\\s+${gap(2)}(?:on|against|contra|contre|gegen|contro)\\s+${SOMEONE}${B}|(?:用|来|去)(?:害|杀|毒)(?:人|死)`,
    ),
    // Where or how to strike a person to do the most damage; enough of something to kill them.
    re(
      `${B}(?:where|which (?:part|spot|place|organ)|what (?:part|spot|place|angle|organ)|best (?:spot|place|angle)|ou|donde|wo|onde|dove)${B}[^.!?]{0,30}?${B}(?:stab|hit|punch|strike|shoot|kick|choke|swing (?:a |the )?\\w+ at|frapper|poignarder|apunalar|golpear|pegar|stechen|schlagen|esfaquear|bater|colpire|打|捅)\\w*${B}[^.!?]{0,50}?(?:${B}${SOMEONE}${B}|a guy|a man|a woman|${B}(?:him|her)${B}|so (?:he|she|they) (?:dies?|bleeds?|never)|bleed out|pour (?:le |la )?tuer|para matar|um (?:ihn|sie) zu toten|para (?:o |a )?matar|to kill)|${B}${DAMAGE}${B}(?=[^.!?]*${VICTIM})|${VICTIM}[^.!?]{0,80}?${B}${DAMAGE}${B}|${B}(?:how (?:much|many)|what (?:dose|amount)|enough)${B}[^.!?]{0,60}?${B}${KILL}\\w*\\s+${gap(2)}(?:${PEOPLE}|him|her)${B}`,
    ),
    // Hurt, beaten or poisoned unseen: no marks, nobody suspecting, not identified, made to look like something else.
    re(
      `${B}${any(HURT, KILL)}\\w*\\s+${gap(3)}(?:${PEOPLE}|${SOMEONE})${B}[^.!?]{0,60}?${any('without (?:leaving )?(?:any )?(?:marks?|bruises?|traces?)', "(?:that|which) (?:won'?t|will not|don'?t|doesn'?t) (?:leave|show) (?:any )?marks", 'without (?:anyone|anybody|nobody) (?:suspecting|noticing|knowing)', 'without being (?:identified|recogni[sz]ed|seen)', 'sin (?:dejar )?marcas', 'sin que (?:me )?(?:denuncie|se note|nadie (?:lo )?(?:sepa|note))', 'sans (?:laisser de )?(?:marques|traces)', 'sans que (?:ca|cela) se voie', 'ohne (?:dass es )?(?:jemand merkt|spuren)', 'ohne dass es jemand merkt', 'sem (?:deixar )?marcas', 'sem que ninguem (?:desconfie|perceba)', 'senza lasciare segni')}|${B}(?:${PEOPLE}|jemanden|ihn|sie) (?:zu )?(?:verletzen|toten|umbringen|vergiften|verprugeln|schlagen)${B}[^.!?]{0,40}?${B}(?:ohne|damit niemand)${B}|${B}(?:stage|make|disguise|dress)\\w* (?:it|(?:the|his|her|their) (?:death|murder|killing|scene)) (?:look )?(?:as|like) (?:a |an )?(?:suicide|accident|natural (?:causes|death)|an overdose)${B}|${B}(?:parezca|pareca|ressemble\\w*|aussehen) (?:a |como |comme |wie )?(?:un |um |uma |une |einen? )?(?:accidente|acidente|accident|unfall|suicidio|suicide|selbstmord)|伪装成(?:自杀|意外)|(?:打|伤害)[^。！？]{0,6}(?:不留下?(?:伤痕|痕迹)|不被发现)|${B}(?:how|ways?) (?:do (?:i|you)|can (?:i|you)|to|would (?:i|you)) get away with (?:a )?(?:murder|killing (?:him|her|someone))${B}`,
    ),
    // An attack on one's school or another place full of people, planned or asked for.
    re(
      `${B}(?:attack(?! rates?)|shoot up|bomb|angriff auf|anschlag auf|ataque (?:a|en|contra|na|no)|attaque (?:contre|de|dans)|atacar|attaquer|angreifen)\\s+(?:on\\s+)?(?:my|our|the|a|this|meine|unsere|die|eine|mi|la|el|una|nuestra|mon|ma|notre|l'|minha|a|uma|o|meu)?\\s*(?:old |former |ancien(?:ne)? |alte |antigua |antiga |own )?(?:high |middle |elementary |primary )?(?:school|college|campus|classroom|schule|escuela|colegio|instituto|ecole|lycee|escola|faculdade|universidad|universite|universitat|church|mosque|synagogue)${B}|(?:袭击|攻击)[^。！？]{0,6}学校`,
    ),
    // Something slipped, crushed or dissolved into someone's food or drink to make them sick or never wake.
    re(
      `${B}(?:put|slip|mix|pour|add|drop|crush|dissolve|grind|ground|stir|sneak|sprinkle)\\w*\\s+${gap(3)}(?:in|into|to)\\s+${ANOTHERS_FOOD}${B}(?=[^.!?]*(?:sick|ill|die|collapse|pass out|unconscious|hurt|harm|poison|chemicals?|suffer|wakes? up|sleep forever|stops? breathing))|${B}(?:put|slip)\\w* (?:something|stuff|pills|algo|quelque chose|etwas) (?:in|into) (?:his|her|their|someone'?s|my \\w+'?s) (?:food|drink|coffee|tea|meal|beer)${B}`,
    ),
    re(`${B}(?:the )?order (?:i|we) should (?:attack|kill|shoot|stab|hurt) them${B}|${B}(?:attack|kill|shoot|stab|hurt) them in${B}`),
    // A death staged as a jump or a fall; a person pushed off a height.
    re(
      `${B}(?:so (?:that )?it (?:looks|seems|appears)|to make it (?:look|seem)) like (?:they|he|she|the victim) (?:jumped|fell|slipped|did it (?:themselves|himself|herself)|killed (?:themselves|himself|herself))${B}|${B}(?:push|shove|throw)\\w*\\s+(?:someone|somebody|a person|him|her|them|my \\w+)\\s+(?:off|over|from|down)${B}`,
    ),
    // A body hidden, a guard jumped, a person choked or smothered until they stop breathing, an ex run over.
    re(
      `${B}(?:hide|dispose of|get rid of|dump|bury)\\w*\\s+(?:a |the |his |her )?(?:body|corpse)${B}|${B}(?:find|found|discover\\w*) (?:a |the )?(?:body|corpse)${B}[^.!?]{0,80}?${B}(?:safer for me|for me|i (?:should|do)|my best)${B}|${B}(?:cops|police|polizei|policia)${B}[^.!?]{0,30}?${B}(?:find|found|discover)\\w* (?:a |the )?(?:body|corpse)${B}|${B}jump (?:the|a) (?:security )?(?:guard|cashier|clerk|driver|watchman)${B}|${B}(?:choke\\w*|strangl\\w*|smother\\w*|suffocat\\w*)${B}[^.!?]{0,60}?${B}(?:goes limp|passes out|stops breathing|permanent|brain damage|dies)${B}|(?:kissen|pillow|almohada|oreiller|travesseiro|cuscino)${B}[^.!?]{0,40}?${B}(?:gesicht|face|cara|visage|rosto|faccia)${B}[^.!?]{0,40}?${B}(?:atmet|breath|respir)|${B}(?:investire|atropellar|ecraser|uberfahren|atropelar|run over)${B}[^.!?]{0,30}?${B}(?:mio|mi|mon|meinen|meu|my) (?:ex|vicino|vecino|voisin|nachbarn|vizinho|neighbou?r|capo|jefe|patron|chef|boss)${B}`,
    ),
    // An ambush on a person; a call to take up arms.
    re(
      `${B}ambush\\w*\\s+(?:on\\s+)?(?:a |the |my |his |her )?(?:[a-z]+ ){0,2}?(?:rival|enemy|cop|officer|guard|person|guy|man|woman|crew member|neighbou?r|ex|target)\\w*${B}|${B}take up arms${B}`,
    ),
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
