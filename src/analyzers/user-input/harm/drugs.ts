/** Drugs: making, buying, cutting or selling them; the trade, not the pharmacology. */
import { any, B, gap, re } from '../regex-parts';
import { ANOTHERS_FOOD, type HarmRule, MAKE, NOT_A_DEPICTION } from './shared';

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

/** The street names: what a buyer or a user calls them (never a word maths also uses, so not "acid", "speed" or "crystal" alone). */
const STREET = any(
  "molly(?! (?:has|had|is|was|buys|bought|gets|got|scores?|scored|runs|ran|walks|and|or|'s)\\b)",
  'weed',
  'oxys?(?![a-z])',
  'percs?(?![a-z])',
  'xans',
  'shrooms',
  'tabs of acid',
  'acid tabs',
  'codeine(?: cough)?(?: syrup)?',
  'marihuana',
  'maconha',
  'hierba para fumar',
  'beuh',
  'koks',
  'kokain',
  'gras rauchen',
  '(?:grams?|ounces?|oz|eighths?|kilos?|bags?) of (?:blow|coke|snow|crystal|weed|molly)',
  'cristal(?= en| sin)',
  'speed(?=,? damit| strecken| verkauf)',
  'mdma',
  'lsd',
  'ketamin[ae]?',
  '大麻',
  '摇头丸',
  '可卡因',
  'k粉',
);
const ANY_DRUG = any(DRUGS, STREET);

// Pills crushed into another person's food or drink are a poisoning (violence.ts), not drug use.
const NOT_INTO_ANOTHERS = `(?![^.!?]{0,40}?${B}(?:in|into) ${ANOTHERS_FOOD}${B})`;

/** Getting high: the dose asked for is the one that intoxicates. */
const HIGH = any(
  'get(?:ting)? (?:really |so |as |more |very )?(?:high|stoned|wasted|fucked up|messed up|blasted)(?! (?:score|value|enough|concentration|level|point|er|est))',
  'trip(?:ping)? (?:hard|balls|harder)',
  'really trip',
  'make it hit harder',
  'heroic dose',
  'colocarme',
  'colocarte',
  'ponerme ciego',
  '(?:pour |bien )planer',
  'defonce',
  'high werden',
  'breit werden',
  'ficar (?:chapado|doidao|louco|muito louco)',
  'viagem mais forte',
  'trip le plus fort',
  '嗨',
);

