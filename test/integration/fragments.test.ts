import { Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { signalRenderFinished, startEvalPipeline, type EvalPipelineHandle } from '../../src/client';
import { getPipelineRun, pipelineProgress } from '../../src/read-model/read-model';
import type { RenderWait } from '../../src/domain/render-wait';
import type { KindInput } from '../../src/kinds';
import { LocalProvider } from '../../src/providers/local';
import type { JudgeProvider } from '../../src/providers/provider';
import { workflowBundle } from '../../src/workflow-bundle';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { FakeFragmentsApi } from '../../testkit/fake-fragments-api';
import { waitFor } from '../helpers/wait';
import { sampleAnimation } from '../../testkit/videos';

let api: FakeFragmentsApi;
let env: TestEnv;
/** What the judge was given, per kind: the real local provider, watched. */
const judged: { kind: string; input: KindInput }[] = [];
const local = new LocalProvider();
const watchedJudge: JudgeProvider = {
  name: local.name,
  modelFor: () => local.modelFor(),
  judge: (request) => {
    judged.push({ kind: request.definition.kind, input: request.input });
    return local.judge(request);
  },
};

beforeAll(async () => {
  api = await new FakeFragmentsApi(sampleAnimation()).start();
  env = await createTestEnv(api.env);
  await env.startWorker({ provider: watchedJudge });
});
afterAll(async () => {
  await env?.close();
  await api?.stop();
});

const FAST: RenderWait = { pollIntervalMs: 300, limitMs: 60_000 };

function trigger(target: TestEnv, fragmentId: string, renderWait: RenderWait = FAST): Promise<EvalPipelineHandle> {
  return startEvalPipeline(
    target.client,
    target.taskQueue,
    { fragmentId, projectId: 'project-1', userId: 'user-1', userInput: 'Animate Pythagoras' },
    { renderWait },
  );
}

async function storedRun(target: TestEnv, pipelineRunId: string) {
  return PipelineRunResponseSchema.parse(await getPipelineRun(target.pool, pipelineRunId)).evalPipelineRun;
}

describe('fragments read through the REST interface', () => {
  it('waits while animationUrl is null and completes once the render finishes, title and description reaching the kinds', async () => {
    api.script('frag-renders', { status: 200, rendered: false }, { status: 200, rendered: false }, { status: 200, rendered: true });
    const result = await (await trigger(env, 'frag-renders')).result();
    expect(result.status).toBe('COMPLETED');
    expect(api.requestsFor('frag-renders')).toBe(3);
    expect(api.requests.filter((r) => r.fragmentId === 'frag-renders').every((r) => r.apiKey === api.apiKey)).toBe(true);
    const run = await storedRun(env, result.pipelineRunId);
    expect(run.status).toBe('COMPLETED');
    expect(run.evalRuns.every((r) => ['PASS', 'FAIL'].includes(r.status))).toBe(true);
    const engagement = judged.find((j) => j.kind === 'ENGAGEMENT_RUBRIC_JSON');
    expect(engagement?.input).toMatchObject({ title: 'Pythagoras', description: 'a^2 + b^2 = c^2, shown with squares on each side' });
  });

  it('bounds a 5 MB description and a 5 MB user message before they reach Temporal: the run completes, the judge sees the start and a marker, the summary says what was cut', async () => {
    const huge = (what: string) => `${what} `.repeat(Math.ceil((5 * 1024 * 1024) / (what.length + 1)));
    api.script('frag-huge', { status: 200, rendered: true });
    api.descriptions.set('frag-huge', huge('squares on each side'));
    const handle = await startEvalPipeline(
      env.client,
      env.taskQueue,
      { fragmentId: 'frag-huge', projectId: 'project-1', userId: 'user-1', userInput: huge('animate this') },
      { renderWait: FAST },
    );
    const result = await handle.result();
    expect(result.status).toBe('COMPLETED');
    const run = await storedRun(env, result.pipelineRunId);
    expect(run.evalRuns.every((r) => ['PASS', 'FAIL'].includes(r.status))).toBe(true);
    expect(run.summary).toMatch(/The user message had 5,24\d,\d{3} characters; only the first 32,000 were evaluated\./);
    expect(run.summary).toMatch(/The fragment description had 5,24\d,\d{3} characters; only the first 32,000 were evaluated\./);
    const seen = judged.filter((j) => j.input.description?.startsWith('squares on each side'));
    expect(seen.length).toBeGreaterThan(0);
    for (const { input } of seen) {
      expect(input.description!.length).toBeLessThan(32_100);
      expect(input.description).toMatch(/\[cut by the eval pipeline: 5,24\d,\d{3} characters in all, the first 32,000 kept\]$/);
      expect(input.userInput).toMatch(/^animate this .*\[cut by the eval pipeline/s);
    }
  });

  it('reads no answer past FRAGMENTS_MAX_RESPONSE_BYTES, declared or streamed without a length: the run ends ERROR naming the bound, without retries', async () => {
    const bound = 1024 * 1024;
    const own = await createTestEnv({ ...api.env, FRAGMENTS_MAX_RESPONSE_BYTES: String(bound) });
    try {
      await own.startWorker();
      // A description of the bound's size: the whole answer is just above it, and says so in Content-Length.
      api.render('frag-declared-large');
      api.descriptions.set('frag-declared-large', 'x'.repeat(bound));
      // An answer that never ends: only a reader that stops can finish this run.
      api.render('frag-endless');
      api.endless.add('frag-endless');
      for (const fragmentId of ['frag-declared-large', 'frag-endless']) {
        const result = await (await trigger(own, fragmentId)).result();
        expect(result.status, fragmentId).toBe('ERROR');
        const run = await storedRun(own, result.pipelineRunId);
        expect(run.overallStatus).toBe('ERROR');
        expect(run.summary).toContain(
          `fragment ${fragmentId} from the fragments API is refused: its answer is larger than FRAGMENTS_MAX_RESPONSE_BYTES (${bound} bytes)`,
        );
        expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
        expect(api.requestsFor(fragmentId)).toBe(1);
      }
    } finally {
      await own.close();
    }
  });

  it('reads the fragment at once when signalled that the render finished, without waiting for the next poll', async () => {
    api.script('frag-signalled', { status: 200, rendered: false });
    // A poll interval far beyond the test's timeout: only the signal can end this wait in time.
    const handle = await trigger(env, 'frag-signalled', { pollIntervalMs: 3_600_000, limitMs: 7_200_000 });
    await waitFor(
      () => api.requestsFor('frag-signalled') === 1,
      60_000,
      () => 'the first read of the fragment',
    );
    expect((await pipelineProgress(env.pool, handle.workflowId))?.status).toBe('PENDING');
    api.render('frag-signalled');
    expect(await signalRenderFinished(env.client, 'frag-signalled')).toBe(true);
    expect((await handle.result()).status).toBe('COMPLETED');
    expect(api.requestsFor('frag-signalled')).toBe(2);
    // The wait (timers, signal, reads) replays deterministically from its recorded history.
    const history = await handle.fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: await workflowBundle(env.config.dataDir) }, history, handle.workflowId),
    ).resolves.toBeUndefined();
  });

  it('ends in ERROR when the render never finishes, on durable timers that survive a worker restart', async () => {
    api.script('frag-never', { status: 200, rendered: false });
    const own = await createTestEnv(api.env);
    try {
      const first = await own.startWorker({ identity: 'worker-before-restart' });
      const handle = await trigger(own, 'frag-never', { pollIntervalMs: 500, limitMs: 8_000 });
      await waitFor(
        () => api.requestsFor('frag-never') >= 2,
        60_000,
        () => 'a second read of the fragment',
      );
      first.shutdown();
      await waitFor(
        () => first.getState() === 'STOPPED',
        60_000,
        () => 'the first worker to stop',
      );
      const polledBeforeRestart = api.requestsFor('frag-never');
      await own.startWorker({ identity: 'worker-after-restart' });
      const result = await handle.result();
      expect(result.status).toBe('ERROR');
      expect(api.requestsFor('frag-never')).toBeGreaterThan(polledBeforeRestart);
      const run = await storedRun(own, result.pipelineRunId);
      expect(run.status).toBe('ERROR');
      expect(run.overallStatus).toBe('ERROR');
      expect(run.summary).toContain('animation not rendered within 8s');
      expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
      const history = await handle.fetchHistory();
      const workers = new Set(history.events?.map((e) => e.workflowTaskStartedEventAttributes?.identity).filter(Boolean));
      expect(workers).toEqual(new Set(['worker-before-restart', 'worker-after-restart']));
    } finally {
      await own.close();
    }
  });

  it('ends in ERROR at once, without retrying, for a fragment the API does not have (404)', async () => {
    const result = await (await trigger(env, 'frag-missing')).result();
    expect(result.status).toBe('ERROR');
    expect(api.requestsFor('frag-missing')).toBe(1);
    const run = await storedRun(env, result.pipelineRunId);
    expect(run.summary).toContain('fragment frag-missing not found (HTTP 404)');
    expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
  });

  it('ends in ERROR at once when the fragments API refuses the key (401), without leaking the key', async () => {
    api.script('frag-key', { status: 200, rendered: true });
    const wrongKey = `fake_${'cd'.repeat(32)}`;
    const own = await createTestEnv({ FRAGMENTS_API_URL: api.baseUrl, FRAGMENTS_API_KEY: wrongKey });
    try {
      await own.startWorker();
      const result = await (await trigger(own, 'frag-key')).result();
      expect(result.status).toBe('ERROR');
      expect(api.requests.filter((r) => r.fragmentId === 'frag-key').map(({ fragmentId, apiKey }) => ({ fragmentId, apiKey }))).toEqual([
        { fragmentId: 'frag-key', apiKey: wrongKey },
      ]);
      const run = await storedRun(own, result.pipelineRunId);
      expect(run.summary).toContain('fragments API refused the key (HTTP 401)');
      expect(run.summary).not.toContain(wrongKey);
    } finally {
      await own.close();
    }
  });

  it('ends in ERROR with the reason for a 403', async () => {
    api.script('frag-forbidden', { status: 403 });
    const result = await (await trigger(env, 'frag-forbidden')).result();
    expect(result.status).toBe('ERROR');
    expect(api.requestsFor('frag-forbidden')).toBe(1);
    expect((await storedRun(env, result.pipelineRunId)).summary).toContain('HTTP 403');
  });

  it('retries 503 with backoff and completes when the API recovers', async () => {
    api.script('frag-maintenance', { status: 503 }, { status: 503 }, { status: 200, rendered: true });
    const result = await (await trigger(env, 'frag-maintenance')).result();
    expect(result.status).toBe('COMPLETED');
    expect(api.requestsFor('frag-maintenance')).toBe(3);
  });

  it('retries 502 too', async () => {
    api.script('frag-bad-gateway', { status: 502 }, { status: 200, rendered: true });
    const result = await (await trigger(env, 'frag-bad-gateway')).result();
    expect(result.status).toBe('COMPLETED');
    expect(api.requestsFor('frag-bad-gateway')).toBe(2);
  });
});
