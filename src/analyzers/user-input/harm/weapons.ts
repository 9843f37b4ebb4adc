/** Chemical, biological, radiological and nuclear weapons; weapons and explosives: making or getting them, never a picture of them. */
import { any, B, gap, re } from '../regex-parts';
import { type HarmRule, HOW, MAKE, NOT_A_DEPICTION } from './shared';

const CHEM_BIO = any(
  'sarin',
  'soman',
  'tabun',
  'vx(?: nerve)?(?: agent| gas)?',
  'novichok',
  'nerve (?:agents?|gas)',
  '(?:sulfur |nitrogen )?mustard gas',
  'phosgene',
  'chlorine gas',
  'ricin',
  'abrin',
  'anthrax',
  'bacillus anthracis',
  'botulinum(?: toxin)?',
  'smallpox',
  'variola',
  'yersinia pestis',
  'bio-?weapons?',
  'biological weapons?',
  'chemical weapons?',
  'poison gas',
  'toxic gas',
  'weaponi[sz]ed (?:virus|pathogen|bacteria|toxin|anthrax|flu)',
  'dirty bomb',
  'radiological (?:weapon|dispersal device)',
  'nuclear (?:weapon|bomb|warhead)',
  'agente nervioso',
  'gas sarin',
  'arma(?:s)? (?:quimicas?|biologicas?)',
  'armes? (?:chimiques?|biologiques?)',
  'chemische waffen?',
  'biologische waffen?',
  'nervengas',
  'nervenkampfstoff',
  'armi (?:chimiche|biologiche)',
  '沙林',
  '神经毒剂',
  '化学武器',
  '生物武器',
  '炭疽',
  '蓖麻毒素',
);

/** The kinds of bomb people build: a "nail bomb" is never a physics problem's. */
const BOMB_KIND = any('pipe', 'nail', 'car', 'fertili[sz]er', 'letter', 'suicide', 'homemade', 'improvised');
const IED = 'i\\.?e\\.?d\\.?s?';

const EXPLOSIVES_WEAPONS = any(
  // A bath bomb, a seed bomb or a glitter bomb is a shop's, a garden's or a prank's.
  `(?<!bath |seed |glitter )(?:${BOMB_KIND} )?bombs?`,
  'explosives?',
  'explosive devices?',
  IED,
  'molotov(?: cocktails?)?',
  'detonators?',
  'napalm',
  'tatp',
  'petn',
  'rdx',
  'semtex',
  'c-?4 explosive',
  'nitroglycerin',
  'ghost guns?',
  'untraceable (?:guns?|firearms?|weapons?)',
  '(?:3d[- ]printed )?(?:guns?|firearms?|rifles?|pistols?)',
  'silencers?',
  'suppressors?',
  'full[- ]auto(?:matic)? conversion',
  'grenades?',
  'granadas?',
  '(?:hand)?granaten?',
  'rohrbomben?',
  'landmines?',
  'bombas?',
  'explosivos?',
  'bombes?',
  'explosifs?',
  'sprengstoff',
  'bomben?',
  'esplosivi',
  '炸弹',
  '炸药',
  '枪支',
);

