import type { KindDefinition } from './kind';
import type { EvalKind } from '../domain/types';
import { designValidation } from './design-validation';
import { engagementRubric } from './engagement-rubric';
import { userInputSecurity } from './user-input-security';
import { visualRubric } from './visual-rubric';
import { visualValidation } from './visual-validation';

/** Each kind's definition under its own name: a kind missing, or filed under another kind's name, does not compile. */
const DEFINITIONS = {
  USER_INPUT_SECURITY: userInputSecurity,
  VISUAL_VALIDATION_JSON: visualValidation,
  DESIGN_VALIDATION_JSON: designValidation,
  VISUAL_RUBRIC_JSON: visualRubric,
  ENGAGEMENT_RUBRIC_JSON: engagementRubric,
} satisfies { [K in EvalKind]: KindDefinition<unknown> & { kind: K } };

export const KINDS: Record<EvalKind, KindDefinition<unknown>> = DEFINITIONS;

/**
 * The issue categories of a kind, as a literal union: what a scene rule of that kind may report. (A kind
 * not yet registered has none, so the compiler's one complaint is the missing entry above.)
 */
export type KindCategory<K extends EvalKind = EvalKind> = K extends keyof typeof DEFINITIONS
  ? (typeof DEFINITIONS)[K]['categories'][number]
  : never;

export { EVAL_KINDS, type EvalKind } from '../domain/types';
export type { IssueDraft, IssueOrigin, IssueRegion, KindInput, Verdict } from '../domain/judgement';
export type { KindDefinition } from './kind';
