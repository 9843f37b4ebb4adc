import type { HarmRule } from './harm/shared';
import { chemicalBiologicalWeapons, weaponsExplosives } from './harm/weapons';
import { violence, graphicViolence } from './harm/violence';
import { selfHarm } from './harm/self-harm';
import { hate } from './harm/hate';
import { sexualMinors } from './harm/sexual-minors';
import { crimeFraud } from './harm/crime-fraud';
import { cyberAttack } from './harm/cyber-attack';
import { misinformation } from './harm/misinformation';
import { drugs } from './harm/drugs';
import { doxxing } from './harm/doxxing';
import { harassment } from './harm/harassment';

/** Every harm family's rules, in the order their findings are reported. */
export const HARM_RULES: readonly HarmRule[] = [
  chemicalBiologicalWeapons,
  weaponsExplosives,
  violence,
  graphicViolence,
  selfHarm,
  hate,
  sexualMinors,
  crimeFraud,
  cyberAttack,
  misinformation,
  drugs,
  doxxing,
  harassment,
];