export const drugs: HarmRule = {
  id: 'drugs',
  severity: 'HIGH',
  cue: new RegExp(
    `high|dealer|dealing|network|gram|courier|runner|mule|echantillon|sample|muestra|probe|amostra|campione|vision|psychedelic|psychoactive|trippy|hallucinogenic|acid|thc|crush|snort|plug|shoot up|test|quante|cuantas|combien|wie viele|quantas|how many|liquid ecstasy|liquid x|juice|${ANY_DRUG}|drug-? ?dealing|levamisole|drug test|pills|tabs|heroic dose|ephedrine|(?:exact|precise|real|actual|specific) (?:chemicals|quantities|temperatures|reagents|precursors)`,
  ),
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
    // Made from a precursor or pulled out of a plant; the real chemistry asked for around a story.
    re(
      `${B}(?:turn|convert|reduc|cook)\\w*\\s+${gap(3)}(?:pseudo)?ephedrine${B}|${B}(?:pseudo)?ephedrine${B}[^.!?]{0,40}?${B}(?:into|to make|para hacer|pour faire|zu)${B}|${B}(?:pull|extract|get|take|strip)\\w*\\s+${gap(2)}(?:thc|dmt|mescaline|psilocybin|morphine|codeine)\\s+(?:out of|from)${B}|${B}${ANY_DRUG}${B}[\\s\\S]{0,150}?${B}(?:exact|precise|real|actual|specific) (?:chemicals|quantities|temperatures|reagents|precursors)${B}|${B}(?:exact|precise|real|actual|specific) (?:chemicals|quantities|temperatures|reagents|precursors)${B}[\\s\\S]{0,150}?${B}${DRUGS}${B}`,
    ),
    // Getting them by their street names, where a dealer, a festival or no prescription says so.
    re(
      `${B}${any('score', 'cop', 'buy', 'order', 'get (?:hold of|my hands on|some)', 'consig\\w*', 'compr\\w*', 'achet\\w*', 'kaufen', 'bestell\\w*', 'bekomm\\w*', 'arranjar', '买到?')}\\s*${gap(4)}${STREET}${B}[^.!?？]{0,80}?${any('without', 'sin que', 'sans que', 'ohne dass', 'sem que', 'sem ser', '不被', 'online', 'darknet', 'dark ?web', 'festival', 'party', 'tonight', 'this weekend', 'a dealer', 'at school', 'prescription', "doctor'?s note", '网上')}|${B}(?:where|donde|ou|wo|onde)${B}[^.!?]{0,30}?${B}(?:can|do|could|puedo|peux|kann|posso|consigo|achete)${B}[^.!?]{0,30}?${STREET}${B}|${B}${STREET}${B} (?:bestellen|kaufen|besorgen)${B}|网上买到?${STREET}`,
    ),
    // The dose that gets one high, asked for as such or drawn as a curve.
    re(
      `${B}${any('how (?:much|many)', 'doses?', 'dosage', 'dosis', 'mg', 'milligrams?', 'miligramos', 'ml', 'amount', 'combien', 'cu[aá]nt[oa]s?', 'wie viel\\w*', 'quant[oa]s?', 'dose', 'tabs', '多少')}${B}(?=[^.!?？]{0,80}?${ANY_DRUG})[^.!?？]{0,100}?${HIGH}|${HIGH}[^.!?]{0,40}?${B}on ${gap(3)}${ANY_DRUG}${B}|(?:吃|用)多少[^。！？]{0,10}(?:才能)?嗨`,
    ),
    // Hiding them from a search, the border, the dogs, the police; cheating a drug test.
    re(
      `${B}${any('hide', 'hiding', 'stash\\w*', 'conceal\\w*', 'package', 'sneak', 'smuggl\\w*', 'mail', 'ship', 'planquer', 'cacher', 'esconder', 'versteck\\w*', 'schmuggel\\w*', '藏')}\\s*${gap(4)}(?:${ANY_DRUG}|pills|tabs)${B}|${B}${ANY_DRUG}${B}[^.!?]{0,60}?${any('past', 'through', 'by', 'from', 'pasar', 'passer', 'durch', 'passar', 'so (?:that )?', 'sans que', 'sin que', 'ohne dass', 'sem que')}\\s+(?:the |la |le |les |los |die |der |a |os )?${any('sniffer dogs?', 'drug dogs?', 'customs', 'border', 'frontiere', 'frontera', 'grenze', 'fronteira', 'douaniers?', 'aduana', 'zoll', 'alfandega', 'search', 'security check', 'police', 'cops')}|${B}pass (?:a |the |my )?(?:urine |hair |piss )?drug test${B}`,
    ),
    // Selling them: at school, to classmates, so as to sell.
    re(
      `${B}${any('sell\\w*', 'deal\\w*', 'moving', 'move', 'push\\w*', 'vend\\w*', 'verkauf\\w*', 'verticker\\w*', 'streck\\w*', '卖')}\\s*${gap(3)}${ANY_DRUG}${B}|${B}${ANY_DRUG}${B}[^.!?]{0,60}?${any('para (?:re)?vender\\w*', 'pour (?:la |le |les )?(?:re)?vendre', 'to sell', 'um (?:es |sie )?(?:weiter)?zu verkaufen')}|${B}step\\w* on ${gap(3)}${ANY_DRUG}${B}|${B}(?:moving|selling|dealing) pills${B}`,
    ),
    re(
      `(?:如何|怎么|怎样|教我|步骤)[^。！？]{0,10}(?:制作|制造|合成|获得|购买|提炼|做)[^。！？]{0,10}(?:冰毒|海洛因|芬太尼|可卡因|摇头丸)`,
    ),
    // GHB by its street names.
    re(`${B}(?:liquid ecstasy|liquid x|g-?juice)${B}`),
    // Drugs by what they do or how they are taken: a trippy compound extracted, THC maxed out to sell, pills crushed and snorted, a drug test cheated, how many pills in a night.
    re(
      `${B}(?:vision-inducing|psychedelic|psychoactive|trippy|hallucinogenic)${B}[^.!?]{0,40}?${B}(?:compound|alkaloid|substance|chemical)${B}|${B}acid[- ]base (?:extraction|procedure|tek)${B}|${B}(?:max(?:imi[sz]e)?\\w*) (?:out )?(?:the )?thc${B}|${B}thc per plant${B}|${B}(?:crush\\w*|snort\\w*|plug\\w*|shoot up)${B}[^.!?]{0,30}?${B}(?:meds|pills|tablets|adderall|ritalin|oxy\\w*|xanax|vyvanse)${B}${NOT_INTO_ANOTHERS}|${B}(?:meds|pills|tablets|adderall|ritalin)${B}[^.!?]{0,30}?${B}(?:crush|snort)\\w*${NOT_INTO_ANOTHERS}|${B}(?:test urinaire|test de depistage|drogentest|urintest|teste de urina|test antidroga|examen de orina|prueba de orina|urine test|drug test)${B}[^.!?]{0,100}?${B}(?:passe|pass|bestehen|passar|passare|pasar|cheat|beat|tricher|betrugen|enganar|fregare)${B}|(?<=${B}(?:mettre|put|add|poner|geben|colocar|mettere|tun)${B}[^.!?]{0,30}?${B}(?:dans|in|en|im|na|nel) (?:l'|the |la |el |die |a |o |il |my |mon |ma )?)(?:echantillon|sample|muestra|probe|amostra|campione)${B}|${B}(?:quante|cuantas|combien de|wie viele|quantas|how many)\\s+(?:pasticche|pastiglie|pastillas|pilules|pillen|comprimidos|pills|tabs|caps)${B}[^.!?]{0,40}?${B}(?:night|serata|noche|soiree|abend|noite|party|festa|fiesta|rave)`,
    ),
    // The strongest high asked for; a dealer network routed around the police.
    re(
      `${B}(?:strongest|best|biggest|max(?:imum)?|longest|most intense) high${B}|${B}(?:dealer|dealing|drug) networks?${B}|${B}per gram sold${B}|${B}(?:couriers?|runners?|mules?)${B}[^.!?]{0,40}?${B}(?:around|avoid\\w*|evad\\w*|past) (?:the )?police`,
    ),
  ],
  what: 'making or obtaining illegal drugs',
};