export const chemicalBiologicalWeapons: HarmRule = {
  id: 'chemical-biological-weapons',
  severity: 'HIGH',
  cue: /sugo|comida|plat|essen|food|drink|caffe|cafe|bebida|boisson|cibo|piatto|bicchiere|vaso|verre|glas|copo|sick|ill|taste|transmissible|contagious|virulent|passage|spore|smoothie|drink|coffee|juice|pilz|fungus|fungo|hongo|champignon|contaminat|cafeteria|canteen|food supply|water supply|食堂|饭菜|水源|paralys|paralyz|paraliz|lahm|stops? the|compound|substance|compuesto|sustancia|sarin|soman|tabun|vx|novichok|nerve|pathogen|virus|bacteri|toxin|mustard|phosgene|chlorine|ricin|abrin|anthra|botulin|smallpox|variola|pestis|weapon|poison gas|toxic gas|dirty bomb|radiological|nuclear|gain.of.function|transmissib|lethality|virulence|nervios|quimica|biologic|chimique|waffe|nervengas|nervenkampf|armi |沙林|神经毒剂|化学武器|生物武器|炭疽|蓖麻毒素|芥子气/,
  patterns: [
    re(`${B}(?:${HOW}|${MAKE})\\s+${gap(4)}${CHEM_BIO}${B}${NOT_A_DEPICTION}`),
    re(`${B}${CHEM_BIO}${B}\\s+${gap(2)}(?:to|i can|i could|one can|we can) (?:${MAKE})${B}`),
    re(
      `${B}${CHEM_BIO}\\s+${gap(2)}${any('synthesis', 'synthesi[sz]ed', 'production', 'produced', 'recipe', 'precursors?', 'reagents?', 'quantities', 'weaponi[sz]\\w+', 'dispers\\w+', 'aerosol\\w*', 'cultur\\w+', 'stockpil\\w+', 'delivery system', 'at home', 'in a (?:home )?lab', 'sintesis', 'synthese', '合成')}`,
    ),
    re(
      `${B}(?:gain[- ]of[- ]function|enhance\\w* (?:the )?(?:transmissibility|lethality|virulence)|increase (?:the )?(?:transmissibility|lethality|virulence) of (?:a |the )?(?:virus|pathogen|bacteri\\w+))`,
    ),
    re(
      `${B}(?:synthesis|sintesis|synthese|precursors?|precursores|cultur\\w+|production|produccion|fabrication)\\s+${gap(3)}${CHEM_BIO}${B}|${B}(?:make|making|render|engineer\\w*|modify\\w*) (?:a |the |this )?(?:pathogen|virus|bacteri\\w+|flu|toxin)\\w* (?:more|deadlier|extra) ?(?:transmissible|lethal|deadly|virulent|contagious|infectious)?`,
    ),
    re(
      `(?:如何|怎么|怎样|教我|步骤)[^。！？]{0,10}(?:制作|制造|合成|获得|购买|提炼|做)[^。！？]{0,10}(?:沙林|神经毒剂|化学武器|生物武器|炭疽|蓖麻毒素|芥子气)`,
    ),
    // A culture or a substance made to poison a place's food, or made for what it does to a body ("a compound that paralyses breathing").
    re(
      `${B}(?:contaminat|poison|spike|lace|taint|infect)\\w*\\s+${gap(4)}(?:the |a |our |my )?(?:cafeteria|canteen|dining hall|food supply|water supply|reservoir|school (?:lunch|food)|(?:someone|people|others|coworkers|colleagues|classmates)'?s? (?:food|drinks?|meals?|water))${B}|(?:混进|掺进|加进|投到|放进|下到)[^。！？]{0,8}(?:食堂|饭菜|水源|饮料|食物)|${B}(?:make|obtain|produce|synthesi[sz]e|brew|cook|get|grow|culture|cultivate|obten\\w*|obtendr\\w*|fabric\\w*|prepar\\w*|produ\\w*|herstell\\w*)${B}[^.!?]{0,60}?${B}(?:compound|substance|chemical|agent|toxin|gas|bacteri\\w*|compuesto|sustancia|composto|sostanza|stoff|verbindung)${B}[^.!?]{0,30}?${B}(?:that|which|que|qui|der|die|das|che) (?:paralys|paralyz|paraliz|lahm|stops? (?:the )?(?:breathing|heart)|kills?|mata|tue|totet|uccide)`,
    ),
    // A town made sick, a poison no one can taste, a germ made more transmissible, spores sent through the air, a toxin hidden in a drink, a blight on a region's harvest.
    re(
      `${B}make (?:everyone|everybody|people|the (?:whole )?(?:town|city|village|neighbou?rhood)|as many people as possible)\\b[^.!?]{0,25}?${B}(?:sick|ill)${B}|${B}(?:poison|toxin|substance)\\w* (?:that |which )?(?:nobody|no one|noone) (?:can|could|will|would) (?:taste|smell|notice|detect)${B}|${B}(?:make|making|engineer\\w*|modif\\w*)${B}[^.!?]{0,40}?${B}more (?:transmissible|contagious|lethal|deadly|virulent)${B}|${B}serial[- ]passage${B}|${B}spores?${B}[^.!?]{0,80}?${B}(?:ventilation|air (?:ducts?|conditioning|supply)|hvac|stadium|subway|float in (?:the )?air|airborne|aerosol\\w*|mill\\w*)${B}|${B}(?:into|in) (?:a |the |his |her |their |my \\w+'?s? )?(?:smoothie|drink|coffee|tea|juice|food|meal|soup)${B}[^.!?]{0,30}?${B}(?:still tastes?|tastes? (?:fine|normal)|without (?:noticing|tasting)|can'?t taste)${B}|(?:pilz|fungus|fungo|hongo|champignon)\\w*[^.!?]{0,80}?(?:(?:vernichte|destroy|destruy|detrui|distrugg)\\w*[^.!?]{0,40}?(?:ernte|harvest|crop|cosecha|recolte|raccolt|colheita)|(?:ernte|harvest|crop|cosecha|recolte|raccolt|colheita)\\w*[^.!?]{0,40}?(?:vernichte|destroy|destruy|detrui|distrugg))`,
    ),
    // A toxin put in someone's food or drink, in the product's languages.
    re(
      `(?<=(?:metter\\w*|poner\\w*|mettre|tun|colocar|put)${B}[^.!?]{0,25}?)${B}(?:nel|en el|en la|dans le|dans la|in den|in die|no|na|in) (?:sugo|comida|plat|essen|food|drink|caffe|cafe|bebida|boisson|cibo|piatto|bicchiere|vaso|verre|glas|copo)\\w* (?:di|de|of|von|d') ?(?:qualcuno|alguien|quelqu'un|jemandem|alguem|someone|lui|lei)${B}`,
    ),
  ],
  what: 'chemical, biological, radiological or nuclear weapons',
};

