import type { LocalRequest } from '../analyzers/scorers';
import type { KindDefinition, Verdict } from '../kinds';

/** One eval run to judge: the kind, its input, its frames and (for kinds that use it) the whole-video signal. */
export interface JudgeRequest extends LocalRequest {
  signal: AbortSignal;
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
  modelFor(definition: KindDefinition): string;
  judge(request: JudgeRequest): Promise<Judgement>;
}
