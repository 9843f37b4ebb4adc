/** Harassment of one person: threats, insults by full name, a life made hell. */
import { any, B, gap, re } from '../regex-parts';
import type { HarmRule } from './shared';

export const harassment: HarmRule = {
  id: 'harassment',
  severity: 'HIGH',
  cue: /meme|video|clip|post|burl|moqu|mocking|making fun|lustig|zombando|prendendo|escalat|pressur|threaten|intimidat|scary|scare|menac|amenaz|droh|ameac|minacc|einschuchter|bedroh|terrori|fake|dummy|sock|burner|perfis|cuentas falsas|faux comptes|nudes|naked|intimate|sex tape|life|until (?:she|he|they)|恐吓|威胁|harass|harcel|acos|belastig|assedi|bully|threat|menace|amenaz|drohung|minacc|ameac|life hell|miserable|insult|beleidig|lacherlich|ridicul|humiliat|mock|侮辱|嘲笑|骚扰/,
  patterns: [
    // A campaign against one person: harassed, threatened, insulted by name, their life made hell.
    re(
      `${B}(?:harass|harceler|harcele|acosar|acosa|belastig|assediar|assediare|bully|cyberbully)\\w*\\s+${gap(3)}(?:my|a|an|the|this|her|him|them|une?|mi|mon|ma|meine?n?|o|a|il|la)${B}|${B}(?:as|like) a (?:threat|warning) to (?:her|him|them)|${B}(?:to send|send (?:it )?to) (?:her|him|them|my ex)[^.!?]{0,20}?as a threat|${B}make (?:his|her|their|my [a-z]+'?s) life (?:hell|miserable|a living hell)`,
    ),
    re(
      `${B}(?:insult|beleidig|lacherlich|ridicul|humiliat|mock|moqu|burl|zombar|prendere in giro)\\w*[^.!?]{0,100}?${any('full name', 'vollen namen', 'nom complet', 'nombre completo', 'nome completo', 'real name', 'his name', 'her name')}|${any('full name', 'vollen namen', 'nom complet', 'nombre completo', 'nome completo')}[^.!?]{0,60}?(?:insult|beleidig|lacherlich|ridicul|humiliat|mock)|(?:侮辱|嘲笑)[^。！？]{0,40}(?:名字|照片)|(?:名字|照片)[^。！？]{0,40}(?:侮辱|嘲笑)`,
    ),
    // A message written to frighten one person; accounts made to flood them; their intimate pictures spread.
    re(
      `${B}(?:threatening|intimidating|scary|menacing|amenazante|amenazador|menacant|drohende?n?|ameacadora?|minaccios[oa])\\s+(?:message|note|letter|text|email|dm|mensaje|nota|lettre|nachricht|brief|mensagem|messaggio)|${B}(?:message|note|letter|text|texts|email|mensaje|mensajes|lettre|nachricht\\w*|mensagem|mensagens|messaggio|messages)${B}[^.!?]{0,60}?${any('(?:make|makes) (?:him|her|them|my \\w+) (?:scared|afraid|terrified)', 'scared to (?:leave|go out)', "knows? (?:i'?m|i am) watching", 'pour (?:le |la |les )?menacer', 'faire peur', 'para (?:acosar|amenazar|asustar|intimidar|ameacar)', 'einschuchter\\w*', 'bedroh\\w*', 'einzuschuchtern', 'mit denen ich (?:\\w+ ){0,3}einschuchtern')}|${B}(?:threaten|intimidate|terrori[sz]e|scare|menacer|amenazar|ameacar|einschuchtern|bedrohen|minacciare)\\w*\\s+${gap(2)}(?:my|mon|ma|mi|meine\\w*|minha|meu|a mi|la|le|her|him|them)${B}\\s*(?:ex|voisin\\w*|vecin\\w*|nachbar\\w*|vizinh\\w*|neighbou?r|coworker|colleague|classmate|companer\\w*|collegue|kolleg\\w*|colega|boss|teacher)?|(?:恐吓|威胁)[^。！？]{0,6}(?:前女友|前男友|邻居|同事|他|她)`,
    ),
    re(
      `${B}(?:fake|dummy|sock ?puppet|burner)\\s+accounts?${B}[^.!?]{0,80}?(?:flood|spam|harass|humiliate|attack|hate comments|insult|bully|until (?:she|he|they))|${B}(?:perfis falsos|cuentas falsas|faux comptes|fake-?profile)${B}[^.!?]{0,60}?(?:humilhar|acosar|harceler|humiliate|insultar|beleidigen|fertig ?machen)|${B}(?:post|share|leak|upload|publish|spread|send)\\w*\\s+${gap(3)}(?:nudes|naked (?:photos|pictures|pics)|intimate (?:photos|pictures|images|videos)|sex tape)${B}|${B}make (?:[a-z']+ ){0,2}life (?:hell|miserable|a living hell)${B}|${B}until (?:she|he|they) (?:quits|resigns|leaves|kills)${B}`,
    ),
    // Pressure escalated on a person until they break, give up or leave.
    re(
      `${B}(?:escalat|harass|torment|terrori[sz]|intimidat|pressur)\\w*${B}[^.!?]{0,80}?${B}(?:until|till|untill) (?:he|she|they|him|her|them) (?:breaks?|cracks?|snaps?|gives? up|moves? out|quits?|leaves?)${B}`,
    ),
    // A meme of a named neighbour's body; a colleague's disability mocked.
    re(
      `${B}(?:meme|video|clip|post)\\w*${B}[^.!?]{0,30}?${B}of my (?:fat|ugly|weird|stupid|disabled) (?:neighbou?r|coworker|colleague|classmate|ex|boss|teacher|sister|brother)${B}|${B}(?:burlandote|burlarse|se moquant|se moquer|mocking|making fun|lustig machen|zombando|prendendo in giro)\\w*\\s+(?:de |of |du |della |da |uber )?(?:la |the |his |her |sa |seine |a |die )?(?:discapacidad|disability|handicap|behinderung|deficiencia|disabilita|weight|peso|poids|gewicht)${B}`,
    ),
  ],
  what: 'harassing or threatening a person',
};
