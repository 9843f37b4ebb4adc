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

/** Every scene rule, in the order its findings are listed. docs/scene-inspection.md describes each. */
export const SCENE_RULE_SET: readonly SceneRule[] = [
  mathError,
  clippedContent,
  offScreen,
  overlap,
  unreadableText,
  lowContrast,
  clutter,
  leftover,
  readingTimeRule,
];
