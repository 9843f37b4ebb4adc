import { clippedContent } from './clipped-content';
import { clutter } from './clutter';
import { leftover } from './leftover';
import { lowContrast } from './low-contrast';
import { mathError } from './math-error';
import { offScreen } from './off-screen';
import { overlap } from './overlap';
import { readingTimeRule } from './reading-time';
import type { SceneRule } from './rule';
import { unreadableText } from './unreadable-text';

export type { SceneRule } from './rule';

/**
 * Every scene rule by name, in the order its findings are listed. docs/scene-inspection.md describes
 * each; the names key each rule's repair (`RULE_REPAIRS` in `repair/rules.ts`).
 */
export const NAMED_SCENE_RULES = {
  mathError,
  clippedContent,
  offScreen,
  overlap,
  unreadableText,
  lowContrast,
  clutter,
  leftover,
  readingTime: readingTimeRule,
} satisfies Record<string, SceneRule>;

export type SceneRuleName = keyof typeof NAMED_SCENE_RULES;

export const SCENE_RULE_SET: readonly SceneRule[] = Object.values(NAMED_SCENE_RULES);
