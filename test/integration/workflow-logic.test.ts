import crypto from 'node:crypto';
import { Context } from '@temporalio/activity';
import { Client, Connection, WorkflowFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { NativeConnection, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { Activities, CreatePipelineRunInput, ScoreEvalRunInput } from '../../activities';
import { signalRenderFinished, startEvalPipeline } from '../../src/client';
import type { PipelineOutcome } from '../../src/db/pipeline-runs';
import { POOLS, poolTaskQueue } from '../../src/domain/pools';
import type { RenderWait } from '../../src/domain/render-wait';
import { CANCELLED } from '../../src/domain/status';
import { EVAL_KINDS, type EvalKind } from '../../src/domain/types';
import type { FragmentSnapshot } from '../../src/fragments/http-source';
import { createLogger } from '../../src/logger';
import { installRuntime } from '../../src/infra/temporal-runtime';
import { workflowBundle } from '../../src/workflow-bundle';
import { waitFor } from '../helpers/wait';

/**
 * The workflow's own logic, the workflow being the unit: the render wait's
 * timers and signal, retries of a judge activity and the answer it holds
 * across attempts, one kind failing while the others finish, cancellation.
 * It runs on the real dev server, its durable timers made short through its
 * input (`renderWait`); the activities are plain functions that record what
 * the workflow asked of them, so no database, media or judge takes part.
 */

/** What one pipeline run's activities do, and what the workflow asked of them. */
interface Scenario {
  rendered: () => boolean;
  score?: (kind: EvalKind, attempt: number) => Promise<void>;
  fetches: number;
  marked: boolean;
  scored: EvalKind[];
  failed: { kind: EvalKind; reason: string }[];
  finished?: { error: string | null };
}

const scenarios = new Map<string, Scenario>();
const scenarioOf = (pipelineRunId: string) => scenarios.get(pipelineRunId.replace(/^run-/, ''))!;

const activities: Pick<
  Activities,
  | 'createPipelineRun'
  | 'fetchFragment'
  | 'markPipelineRunning'
  | 'failEvalRun'
  | 'finishPipelineRun'
  | 'extractFrames'
  | 'inspectScene'
  | 'scoreEvalRun'
> = {
  async createPipelineRun(input: CreatePipelineRunInput) {
    return { pipelineRunId: `run-${input.fragmentId}`, attemptNumber: 1 };
  },
  async fetchFragment(fragmentId: string) {
    const s = scenarios.get(fragmentId)!;
    s.fetches++;
    return {
      id: fragmentId,
      title: 'Pythagoras',
      description: null,
      animationUrl: s.rendered() ? 'http://127.0.0.1:9/animation.mp4' : null,
    } as FragmentSnapshot;
  },
  async markPipelineRunning(pipelineRunId: string) {
    scenarioOf(pipelineRunId).marked = true;
  },
  async failEvalRun(input) {
    scenarioOf(input.pipelineRunId).failed.push({ kind: input.kind, reason: input.reason });
  },
  async finishPipelineRun(input) {
    const s = scenarioOf(input.pipelineRunId);
    s.finished = { error: input.error };
    const status = input.error || s.failed.length ? 'ERROR' : 'COMPLETED';
    return {
      pipelineRunId: input.pipelineRunId,
      status,
      overallStatus: status === 'ERROR' ? 'ERROR' : 'PASS',
      summary: input.error ?? 'judged',
      issueCount: 0,
      highSeverityCount: 0,
    } satisfies PipelineOutcome;
  },
  async extractFrames() {
    return { durationMs: 1000, width: 854, height: 480, fps: 15, frames: [] };
  },
  async inspectScene() {
    return { status: 'skipped', note: 'no sources' } as Awaited<ReturnType<Activities['inspectScene']>>;
  },
  async scoreEvalRun(input: ScoreEvalRunInput) {
    const s = scenarioOf(input.pipelineRunId);
    await s.score?.(input.kind, Context.current().info.attempt);
    s.scored.push(input.kind);
    return { kind: input.kind, status: 'PASS' as const };
  },
};

let client: Client;
let connection: NativeConnection;
const taskQueue = `workflow-logic-${crypto.randomBytes(4).toString('hex')}`;
const workers: { worker: Worker; done: Promise<void> }[] = [];

beforeAll(async () => {
  installRuntime(createLogger('error'));
  client = new Client({ connection: await Connection.connect({ address: inject('temporalAddress') }) });
  connection = await NativeConnection.connect({ address: inject('temporalAddress') });
  const bundle = await workflowBundle(inject('bundleDir'));
  // Every pool's task queue, each offered the same recording activities.
  for (const pool of POOLS) {
    const worker = await Worker.create({
      connection,
      taskQueue: poolTaskQueue(taskQueue, pool),
      activities,
      maxHeartbeatThrottleInterval: '200ms',
      ...(pool === 'workflows' ? { workflowBundle: bundle } : {}),
    });
    workers.push({ worker, done: worker.run() });
  }
});

afterAll(async () => {
  for (const { worker } of workers) worker.shutdown();
  await Promise.all(workers.map((w) => w.done));
  await connection?.close();
  await client?.connection.close();
});

function start(scenario: Partial<Scenario> & Pick<Scenario, 'rendered'>, renderWait: RenderWait) {
  const fragmentId = `frag-${crypto.randomBytes(6).toString('hex')}`;
  const s: Scenario = { fetches: 0, marked: false, scored: [], failed: [], ...scenario };
  scenarios.set(fragmentId, s);
  return {
    s,
    fragmentId,
    handle: startEvalPipeline(client, taskQueue, { fragmentId, projectId: 'project-1', userId: 'user-1', userInput: null }, { renderWait }),
  };
}

const SOON: RenderWait = { pollIntervalMs: 200, limitMs: 60_000 };
/** Longer than any test here runs: only the signal can end this wait early. */
const FOREVER: RenderWait = { pollIntervalMs: 3_600_000, limitMs: 7_200_000 };

describe('the eval pipeline workflow, on recording activities', () => {
  it('polls the fragment on its timer and ends ERROR at the render limit, judging nothing', async () => {
    const { s, handle } = start({ rendered: () => false }, { pollIntervalMs: 200, limitMs: 2_000 });
    const result = await (await handle).result();
    expect(result.status).toBe('ERROR');
    expect(s.fetches).toBeGreaterThanOrEqual(3);
    expect(s.finished).toEqual({ error: 'animation not rendered within 2s' });
    expect(s.marked).toBe(false);
    expect(s.scored).toEqual([]);
  });

  it('is woken by the renderFinished signal before its next poll', async () => {
    let rendered = false;
    const { s, fragmentId, handle } = start({ rendered: () => rendered }, FOREVER);
    await waitFor(
      () => s.fetches === 1,
      60_000,
      () => 'the first read of the fragment',
    );
    rendered = true;
    expect(await signalRenderFinished(client, fragmentId)).toBe(true);
    const result = await (await handle).result();
    expect(result.status).toBe('COMPLETED');
    expect(s.fetches).toBe(2);
    expect([...s.scored].sort()).toEqual([...EVAL_KINDS].sort());
  });

  it('retries a judge activity that failed, and the retry holds what the failed attempt heartbeated', async () => {
    const held: unknown[] = [];
    const { s, handle } = start(
      {
        rendered: () => true,
        score: async (kind, attempt) => {
          if (kind !== 'VISUAL_VALIDATION_JSON') return;
          if (attempt === 1) {
            Context.current().heartbeat({ held: [{ kind, judgement: 'judged once' }] });
            await Context.current().sleep(300);
            throw ApplicationFailure.retryable('the database went away before the verdict was stored');
          }
          held.push(Context.current().info.heartbeatDetails);
        },
      },
      SOON,
    );
    const result = await (await handle).result();
    expect(result.status).toBe('COMPLETED');
    expect(held).toEqual([{ held: [{ kind: 'VISUAL_VALIDATION_JSON', judgement: 'judged once' }] }]);
    expect(s.failed).toEqual([]);
    expect([...s.scored].sort()).toEqual([...EVAL_KINDS].sort());
  });

  it('ends a kind ERROR when its activity fails for good, while the other kinds finish', async () => {
    const { s, handle } = start(
      {
        rendered: () => true,
        score: async (kind) => {
          if (kind === 'DESIGN_VALIDATION_JSON') throw ApplicationFailure.nonRetryable('the judge refused the request', 'judge-refused');
        },
      },
      SOON,
    );
    const result = await (await handle).result();
    expect(s.failed).toEqual([{ kind: 'DESIGN_VALIDATION_JSON', reason: 'the judge refused the request' }]);
    expect([...s.scored].sort()).toEqual(EVAL_KINDS.filter((k) => k !== 'DESIGN_VALIDATION_JSON').sort());
    expect(s.finished).toEqual({ error: null });
    expect(result.overallStatus).toBe('ERROR');
  });

  it('ends the pipeline run when cancelled while judging, and reports the cancellation', async () => {
    let judging = 0;
    const { s, handle } = start(
      {
        rendered: () => true,
        score: async () => {
          judging++;
          // Judges until cancelled: heartbeats carry the cancellation to the activity.
          for (;;) {
            Context.current().heartbeat();
            await Context.current().sleep(100);
          }
        },
      },
      SOON,
    );
    const h = await handle;
    await waitFor(
      () => judging === EVAL_KINDS.length,
      60_000,
      () => `every kind judging (${judging})`,
    );
    await h.cancel();
    const failure = await h.result().then(
      () => null,
      (err: unknown) => err,
    );
    expect(failure).toBeInstanceOf(WorkflowFailedError);
    expect(s.finished).toEqual({ error: CANCELLED });
    expect(s.scored).toEqual([]);
  });
});
