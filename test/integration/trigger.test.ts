import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { WorkflowFailedError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { cancelEvalPipeline, signalRenderFinished, startEvalPipeline, type EvalPipelineRequest } from '../../src/client';
import { PROJECT_ROOT } from '../../src/config';
import { getPipelineRun, pipelineRunIdOf } from '../../src/read-model/read-model';
import { createPipelineRun } from '../../src/db/pipeline-runs';
import type { RenderWait } from '../../src/domain/render-wait';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';
import { FakeFragmentsApi } from '../../testkit/fake-fragments-api';
import { sampleAnimation } from '../../testkit/videos';
import { waitFor } from '../helpers/wait';

const run = promisify(execFile);
let api: FakeFragmentsApi;
let env: TestEnv;

beforeAll(async () => {
  api = await new FakeFragmentsApi(sampleAnimation()).start();
  env = await createTestEnv(api.env);
  await env.startWorker();
});
afterAll(async () => {
  await env?.close();
  await api?.stop();
});

// Only a signal (or a cancel) ends these waits within a test's time.
const LONG_WAIT: RenderWait = { pollIntervalMs: 3_600_000, limitMs: 7_200_000 };

const request = (fragmentId: string, extra: Partial<EvalPipelineRequest> = {}): EvalPipelineRequest => ({
  fragmentId,
  projectId: 'project-1',
  userId: 'user-1',
  ...extra,
});
const trigger = (fragmentId: string, extra: Partial<EvalPipelineRequest> = {}) =>
  startEvalPipeline(env.client, env.taskQueue, request(fragmentId, extra), { renderWait: LONG_WAIT });

async function attemptsOf(fragmentId: string): Promise<number[]> {
  const r = await env.pool.query<{ attempt_number: number }>(
    'SELECT attempt_number FROM pipeline_runs WHERE fragment_id = $1 ORDER BY attempt_number',
    [fragmentId],
  );
  return r.rows.map((row) => row.attempt_number);
}

describe('triggering pipelines', () => {
  it('allocates distinct, gapless attempt numbers to concurrent pipeline runs, and the same one to a retried activity', async () => {
    const temporalRunIds = Array.from({ length: 10 }, () => crypto.randomUUID());
    // Every run is created twice at the same time, as by an activity retried while its first attempt still runs.
    const refs = await Promise.all(
      [...temporalRunIds, ...temporalRunIds].map((temporalRunId) =>
        createPipelineRun(env.pool, {
          temporalRunId,
          executionName: `wf-${temporalRunId}`,
          fragmentId: 'frag-store-race',
          projectId: 'p',
          userId: 'u',
          renderJobId: null,
        }),
      ),
    );
    expect(await attemptsOf('frag-store-race')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (let i = 0; i < 10; i += 1) expect(refs[i + 10]).toEqual(refs[i]);
    const evalRuns = await env.pool.query(
      'SELECT count(*)::int AS n FROM eval_runs r JOIN pipeline_runs p ON p.id = r.pipeline_run_id WHERE p.fragment_id = $1',
      ['frag-store-race'],
    );
    expect(evalRuns.rows[0].n).toBe(50);
  });

  it('answers duplicate deliveries with the pipeline already started, while it runs and after it ended; a re-evaluation is attempt 2', async () => {
    api.script('frag-dup', { status: 200, rendered: false });
    const handles = await Promise.all(Array.from({ length: 5 }, () => trigger('frag-dup')));
    const runIds = await Promise.all(handles.map(async (h) => (await h.describe()).runId));
    expect(new Set(handles.map((h) => h.workflowId)).size).toBe(1);
    expect(new Set(runIds).size).toBe(1);
    await waitFor(
      () => api.requestsFor('frag-dup') >= 1,
      60_000,
      () => 'the first read of the fragment',
    );
    expect(await attemptsOf('frag-dup')).toEqual([1]);

    api.render('frag-dup');
    await signalRenderFinished(env.client, 'frag-dup');
    const first = await handles[0].result();
    expect(first).toMatchObject({ status: 'COMPLETED', attemptNumber: 1 });

    const late = await trigger('frag-dup');
    expect(late.workflowId).toBe(handles[0].workflowId);
    expect((await late.describe()).runId).toBe(runIds[0]);
    expect((await late.result()).pipelineRunId).toBe(first.pipelineRunId);
    expect(await attemptsOf('frag-dup')).toEqual([1]);

    const again = await trigger('frag-dup', { reevaluate: true });
    expect(again.workflowId).not.toBe(handles[0].workflowId);
    expect(await again.result()).toMatchObject({ status: 'COMPLETED', attemptNumber: 2 });
    expect(await attemptsOf('frag-dup')).toEqual([1, 2]);
  });

  it('answers duplicate deliveries of one named re-evaluation request with one pipeline', async () => {
    const handles = await Promise.all(Array.from({ length: 3 }, () => trigger('frag-named', { reevaluate: true, requestId: 'request-7' })));
    const results = await Promise.all(handles.map((h) => h.result()));
    expect(new Set(results.map((r) => r.pipelineRunId)).size).toBe(1);
    expect(await attemptsOf('frag-named')).toEqual([1]);
  });

  it('gives ten concurrent re-evaluations of one fragment ten distinct, gapless attempt numbers', async () => {
    // The fragment is gone from the API (404), so each pipeline ends right after its attempt is allocated.
    const handles = await Promise.all(Array.from({ length: 10 }, () => trigger('frag-reevaluated', { reevaluate: true })));
    expect(new Set(handles.map((h) => h.workflowId)).size).toBe(10);
    const results = await Promise.all(handles.map((h) => h.result()));
    expect(results.map((r) => r.attemptNumber).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(results.every((r) => r.status === 'ERROR')).toBe(true);
    expect(await attemptsOf('frag-reevaluated')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('cancels a pipeline waiting for its render: ERROR with summary "cancelled", nothing left PENDING or RUNNING', async () => {
    api.script('frag-cancel', { status: 200, rendered: false });
    const handle = await trigger('frag-cancel');
    await waitFor(
      () => api.requestsFor('frag-cancel') >= 1,
      60_000,
      () => 'the first read of the fragment',
    );
    const pipelineRunId = (await pipelineRunIdOf(env.pool, handle.workflowId))!;

    expect(await cancelEvalPipeline(env.client, env.pool, pipelineRunId)).toBe('cancel-requested');
    await expect(handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
    const ended = PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, pipelineRunId)).evalPipelineRun;
    expect(ended.status).toBe('ERROR');
    expect(ended.overallStatus).toBe('ERROR');
    expect(ended.summary).toBe('cancelled');
    expect(ended.evalRuns.map((r) => r.status)).toEqual(['SKIPPED', 'SKIPPED', 'SKIPPED', 'SKIPPED', 'SKIPPED']);

    expect(await cancelEvalPipeline(env.client, env.pool, pipelineRunId)).toBe('already-ended');
    expect(await cancelEvalPipeline(env.client, env.pool, 'no-such-run')).toBe('not-found');
  });

  it('triggers and cancels through the CLI', async () => {
    api.script('frag-cli', { status: 200, rendered: false });
    const cliEnv = childEnv(env, {
      TEMPORAL_ADDRESS: env.config.temporal.address!,
      TEMPORAL_TASK_QUEUE: env.taskQueue,
      EVALS_RENDER_POLL_INTERVAL_SECONDS: '3600',
    });
    const evals = (...args: string[]) => run(process.execPath, [path.join(PROJECT_ROOT, 'bin/evals.js'), ...args], { env: cliEnv });

    const started = JSON.parse(
      (await evals('trigger', '--fragment-id', 'frag-cli', '--project-id', 'project-1', '--user-id', 'user-1')).stdout,
    );
    expect(started.workflowId).toBe('eval-pipeline:frag-cli');
    const again = JSON.parse(
      (await evals('trigger', '--fragment-id', 'frag-cli', '--project-id', 'project-1', '--user-id', 'user-1')).stdout,
    );
    expect(again).toEqual(started);

    await waitFor(
      () => api.requestsFor('frag-cli') >= 1,
      60_000,
      () => 'the first read of the fragment',
    );
    const pipelineRunId = (await env.pool.query('SELECT id FROM pipeline_runs WHERE fragment_id = $1', ['frag-cli'])).rows[0].id;
    const cancelled = JSON.parse((await evals('cancel', pipelineRunId)).stdout);
    expect(cancelled).toEqual({ pipelineRunId, status: 'ERROR', summary: 'cancelled' });
  });
});
