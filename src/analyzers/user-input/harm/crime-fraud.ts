/** Crime and fraud: how to commit one, unnoticed or so that it passes a check. */
import { any, B, gap, re } from '../regex-parts';
import { type HarmRule, HOW, NOT_A_DEPICTION } from './shared';

const CRIMES = any(
  'launder(?:ing)? money',
  'money laundering',
  'counterfeit (?:money|currency|bills|notes|cash|coins)',
  "(?:fake|forged?) (?:passports?|ids?|id cards?|driver'?s licen[cs]es?|documents|signatures?|checks?|cheques?|diplomas?)",
  'forge (?:a |an )?(?:passport|id|signature|check|cheque|document)',
  'phishing (?:emails?|sites?|pages?|kits?|campaigns?|messages?|links?)',
  "steal (?:credit cards?|someone'?s identity|identities|money|a car|cars|data|passwords|bank details)",
  'credit card (?:fraud|skimm\\w*|dumps?)',
  'carding',
  'identity theft',
  'evade taxes',
  'tax evasion',
  'shoplift\\w*',
  'hot-?wire (?:a )?car',
  "break into (?:a |an |someone'?s |my neighbou?r'?s )?(?:house|home|car|apartment|building|account|email|phone)",
  'pick (?:a |the )?locks?',
  'ponzi scheme',
  'pyramid scheme',
  'insider trading',
  'scam (?:people|elderly|old people|someone|victims|customers)',
  'blackmail\\w*',
  'extort\\w*',
  'ransomware',
  'malware',
  'keyloggers?',
  'spyware',
  'trojans?',
  'computer virus(?:es)?',
  'botnets?',
  'ddos(?: attacks?)?',
  'zero-?day exploits?',
  'exploits? for',
  "hack (?:into )?(?:a |an |the |someone'?s |my (?:ex|neighbou?r)'?s? )?(?:account|email|phone|wifi|network|server|bank|website|government|database|computer|system|instagram|facebook)",
  'crack (?:a |the )?(?:passwords?|wifi|wi-fi|software|license)',
  'bypass (?:a |the )?(?:paywall|licen[cs]e check|drm|2fa|two-factor|antivirus|edr)',
  'sim swap\\w*',
  'card skimmers?',
  'embezzl\\w*',
  'bribe (?:a |an |the )?(?:official|judge|officer|politician)',
  'lavar dinero',
  'lavar dinheiro',
  "(?:d')?hameconnage",
  'stolen credit card(?: number)?s?',
  'falsific\\w* (?:un |um |una |uma )?(?:documento|pasaporte|passaporte|firma|assinatura|dni|rg)\\w*',
  'falsifier (?:un |une )?(?:document|passeport|signature|carte)\\w*',
  'steuern (?:zu )?hinterz\\w*',
  'rechnungen (?:zu )?falsch\\w*',
  'blanqueo de capitales',
  "blanchir (?:de )?l'argent",
  'geldwasche',
  'riciclare denaro',
  'lavagem de dinheiro',
  '洗钱',
  '诈骗',
);

