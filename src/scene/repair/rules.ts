import { clippedContent } from '../rules/clipped-content';
import { leftover } from '../rules/leftover';
import { lowContrast } from '../rules/low-contrast';
import { offScreen } from '../rules/off-screen';
import { overlap } from '../rules/overlap';
import type { SceneRule } from '../rules/rule';
import { unreadableText } from '../rules/unreadable-text';
import { clippedContentRepair } from './clipped-content';
import { leftoverRepair } from './leftover';
import { lowContrastRepair } from './low-contrast';
import { offScreenRepair } from './off-screen';
import { overlapRepair } from './overlap';
import type { RuleRepair } from './rule-repair';
import { unreadableTextRepair } from './unreadable-text';

/** Each layout rule's repair; a rule not here (clutter: too many texts at once) gets no computed edit. */
export const RULE_REPAIRS = new Map<SceneRule, RuleRepair>([
  [clippedContent, clippedContentRepair],
  [offScreen, offScreenRepair],
  [overlap, overlapRepair],
  [unreadableText, unreadableTextRepair],
  [lowContrast, lowContrastRepair],
  [leftover, leftoverRepair],
]);

/** The categories whose findings are repair targets. */
export const TARGET_CATEGORIES = new Set(['clipped_content', 'off_screen', 'overlap', 'unreadable_text', 'low_contrast', 'clutter']);
