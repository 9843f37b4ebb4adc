/** Doxxing: finding or publishing where a person lives or works, their number, tracking them unknown to them. */
import { any, B, gap, re } from '../regex-parts';
import type { HarmRule } from './shared';

export const doxxing: HarmRule = {
  id: 'doxxing',
  severity: 'HIGH',
  cue: /reconstruct|work out|figure out|find|deduce|pinpoint|locate|triangulat|pinpoint|locat|find|work out|figure out|get|look up|trouve|encuentra|finde|encontre|trova|compile|gather|collect|dig up|pull together|spy|espi|espion|stalkerware|tracker|rastrea|seguir|vigiar|suivre|pister|verfolgen|uberwach|orten|without (?:her|him|them|my)|sem (?:ele|ela)|sin que|sans qu|ohne dass|偷偷|meine ex|mon ex|mi ex|minha ex|meu ex|address|adress|telefon|direccion|domicilio|endereco|numero de|phone number|cell number|social security|ssn|lives?\b|location|daily routine|license plate|workplace|dox|stalk|track down|spy on|works|mora|vive|habite|wohnt|abita|horario|direccion|anonymous|show up|住在|住址|street|school|colegio|escuela|ecole|schule|escola|scuola|calle|strasse|rua|dig up|dossier|dirt|compile|gather/,
  patterns: [
    re(
      `${B}${any('find', 'get', 'look up', 'track', 'locate', 'reveals?', 'publish\\w*', 'post', 'leak', 'share', 'give me', 'what is', 'finde\\w*', 'encuentra\\w*', 'trouve\\w*', 'descobr\\w*', 'trova\\w*', 'publica\\w*', 'publie\\w*')}\\s+${gap(4)}${any('home address', 'personal address', 'private address', 'current address', 'phone number', 'wohnadresse', 'privatadresse', 'telefonnummer', 'handynummer', 'domicilio', 'direccion (?:de casa|particular|personal)', 'adresse (?:personnelle|du domicile|privee)', 'numero de (?:telefono|telephone|celular|portable)', 'endereco (?:residencial|de casa)', 'cell number', 'social security number', 'ssn', 'where (?:he|she|they) lives?', 'current location', 'daily routine', 'license plate', 'workplace')}${B}[^.!?]{0,30}${B}(?:of|for)?${B}`,
    ),
    re(
      `${B}dox+(?:x)?(?:ing|ed)?${B}|${B}(?:stalk|track down|spy on)\\s+${gap(2)}${any('someone', 'somebody', 'a person', 'my ex', 'her', 'him', 'them', 'a (?:woman|girl|man|journalist|streamer|celebrity)')}${B}`,
    ),
    // Where a person lives or works, found for the asker, in the product's languages.
    re(
      `${B}(?:find|figure|work|look|track|locate|descobr|averigu|encontr|trouv|herausfind|scopr|sab)\\w*[^.!?]{0,80}?${any('where (?:[^\\s.!?]+ ){1,6}?(?:lives?|works?|sleeps?|is staying)', 'em que (?:apartamento|casa|rua) (?:ele |ela )?mora', '(?:donde|onde) (?:vive|mora)', 'ou (?:elle|il) (?:habite|vit|travaille)', 'wo (?:sie|er) wohnt', 'dove (?:abita|vive)')}|${B}(?:horario|direccion|adresse|adresse|indirizzo|endereco)${B}[^.!?]{0,40}?(?:de mi ex|de mon ex|meiner ex|do meu ex|della mia ex)|(?:找到|查)[^。！？]{0,20}(?:住在哪|住址)`,
    ),
    re(
      `${B}(?:track|trace|follow|monitor|read|spy on|check|put a (?:gps )?tracker on|install\\w* (?:a |an )?(?:tracker|tracking app|spy app|spyware|stalkerware) on)\\w*\\s+${gap(3)}(?:phone|location|messages|texts|chats|emails?|car|whereabouts|ex|girlfriend|boyfriend|wife|husband|partner)\\w*[^.!?]{0,60}?without (?:her|him|them|my \\w+) (?:knowing|noticing|finding out)|${B}(?:follow|track|watch)\\w* (?:my |her |his )?(?:ex|girlfriend|boyfriend|wife|husband|partner|crush)${B}[^.!?]{0,30}?without (?:her|him|them) (?:knowing|noticing)|${B}real (?:identity|name) (?:behind|of) (?:an |the |this |that )?anonymous|${B}show up at (?:their|his|her) (?:house|home|door|work|place)${B}`,
    ),
    // Which street, school or building a person lives in, studies or works at; a file gathered on a person.
    re(
      `${B}(?:which|what|en que|quel(?:le)?|in welche[rm]?|em que|in quale)${B} ${any('street', 'school', 'house', 'building', 'apartment', 'gym', 'office', 'neighbou?rhood', 'colegio', 'escuela', 'calle', 'casa', 'barrio', 'ecole', 'rue', 'quartier', 'maison', 'schule', 'strasse', 'wohnung', 'escola', 'rua', 'bairro', 'scuola', 'via')}${B}[^.!?]{0,60}?${B}(?:lives?|lived|stud(?:y|ies)|attends?|go(?:es)? to|works?|trains?|estudian?|viven?|trabajan?|vont|habite\\w*|travaille\\w*|wohn\\w*|arbeite\\w*|geh\\w*|estudam?|moram?|trabalham?|abita\\w*|studia\\w*)${B}|${B}(?:dig up|compile|gather|collect|pull up|find)\\s+${gap(2)}(?:everything|all (?:the )?(?:info\\w*|details)|dirt|a (?:file|dossier|profile))\\s+${gap(2)}(?:on|about)\\s+(?:my|this|that|her|him|them)${B}\\s*${any('coworkers?', 'colleagues?', 'neighbou?rs?', 'ex', 'boss', 'landlord', 'teacher', 'classmates?', 'girl', 'guy', 'woman', 'man', 'person', 'journalist', 'streamer', '')}${B}`,
    ),
    // Spying on a partner or an ex: a spy app, a tracker, their messages read, unknown to them; in the product's languages.
    re(
      `${B}(?:logiciel espion|spyware|stalkerware|spy app|app espia|aplicacion espia|spionage-?app|spy-?software|aplicativo espiao)${B}[^.!?]{0,40}?${B}(?:telephone|phone|celular|movil|handy|telemovel)|${B}(?:rastrear|seguir|vigiar|espiar|rastrea\\w*|suivre|pister|espionner|verfolgen|uberwachen|orten)\\w*\\s+${gap(3)}(?:celular|telefone|movil|telephone|handy|ex|exnovia|exnovio|namorad[ao]|novia|novio|copine|copain|femme|mari|freundin|freund|frau|mann)${B}[^.!?]{0,40}?${any('sem (?:ele|ela) saber', 'sin que (?:se de cuenta|lo sepa|sepa)', 'sans qu.(?:il|elle) (?:le sache|s.en rende compte)', 'ohne dass (?:sie|er) es (?:merkt|weiss)')}|偷偷(?:查看|看|监视|定位)[^。！？]{0,10}(?:老婆|老公|女朋友|男朋友|前任|妻子|丈夫)|(?:wo|ou|donde|onde)${B}[^.!?]{0,20}?(?:meine ex|mon ex|mi ex|minha ex|meu ex)${B}[^.!?]{0,20}?(?:wohnt|habite|vive|mora)`,
    ),
    // Everything gathered on one person known by their role (the juror, the witness, my landlord).
    re(
      `${B}(?:compile|gather|collect|dig up|find|pull together)\\w*\\s+(?:everything|all|whatever|anything)(?: (?:you|i) can)?(?: find)? (?:on|about) (?:the|my|this|that|a) (?:juror|judge|witness|prosecutor|cop|officer|journalist|reporter|teacher|neighbou?r|ex|coworker|boss|landlord|streamer|girl|guy|woman|man|kid)${B}`,
    ),
    // Her home address or new number worked out; an address found, in the other languages.
    re(
      `${B}(?:triangulat|pinpoint|locat|find|work out|figure out|get|look up)\\w*\\s+(?:[^\\s.!?]+\\s+){0,6}?(?:her|his|their|the streamer'?s|my ex'?s)\\s+(?:home |real |new |private )?(?:address|location|house|apartment|number|phone)${B}|${B}(?:trouve|encuentra|finde|encontre|trova)\\w*[^.!?]{0,20}?(?:l'adresse|la direccion|die adresse|o endereco|l'indirizzo)${B}`,
    ),
    // The street where she lives, worked out.
    re(
      `${B}(?:reconstruct|work out|figure out|find|deduce|pinpoint|locate)\\w*\\s+(?:the )?(?:street|house|building|address|neighbou?rhood|city|school|office) (?:she|he|they) (?:lives?|works?|stays?|goes to) (?:on|in|at)?`,
    ),
  ],
  what: 'personal information about someone (doxxing)',
};