/** Taking what is not one's own, getting in where one has no key, getting away from the police: the act, in the product's languages. */
const THEFT = any(
  '(?<!work[- ])steal(?:s|ing)? (?!(?:a |the |second |third |home )?bases?\\b)(?:from|a|an|some|stuff|things|money|it|them|his|her|their|someone|people|cars?|food|items|phones?|wallets?|bikes?|credit)',
  'shoplift\\w*',
  'walk out (?:of (?:a |the )?(?:store|shop|supermarket) )?with (?:stuff|things|items|it|them)',
  'rob (?:a |the |my |someone|people|banks?|stores?|houses?|him|her)',
  'burgle',
  'commit (?:a )?burglary',
  "(?:open|unlock|get into|get past|break)\\w* (?:into )?(?:my |a |the )?(?:neighbou?r'?s|someone'?s|a stranger'?s)(?: \\w+){0,2} (?:lock|door|car|house|home|flat|apartment)",
  "unlock\\w* (?:a |the )?(?:car|door|house)s? (?:that|which) (?:isn'?t|is not|aren'?t) (?:mine|my own|ours)",
  'disable (?:a |the )?(?:home |house |car |burglar |security )?alarm(?: system)?',
  'get past (?:a |the )?(?:deadbolt|lock|alarm|security guard)',
  'skim\\w* (?:credit |debit )?card',
  '(?:clone|clonar|cloner|klonen) (?:a |um |un |une |eine )?(?:credit |debit )?(?:card|cartao|tarjeta|carte|karte)',
  '(?:sell|return|fence|pawn|get rid of|move)\\w* (?:the |my |some )?stolen (?:goods|electronics|items|phones?|cars?|jewell?ery|stuff)',
  'make (?:my |the )?(?:dirty |drug )?(?:cash|money) look (?:like|clean|legit)',
  'pretend\\w* to be (?:their|his|her|a) (?:grandson|granddaughter|grandchild|bank|the bank|police officer)',
  'haciendome pasar por (?:el banco|la policia|su nieto)',
  'fake charity',
  'robar\\w*',
  'hurtar\\w*',
  'estafar\\w*',
  'voler (?:dans (?:un |une |le |la )?(?:magasin|supermarche|boutique|maison)|de l.argent|une? (?:voiture|portefeuille|telephone|sac))',
  'cambrioler',
  'arnaquer',
  'stehlen',
  'klauen',
  'in (?:ein |eine |das |die )?(?:haus|wohnung|auto|geschaft|laden)\\w* einbrechen',
  'einbrechen in',
  'aufbrechen',
  'kurzschliessen',
  'polizei\\w*[^.!?]{0,20}?(?:fluchten|fliehen|abhauen)',
  'roubar\\w*',
  'furtar\\w*',
  '偷',
  '抢劫',
);

/** Not a maths puzzle about thieves: the knapsack, the house robber, a game. */
const PUZZLE = any('knapsack', 'robber problem', 'adjacent houses', 'dynamic programming', 'puzzle', 'game theory', 'riddle', 'nash');
/** Placed after the act has matched (a guard at every start position would rescan the sentence from each). */
const NOT_A_PUZZLE = `(?<!${PUZZLE}[^.!?]{0,200})(?![^.!?]{0,200}${PUZZLE})`;

/** Words one of the acts needs. */
const THEFT_CUE =
  'steal|shoplift|walk out|rob |burgl|open|unlock|get into|get past|break|disable|skim|clon|stolen|look (?:like|clean|legit)|pretend|haciendome|charity|robar|hurtar|estafar|voler|cambrioler|arnaquer|stehlen|klauen|einbrechen|aufbrechen|kurzschliessen|polizei|roubar|furtar|chasing me|after me|following me|偷|抢劫';

/** Unnoticed: not caught, not seen on camera, no alarm; in the product's languages. */
const UNNOTICED = any(
  'without (?:(?:getting|being) (?:caught|seen|noticed|filmed|spotted|identified)|the (?:alarm|alarms|cameras?|owner|police|cops|guards?)\\b|a receipt|anyone (?:noticing|knowing|seeing))',
  "so (?:that )?(?:the )?(?:cops|police) (?:can(?:no|'|)t|won'?t|don'?t)",
  "when (?:they're|they are|he's|she's) (?:away|out|on holiday|on vacation)",
  'sin que (?:me )?(?:pillen|vean|descubran|note[n]?|salte)',
  'sans (?:me faire )?(?:reperer|prendre|attraper|voir)',
  'sans que (?:personne|la police|le proprietaire)',
  'ohne (?:erwischt|gesehen|entdeckt) zu werden',
  'ohne dass (?:es )?(?:jemand|die polizei|der besitzer)',
  'sem (?:ser |que )?(?:pego|visto|filmado|o dono perceber|ninguem)',
  '不被发现',
  '不被抓',
);