/** Devices no maths request names: a home-made or improvised bomb by its kind. */
const IMPROVISED_DEVICE = any(
  `(?:${BOMB_KIND}|pressure[- ]cooker|home-made) bombs?`,
  IED,
  'molotov cocktails?',
  'bombes? artisanales?',
  'bombas? case(?:ra|ira)s?',
  '(?:rohr|nagel)bomben?',
  'bombe? (?:artigianal[ei]|fatt[ae] in casa)',
  '(?:土制|自制)炸弹',
);

/** What goes into a device, asked in a few words: its parts, its contents. */
const WHAT_GOES_IN = any(
  'what goes in(?:to)?',
  'what do (?:you|i|we|they) put in(?:to)?',
  "what(?:'s| is) (?:in|inside)",
  'parts(?: list)?',
  'components',
  'materials',
  "qu'est-ce qu'on (?:met|mets) (?:dedans|dans)",
  "ce qu'il faut (?:mettre|dedans)",
  'que (?:lleva|leva|hay que poner|se pone)',
  'o que (?:vai|se poe) dentro',
  'was kommt (?:rein|hinein|in)',
  'was braucht man',
  'cosa (?:ci )?(?:va|metto|serve)',
  '需要什么(?:材料|东西)',
);

export const weaponsExplosives: HarmRule = {
  id: 'weapons-explosives',
  severity: 'HIGH',
  cue: /crowd|concert|stadium|parade|festival|audience|无人机|rohr|pipe|tubo|tuyau|cano|80|lower|receiver|detonat|airsoft|air gun|airgun|softair|starter|blank|incendi|brandflasche|charge|release|let go|drop|serial number|pressure cooker|fertili[sz]er|ammonium nitrate|arma|pistola|arme|waffe|自制|在家|bomb|explosi|i\.?e\.?d|molotov|detonat|napalm|tatp|petn|rdx|semtex|c-?4 |nitroglycerin|gun|firearm|rifle|pistol|silencer|suppressor|full[- ]?auto|fully automatic|automatic fire|select fire|grenade|landmine|sprengstoff|esplosiv|glock|ar-15|granad|granat|炸弹|炸药|枪支|燃烧瓶|雷管/,
  patterns: [
    re(`${B}${HOW}\\s+${gap(2)}${MAKE}\\s+${gap(3)}${EXPLOSIVES_WEAPONS}${B}${NOT_A_DEPICTION}`),
    re(
      `${B}${MAKE}\\s+(?:a |an |some |the |my own |homemade )?${EXPLOSIVES_WEAPONS}${B}${NOT_A_DEPICTION}(?:[^.!?]{0,60}${B}(?:at home|from scratch|household|ingredients|materials|parts|components|quantities|amounts|untraceable|without (?:a )?(?:licen[cs]e|serial number|background check)))`,
    ),
    re(`${B}${EXPLOSIVES_WEAPONS}${B}\\s+${gap(2)}(?:to|i can|i could|one can|we can) (?:${MAKE})${B}`),
    re(
      `${B}${EXPLOSIVES_WEAPONS} ${any('recipe', 'instructions', 'blueprints?', 'schematics?', 'ingredients', 'tutorial', 'assembly', 'construction')}${B}`,
    ),
    re(`(?:如何|怎么|怎样|教我|步骤)[^。！？]{0,10}(?:制作|制造|合成|获得|购买|提炼|做)[^。！？]{0,10}(?:炸弹|炸药|枪支|燃烧瓶|雷管)`),
    // A home-made bomb named with what goes into it, either way round: "nail bomb, what goes in it, keep it short".
    re(
      `${B}${IMPROVISED_DEVICE}${B}[^.!?]{0,40}?${B}${WHAT_GOES_IN}|${B}${WHAT_GOES_IN}\\s+(?:an? |the |une? |eine? |el |la |um |uma |un )?${IMPROVISED_DEVICE}${B}`,
    ),
    // "How to make" in one phrase ("como fabricar", "wie baue ich"), "mix to make", then the weapon.
    re(
      `${B}(?:${HOW}|mix\\w* to make|(?:ingredients?|ingredientes|proporciones|proportions|quantities|mengen) (?:\\w+ )?(?:para|for|pour|um|to) (?:hacer|make|fabriquer|bauen|fazer|build)|wie baue ich|wie mache ich)\\s*${gap(3)}${EXPLOSIVES_WEAPONS}${B}${NOT_A_DEPICTION}(?! calorimeter)`,
    ),
    // Turning a gun into an automatic one; setting off a bomb.
    re(
      `${B}(?:convert|converting|conversion|modify|modifying|turn|turning)\\w*\\s+${gap(4)}(?:to|into|so (?:it|that it) fires) (?:a )?(?:full[- ]?auto\\w*|fully automatic|automatic fire|select fire)${B}|${B}detonator (?:setup|wiring|circuit|design)${B}|${B}(?:untraceable|unregistered|ghost) ${gap(2)}(?:guns?|pistols?|rifles?|firearms?)${B}`,
    ),
    // A gun got around the checks or made so it cannot be traced; a container packed to go off; a bomb's charge sized.
    re(
      `${B}(?:guns?|firearms?|pistols?|rifles?|glock|arma(?: de fogo)?|pistola|arme|waffe)${B}[^.!?]{0,60}?${any('(?:with )?no (?:background check|serial number|paperwork|license)', 'without (?:a )?(?:background check|serial number|paperwork|license)', "(?:won'?t|will not|doesn'?t|does not) show up on (?:a )?metal detectors?", "(?:can(?:no|')?t|cannot|will not|won't) be traced", 'que nao seja rastreada', 'que no se pueda rastrear', 'sin numero de serie', 'sans numero de serie', 'ohne seriennummer', 'intracable', 'nicht ruckverfolgbar')}|${B}(?:fil(?:e|ing)|grind(?:ing)?|scratch(?:ing)?|remov(?:e|ing)) (?:off |down )?${gap(2)}serial numbers?${B}|${B}(?:pack|fill|stuff|load)\\w*\\s+${gap(3)}(?:into |in )?(?:a |the )?(?:pressure cooker|pipe|van|car|backpack|container)${B}[^.!?]{0,60}?(?:go off|explode|blow up|detonat\\w*|timer)|${B}(?:fertili[sz]er|ammonium nitrate)${B}[^.!?]{0,40}?${B}(?:fuel oil|diesel)${B}|(?:自制|在家做|在家制作)[^。！？]{0,4}(?:炸弹|炸药|枪支|手枪)`,
    ),
    // A charge made from fertiliser or at home; a payload released over one chosen house.
    re(
      `${B}fertili[sz]er${B}[^.!?]{0,40}?${B}(?:charge|bomb|blast|explosive|boom)|${B}(?:blast|explosive|demolition) charges?${B}[^.!?]{0,40}?${B}(?:homemade|garden|fertili[sz]er|at home|diy)${B}|${B}(?:homemade|diy|improvised) (?:blast|explosive|demolition) charges?${B}|${B}(?:drop|release|let go)\\w*${B}[^.!?]{0,60}?${B}(?:over|on|onto) (?:one |a |the |someone'?s |my neighbou?r'?s )?(?:specific|particular|certain|one) (?:house|home|car|person|crowd|building|yard)${B}`,
    ),
    // An unfinished receiver, a timer that sets off a detonator, a toy gun made real, an incendiary bottle.
    re(
      `${B}80 ?% (?:lower|receiver)s?${B}|${B}(?:timer|remote|circuit)\\w*${B}[^.!?]{0,30}?${B}(?:trigger\\w*|fir\\w*|set\\w* off)${B}[^.!?]{0,15}?${B}(?:a |the )?detonat\\w*|(?:transform\\w*|convert\\w*|convertir|umbauen|trasforma\\w*)${B}[^.!?]{0,40}?${B}(?:airsoft|air ?gun|arma de pressao|pistola de aire|softair|starter pistol|blank gun)${B}[^.!?]{0,40}?${B}(?:real|de verdade|de verdad|vraie|echte|vera|firearm|arma de fogo|arma de fuego|lethal)|${B}(?:bouteille incendiaire|botella incendiaria|garrafa incendiaria|brandflasche|bottiglia incendiaria|incendiary (?:bottle|device))${B}`,
    ),
    // Something dropped on a crowd from a drone; a pipe with two caps that bangs and throws splinters.
    re(
      `${B}(?:drop|release|let go)\\w*${B}[^.!?]{0,60}?${B}(?:over|on|onto) (?:the |a )?(?:crowd|concert|stadium|parade|festival|audience|people)${B}|(?:无人机)[^。！？]{0,20}(?:人群|人多)[^。！？]{0,10}(?:投放|投下|扔)|(?:rohr|pipe|tubo|tuyau|cano)\\w*${B}[^.!?]{0,40}?${B}(?:kappen|end ?caps|caps|tapas|bouchons|tampas|tappi)${B}[^.!?]{0,60}?(?:knall|bang|splitter|shrapnel|metralla|eclats|estilhac|schegge|explod|go off)`,
    ),
  ],
  what: 'making weapons or explosives',
};
