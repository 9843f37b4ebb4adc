import type { KindDefinition } from './kind';
import type { EvalKind } from '../domain/types';
import { designValidation } from './design-validation';
import { engagementRubric } from './engagement-rubric';
import { userInputSecurity } from './user-input-security';
import { visualRubric } from './visual-rubric';
import { visualValidation } from './visual-validation';

export const KINDS: Record<EvalKind, KindDefinition<unknown>> = {
  USER_INPUT_SECURITY: userInputSecurity,
  VISUAL_VALIDATION_JSON: visualValidation,
  DESIGN_VALIDATION_JSON: designValidation,
  VISUAL_RUBRIC_JSON: visualRubric,
  ENGAGEMENT_RUBRIC_JSON: engagementRubric,
};
export { EVAL_KINDS, type EvalKind } from '../domain/types';
export type { IssueDraft, IssueOrigin, IssueRegion, KindInput, Verdict } from '../domain/judgement';
export type { KindDefinition } from './kind';
