import type { Severity } from '../../domain/types';
import { clippedContent } from '../rules/clipped-content';
import { clutter } from '../rules/clutter';
import { leftover } from '../rules/leftover';
import { lowContrast } from '../rules/low-contrast';
import { offScreen } from '../rules/off-screen';
import { overlap } from '../rules/overlap';
import { readingTimeRule } from '../rules/reading-time';
import type { SceneRule } from '../rules/rule';
import { unreadableText } from '../rules/unreadable-text';
import { clippedContentRepair } from './clipped-content';
import { clutterRepair } from './clutter';
import { leftoverRepair } from './leftover';
import { lowContrastRepair } from './low-contrast';
import { offScreenRepair } from './off-screen';
import { overlapRepair } from './overlap';
import { readingTimeRepair } from './reading-time';
import type { RuleRepair } from './rule-repair';
import { unreadableTextRepair } from './unreadable-text';

/** Each scene rule's repair; a rule not here (a wrong formula) gets no computed edit. */
export const RULE_REPAIRS = new Map<SceneRule, RuleRepair>([
  [clippedContent, clippedContentRepair],
  [offScreen, offScreenRepair],
  [overlap, overlapRepair],
  [unreadableText, unreadableTextRepair],
  [lowContrast, lowContrastRepair],
  [clutter, clutterRepair],
  [leftover, leftoverRepair],
  [readingTimeRule, readingTimeRepair],
]);

/** The categories whose findings are repair targets. */
export const TARGET_CATEGORIES = new Set([
  'clipped_content',
  'off_screen',
  'overlap',
  'unreadable_text',
  'low_contrast',
  'clutter',
  'pacing',
]);

/**
 * What a pipeline run repairs: every layout finding of the scene, once one of
 * them fails its kind (MEDIUM or HIGH). LOW findings alone are advice a passing
 * scene may carry (a derivation scrolling out through the top): patching them
 * would change a scene nothing is wrong with. `repairScene` itself repairs
 * whatever it finds; this decides whether a run asks it to.
 */
export function repairTargets<T>(findings: readonly T[], of: (f: T) => { category: string; severity: Severity }): T[] {
  const targets = findings.filter((f) => TARGET_CATEGORIES.has(of(f).category));
  return targets.some((f) => of(f).severity !== 'LOW') ? targets : [];
}