export const crimeFraud: HarmRule = {
  id: 'crime-fraud',
  severity: 'HIGH',
  cue: new RegExp(
    `bank|structur|dependents|expenses|deductions|receipts|invoices|tax office|irs|taxman|hmrc|tax authorit|fisco|hacienda|fisc|finanzamt|receita|money|cash|dinero|dinheiro|argent|geld|soldi|${CRIMES}|${THEFT_CUE}|caught|detected|traced|undetectable`,
  ),
  patterns: [
    re(
      `${B}${any(HOW, 'write', 'create', 'generate', 'draft', 'design', 'build', 'code', 'develop', 'make', 'set up', 'run', 'start', 'launch', 'deploy', 'spread', 'plan', 'commit', 'como', 'comment', 'wie man', 'come', 'escrib\\w*', 'ecri[st]', 'schreib\\w*', 'escrev\\w*', 'scrivi', '教我', '帮我')}\\s*${gap(3)}${CRIMES}${B}${NOT_A_DEPICTION}`,
    ),
    // A crime done so that it passes a check or goes unnoticed, or its proceeds used.
    re(
      `${B}${CRIMES}${B}[^.!?]{0,100}?${any('so (?:that )?i can (?:use|spend|sell|cash)', 'que passe na verifica\\w*', 'que pase (?:la )?verifica\\w*', 'damit (?:das finanzamt|die bank|die polizei) nichts merkt', 'sin que (?:me )?(?:descubra|note|detecte)', 'sans que (?:la banque|la police) ne', 'pass(?:es)? (?:the )?(?:bank|id|kyc) (?:check|verification)')}`,
    ),
    // The act itself, asked how to do or done unnoticed: stealing, breaking in, losing the police, cloning a card.
    re(
      `${B}${any(HOW, 'trick to', 'best way', 'easiest way', 'how', 'como', 'comment', 'wie', 'come', 'teach me', 'help me', 'give me a (?:script|plan)', 'dame un (?:guion|plan)', 'explain\\w*', 'explica\\w*', 'explique\\w*', 'erklar\\w*', '怎么', '如何', '教我')}${B}[^.!?？]{0,60}?${B}${THEFT}${NOT_A_PUZZLE}|${B}${THEFT}[^.!?？]{0,80}?${UNNOTICED}${NOT_A_PUZZLE}|${B}(?:police|cops) (?:are )?(?:chasing|after|following) me${B}[^.!?]{0,80}?${B}(?:lose|hide|escape|get away|shake)${B}`,
    ),
    re(`${B}${CRIMES}${B}[^.!?]{0,40}${B}without (?:getting caught|being (?:caught|detected|traced|noticed))`),
    re(
      `${B}(?:without (?:getting caught|being (?:caught|detected|traced) by (?:the )?(?:police|authorities|irs|bank))|undetectable (?:by|to) (?:the )?(?:police|antivirus|authorities))${B}`,
    ),
    // Income hidden from the tax office; cash kept back without it showing.
    re(
      `${B}(?:hid\\w*|keep\\w*|kept|hidden)\\s+${gap(4)}(?:income|cash|money|earnings|profits?)${B}[^.!?]{0,30}?${B}(?:from|away from) (?:the )?(?:tax office|irs|taxman|hmrc|tax authorit\\w*|fisco|hacienda|fisc|finanzamt|receita)${B}|${B}(?:quedarme|me quedo|quedo|keep|pocket|skim|take|embolsar|garder|behalten|ficar|tenermi)\\w*\\s+(?:con |avec |com )?(?:some |algo de |a bit of |un peu d'|etwas |um pouco de |un po' di )?(?:money|cash|dinero|dinheiro|argent|geld|soldi)${B}[^.!?]{0,60}?${B}(?:without|sin que|sans que|ohne dass|sem que|senza che)${B}`,
    ),
    // Cash deposits kept under the bank's report; dependents and expenses invented for a refund.
    re(
      `${B}(?:without|so|avoid\\w*)${B}[^.!?]{0,20}?${B}(?:the )?banks? (?:filing|files|file|reporting|reports?|flagging|flags?)${B}|${B}structur\\w* (?:deposits|cash|withdrawals)${B}|${B}(?:invent|fake|make up|fabricat)\\w*\\s+(?:\\w+\\s+){0,2}(?:dependents|expenses|deductions|receipts|invoices)${B}`,
    ),
  ],
  what: 'crime or fraud',
};
