/** Harassment of one person: threats, insults by full name, a life made hell. */
import { any, B, gap, re } from '../regex-parts';
import type { HarmRule } from './shared';

export const harassment: HarmRule = {
  id: 'harassment',
  severity: 'HIGH',
  cue: /harass|harcel|acos|belastig|assedi|bully|threat|menace|amenaz|drohung|minacc|ameac|life hell|miserable|insult|beleidig|lacherlich|ridicul|humiliat|mock|侮辱|嘲笑|骚扰/,
  patterns: [
    // A campaign against one person: harassed, threatened, insulted by name, their life made hell.
    re(
      `${B}(?:harass|harceler|harcele|acosar|acosa|belastig|assediar|assediare|bully|cyberbully)\\w*\\s+${gap(3)}(?:my|a|an|the|this|her|him|them|une?|mi|mon|ma|meine?n?|o|a|il|la)${B}|${B}(?:as|like) a (?:threat|warning) to (?:her|him|them)|${B}(?:to send|send (?:it )?to) (?:her|him|them|my ex)[^.!?]{0,20}?as a threat|${B}make (?:his|her|their|my [a-z]+'?s) life (?:hell|miserable|a living hell)`,
    ),
    re(
      `${B}(?:insult|beleidig|lacherlich|ridicul|humiliat|mock|moqu|burl|zombar|prendere in giro)\\w*[^.!?]{0,100}?${any('full name', 'vollen namen', 'nom complet', 'nombre completo', 'nome completo', 'real name', 'his name', 'her name')}|${any('full name', 'vollen namen', 'nom complet', 'nombre completo', 'nome completo')}[^.!?]{0,60}?(?:insult|beleidig|lacherlich|ridicul|humiliat|mock)|(?:侮辱|嘲笑)[^。！？]{0,40}(?:名字|照片)|(?:名字|照片)[^。！？]{0,40}(?:侮辱|嘲笑)`,
    ),
  ],
  what: 'harassing or threatening a person',
};
