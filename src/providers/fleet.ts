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

/**
 * The provider as a worker uses it: at most `concurrency` calls at once in this
 * process (EVALS_JUDGE_CONCURRENCY), each measured for the judge metrics.
 */
export function fleetProvider(provider: JudgeProvider, concurrency: number): JudgeProvider {
  const slots = new Slots(concurrency);
  return {
    name: provider.name,
    modelFor: (definition) => provider.modelFor(definition),
    async judge(request: JudgeRequest): Promise<Judgement> {
      await slots.acquire(request.signal);
      const kind = request.definition.kind;
      const started = process.hrtime.bigint();
      const seconds = () => Number(process.hrtime.bigint() - started) / 1e9;
      metrics.judgeCallsInFlight.inc();
      try {
        const judgement = await provider.judge(request);
        metrics.judgeLatency.observe({ kind, model: judgement.model, outcome: 'ok' }, seconds());
        if (judgement.usage) {
          const { promptTokens, completionTokens, imageTokens, costUsd } = judgement.usage;
          metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'prompt' }, promptTokens);
          metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'completion' }, completionTokens);
          metrics.judgeTokens.inc({ kind, model: judgement.model, type: 'image' }, imageTokens);
          // A model missing from the price table has no cost estimate; count nothing rather than zero.
          if (costUsd !== null) metrics.judgeCost.inc({ kind, model: judgement.model }, costUsd);
        }
        return judgement;
      } catch (err) {
        metrics.judgeLatency.observe({ kind, model: provider.modelFor(request.definition), outcome: 'error' }, seconds());
        throw err;
      } finally {
        metrics.judgeCallsInFlight.dec();
        slots.release();
      }
    },
  };
}
