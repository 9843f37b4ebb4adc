import { describe, expect, it } from 'vitest';
import { KINDS } from '../../src/kinds';
import { metrics, registry } from '../../src/metrics';
import { fleetProvider } from '../../src/providers/fleet';
import type { JudgeProvider, JudgeRequest, Judgement } from '../../src/providers/provider';

const definition = KINDS.DESIGN_VALIDATION_JSON;
const request = (signal = new AbortController().signal): JudgeRequest => ({
  definition,
  input: { userInput: null, title: null, description: null, durationMs: 1000, frameCount: 0 },
  frames: [],
  manifest: null,
  signal,
  pipelineRun: { id: 'run-1', secret: 'secret-1' },
});

/** A stand-in judge whose calls stay open until released, counting how many run at once. */
function gatedProvider() {
  let inFlight = 0;
  let peak = 0;
  const open: (() => void)[] = [];
  const provider: JudgeProvider = {
    name: 'gated',
    modelFor: () => 'gated-model',
    judge: async (): Promise<Judgement> => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise<void>((resolve) => open.push(resolve));
      inFlight--;
      return {
        provider: 'gated',
        model: 'gated-model',
        verdict: { score: 90, summary: 'ok', issues: [] },
        usage: { promptTokens: 100, cachedTokens: 64, completionTokens: 20, imageTokens: 50, costUsd: 0.25 },
      };
    },
  };
  return { provider, peak: () => peak, open };
}

const flush = () => new Promise((r) => setTimeout(r, 10));

describe('fleetProvider', () => {
  it('runs at most EVALS_JUDGE_CONCURRENCY calls at once and serves the rest in order', async () => {
    const gated = gatedProvider();
    const judge = fleetProvider(gated.provider, 2);
    const calls = Array.from({ length: 5 }, () => judge.judge(request()));
    await flush();
    expect(gated.open).toHaveLength(2);
    expect((await registry.getSingleMetric('evals_judge_calls_waiting')!.get()).values[0].value).toBe(3);
    while (gated.open.length > 0) {
      gated.open.shift()!();
      await flush();
    }
    await Promise.all(calls);
    expect(gated.peak()).toBe(2);
    expect((await registry.getSingleMetric('evals_judge_calls_waiting')!.get()).values[0].value).toBe(0);
  });

  it('gives up a waiting call when its activity is cancelled, without losing the slot', async () => {
    const gated = gatedProvider();
    const judge = fleetProvider(gated.provider, 1);
    const first = judge.judge(request());
    const cancelled = new AbortController();
    const waiting = judge.judge(request(cancelled.signal));
    await flush();
    cancelled.abort(new Error('activity cancelled'));
    await expect(waiting).rejects.toThrow('activity cancelled');
    gated.open.shift()!();
    await first;
    const third = judge.judge(request());
    await flush();
    expect(gated.open).toHaveLength(1);
    gated.open.shift()!();
    await third;
  });

  it('records latency, tokens and cost by kind and model', async () => {
    const labels = { kind: definition.kind, model: 'gated-model' };
    const totals = async () => ({
      cost:
        (await metrics.judgeCost.get()).values.find((v) => v.labels.kind === labels.kind && v.labels.model === labels.model)?.value ?? 0,
      image: (await metrics.judgeTokens.get()).values.find((v) => v.labels.type === 'image' && v.labels.model === labels.model)?.value ?? 0,
    });
    const start = await totals();
    const gated = gatedProvider();
    const call = fleetProvider(gated.provider, 1).judge(request());
    await flush();
    gated.open.shift()!();
    await call;
    const end = await totals();
    expect(end.cost - start.cost).toBeCloseTo(0.25);
    expect(end.image - start.image).toBe(50);
    const latency = (await metrics.judgeLatency.get()).values.find(
      (v) => v.metricName === 'evals_judge_latency_seconds_count' && v.labels.model === 'gated-model' && v.labels.outcome === 'ok',
    );
    expect(latency?.value).toBeGreaterThanOrEqual(1);
  });
});
