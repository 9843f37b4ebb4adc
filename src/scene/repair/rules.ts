import type { Severity } from '../../domain/types';
import { NAMED_SCENE_RULES, type SceneRule, type SceneRuleName } from '../rules';
import { clippedContentRepair } from './clipped-content';
import { clutterRepair } from './clutter';
import { leftoverRepair } from './leftover';
import { lowContrastRepair } from './low-contrast';
import { offScreenRepair } from './off-screen';
import { overlapRepair } from './overlap';
import { readingTimeRepair } from './reading-time';
import type { RuleRepair } from './rule-repair';
import { unreadableTextRepair } from './unreadable-text';

/**
 * Each scene rule's repair, by the rule's name in `NAMED_SCENE_RULES`: a rule added without its entry,
 * or a misspelled one, does not compile. null: no edit is computed for its findings (a wrong formula is
 * the author's mathematics, not layout).
 */
export const REPAIRS: Record<SceneRuleName, RuleRepair | null> = {
  mathError: null,
  clippedContent: clippedContentRepair,
  offScreen: offScreenRepair,
  overlap: overlapRepair,
  unreadableText: unreadableTextRepair,
  lowContrast: lowContrastRepair,
  clutter: clutterRepair,
  leftover: leftoverRepair,
  readingTime: readingTimeRepair,
};

/** The repair of each rule that has one. */
export const RULE_REPAIRS: ReadonlyMap<SceneRule, RuleRepair> = new Map(
  Object.entries(NAMED_SCENE_RULES).flatMap(([name, rule]) => {
    const repair = REPAIRS[name as SceneRuleName];
    return repair ? [[rule, repair] as const] : [];
  }),
);

/** The categories whose findings are repair targets: those of the rules with a repair. */
export const TARGET_CATEGORIES: ReadonlySet<string> = new Set([...RULE_REPAIRS.keys()].map((rule) => rule.category));

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
