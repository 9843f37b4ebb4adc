import type { LocalRequest } from '../analyzers/scoring';
import type { EvalKind, KindDefinition, Verdict } from '../kinds';
import type { SceneTimeline } from '../scene/inspection';

/** One eval run to judge: the kind, its input, its frames and (for kinds that use it) the whole-video signal. */
export interface JudgeRequest extends LocalRequest {
  definition: KindDefinition;
  signal: AbortSignal;
  /**
   * The pipeline run being judged: its id keys the endpoint's prompt cache, and
   * its secret (shared by the fleet through PostgreSQL, never logged or served)
   * draws the fences of every request of the run.
   */
  pipelineRun: { id: string; secret: string };
  /** The run's recorded scene, when its source was inspected (frame kinds only): the authority on layout. */
  scene?: SceneTimeline | null;
}

export interface Usage {
  /** Every prompt token, cached ones included. */
  promptTokens: number;
  /** Prompt tokens the endpoint served from its prompt cache (`prompt_tokens_details.cached_tokens`). */
  cachedTokens: number;
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
  /**
   * The endpoint caches the prompt prefix the requests of one run share (rules,
   * fenced frames): in per-kind mode the frame kinds after the first wait for it.
   */
  readonly cachesPromptPrefix?: boolean;
  modelFor(definition: KindDefinition): string;
  judge(request: JudgeRequest): Promise<Judgement>;
  /**
   * Combined mode: several frame kinds of one pipeline run (same frames, same
   * input) in as few requests as their models allow. Each kind gets its own
   * judgement, or the PermanentError that ends only that kind; a transport
   * failure of the shared request throws. Providers without it judge each kind.
   */
  judgeTogether?(requests: readonly JudgeRequest[]): Promise<Map<EvalKind, Judgement | Error>>;
}
