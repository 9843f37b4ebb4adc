import { setTimeout as sleep } from 'node:timers/promises';
import { LOCAL_MODEL, localVerdict } from '../analyzers/scorers';
import type { JudgeProvider, JudgeRequest, Judgement } from './provider';

/** The local judge: each kind's local scorer (src/analyzers/scorers), no network. */
export class LocalProvider implements JudgeProvider {
  readonly name = 'local';

  /** `delayMs` (EVALS_LOCAL_JUDGE_DELAY_MS) is for tests and benches that need a judge of known latency. */
  constructor(private readonly delayMs = 0) {}

  modelFor(): string {
    return LOCAL_MODEL;
  }

  async judge(request: JudgeRequest): Promise<Judgement> {
    if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal: request.signal });
    return { provider: this.name, model: LOCAL_MODEL, verdict: await localVerdict(request) };
  }
}
