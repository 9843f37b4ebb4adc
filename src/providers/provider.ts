import type { KindDefinition, KindInput, Verdict } from '../kinds';
import type { FrameManifest, FrameRef, VideoSignal } from '../media/manifest';

export interface LoadedFrame extends FrameRef {
  jpeg: Buffer;
}

export interface JudgeRequest {
  definition: KindDefinition;
  input: KindInput;
  /** The run's frames in index order; empty for kinds that do not use frames. */
  frames: LoadedFrame[];
  manifest: FrameManifest | null;
  signal: AbortSignal;
  /** Whole-video luma, motion and scene changes, for providers that set needsVideoSignal (null when not measured). */
  videoSignal?: VideoSignal | null;
}

export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Estimated from the images sent (chat completions fold image tokens into promptTokens). */
  imageTokens: number;
  /** Null when the model has no price in the table. */
  costUsd: number | null;
}

export interface Judgement {
  provider: string;
  model: string;
  verdict: Verdict;
  usage?: Usage;
}

/** Scores one eval run. Throws PermanentError / RetryableError from src/errors. */
export interface JudgeProvider {
  readonly name: string;
  /** Extraction decodes every frame for the VideoSignal only when the provider needs it. */
  readonly needsVideoSignal?: boolean;
  modelFor(definition: KindDefinition): string;
  judge(request: JudgeRequest): Promise<Judgement>;
}
