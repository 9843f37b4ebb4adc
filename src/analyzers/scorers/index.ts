import type { EvalKind } from '../../domain/types';
import type { KindDefinition, KindInput, Verdict } from '../../kinds';
import type { FrameManifest, LoadedFrame, VideoSignal } from '../../media/manifest';
import { analysisContext } from '../context';
import { scoreDesignValidation } from './design-validation';
import { scoreEngagementRubric } from './engagement-rubric';
import type { LocalScorer } from './scorer';
import { scoreUserInputSecurity } from './user-input-security';
import { scoreVisualRubric } from './visual-rubric';
import { scoreVisualValidation } from './visual-validation';

/** Bumped whenever an analyzer's rules or thresholds change, so stored results say which rules made them. */
export const LOCAL_MODEL = 'local-analyzers/v6';

/** Each kind's local scorer, beside the analyzers it uses. */
export const LOCAL_SCORERS: Record<EvalKind, LocalScorer> = {
  USER_INPUT_SECURITY: scoreUserInputSecurity,
  VISUAL_VALIDATION_JSON: scoreVisualValidation,
  DESIGN_VALIDATION_JSON: scoreDesignValidation,
  VISUAL_RUBRIC_JSON: scoreVisualRubric,
  ENGAGEMENT_RUBRIC_JSON: scoreEngagementRubric,
};

export interface LocalRequest {
  definition: KindDefinition;
  input: KindInput;
  /** The run's frames in index order; empty for kinds that do not use frames. */
  frames: readonly LoadedFrame[];
  manifest: FrameManifest | null;
  videoSignal?: VideoSignal | null;
}

/**
 * The local verdict of one eval kind: its scorer over the sampled frames
 * (measured once per worker), the whole-video signal and the input, with no
 * network. The local judge's whole work, and what other judges merge in.
 */
export async function localVerdict(request: LocalRequest): Promise<Verdict> {
  const ctx = await analysisContext(request.frames, request.videoSignal ?? null, request.manifest);
  return LOCAL_SCORERS[request.definition.kind]({ input: request.input, ctx }, request.definition.maxScore);
}
