import { metrics } from '../metrics';
import type { JudgeProvider, JudgeRequest, Judgement } from './provider';

/** A counting semaphore: at most `limit` holders at a time, first come first served. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.free = limit;
  }

  async acquire(signal: AbortSignal): Promise<void> {
    if (this.free > 0) {
      this.free--;
      return;
    }
    signal.throwIfAborted();
    metrics.judgeCallsWaiting.inc();
    try {
      await new Promise<void>((resolve, reject) => {
        const grant = () => {
          signal.removeEventListener('abort', abort);
          resolve();
        };
        const abort = () => {
          this.waiting.splice(this.waiting.indexOf(grant), 1);
          reject(signal.reason);
        };
        this.waiting.push(grant);
        signal.addEventListener('abort', abort, { once: true });
      });
    } finally {
      metrics.judgeCallsWaiting.dec();
    }
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

function recordJudgement(kind: string, judgement: Judgement, seconds: number): void {
  metrics.judgeLatency.observe({ kind, model: judgement.model, outcome: 'ok' }, seconds);
  if (!judgement.usage) return;
  const { promptTokens, cachedTokens, completionTokens, imageTokens, costUsd } = judgement.usage;
  metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'prompt' }, promptTokens);
  metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'cached' }, cachedTokens);
  metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'completion' }, completionTokens);
  metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'image' }, imageTokens);
  // A model missing from the price table has no cost estimate; count nothing rather than zero.
  if (costUsd !== null) metrics.judgeCost.inc({ kind, model: judgement.model }, costUsd);
}

/**
 * The provider as a worker uses it: at most `concurrency` calls at once in this
 * process (EVALS_JUDGE_CONCURRENCY), each measured for the judge metrics. A
 * combined call holds one slot.
 */
export function fleetProvider(provider: JudgeProvider, concurrency: number): JudgeProvider {
  const slots = new Slots(concurrency);
  async function measured<T>(
    requests: readonly JudgeRequest[],
    call: () => Promise<T>,
    judgements: (result: T) => [JudgeRequest, Judgement | Error][],
  ): Promise<T> {
    await slots.acquire(requests[0].signal);
    const started = process.hrtime.bigint();
    const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
    const failed = (request: JudgeRequest) =>
      metrics.judgeLatency.observe(
        { kind: request.definition.kind, model: provider.modelFor(request.definition), outcome: 'error' },
        seconds(),
      );
    metrics.judgeCallsInFlight.inc();
    try {
      const result = await call();
      for (const [request, judgement] of judgements(result)) {
        if (judgement instanceof Error) failed(request);
        else recordJudgement(request.definition.kind, judgement, seconds());
      }
      return result;
    } catch (err) {
      requests.forEach(failed);
      throw err;
    } finally {
      metrics.judgeCallsInFlight.dec();
      slots.release();
    }
  }
  const together = provider.judgeTogether?.bind(provider);
  return {
    name: provider.name,
    cachesPromptPrefix: provider.cachesPromptPrefix,
    modelFor: (definition) => provider.modelFor(definition),
    judge: (request) =>
      measured(
        [request],
        () => provider.judge(request),
        (judgement) => [[request, judgement]],
      ),
    ...(together && {
      judgeTogether: (requests: readonly JudgeRequest[]) =>
        measured(
          requests,
          () => together(requests),
          (byKind) => requests.map((r) => [r, byKind.get(r.definition.kind)!]),
        ),
    }),
  };
}
