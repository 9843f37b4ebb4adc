import { WorkflowFailedError } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { INJECTION } from '../../testkit/labelled';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssuesResponseSchema, PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { getPipelineRun, listIssues, pipelineRunIdOf } from '../../src/read-model/read-model';
import { workflowBundle } from '../../src/workflow-bundle';
import type { JudgeProvider } from '../../src/providers/provider';
import { createPipelineRun } from '../../src/db/pipeline-runs';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { sampleAnimation, syntheticVideo, writeFixture } from '../../testkit/videos';

let env: TestEnv;

beforeAll(async () => {
  env = await createTestEnv();
  await env.startWorker();
});
afterAll(async () => env?.close());

const input = (fragmentId: string, url: string, userInput: string | null = null) => ({
  fragmentId,
  projectId: 'project-1',
  userId: 'user-1',
  userInput,
  animation: { url, title: 'Pythagoras', description: 'a^2 + b^2 = c^2' },
});

async function runToEnd(fragmentId: string, url: string, userInput: string | null = null) {
  const handle = await startEvalPipeline(env.client, env.taskQueue, input(fragmentId, url, userInput));
  const result = await handle.result();
  const stored = PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, result.pipelineRunId, { includeIssues: true }));
  return { handle, result, run: stored.evalPipelineRun };
}

describe('eval pipeline on real Temporal and PostgreSQL', () => {
  it('completes a clean animation with five terminal eval runs, and counts attempts per fragment', async () => {
    const { handle, result, run } = await runToEnd('frag-happy', sampleAnimation(), 'Animate the Pythagorean theorem');
    expect(result.status).toBe('COMPLETED');
    expect(run.status).toBe('COMPLETED');
    expect(run.attemptNumber).toBe(1);
    expect(run.executionName).toBe(handle.workflowId);
    expect(run.overallStatus).toBe('PASS');
    expect(run.completedAt).not.toBeNull();
    expect(run.summary).toMatch(/^PASS: /);
    expect(run.evalRuns.map((r) => r.kind)).toEqual([
      'USER_INPUT_SECURITY',
      'VISUAL_VALIDATION_JSON',
      'DESIGN_VALIDATION_JSON',
      'VISUAL_RUBRIC_JSON',
      'ENGAGEMENT_RUBRIC_JSON',
    ]);
    for (const evalRun of run.evalRuns) {
      expect(['PASS', 'FAIL', 'ERROR', 'SKIPPED']).toContain(evalRun.status);
      expect(evalRun.completedAt).not.toBeNull();
      expect(evalRun.issues).toEqual([]);
    }
    const frames = await env.pool.query('SELECT frame_index, timestamp_ms FROM frames WHERE pipeline_run_id = $1 ORDER BY frame_index', [
      run.id,
    ]);
    expect(frames.rowCount).toBeGreaterThan(4);
    expect(frames.rows[0].timestamp_ms).toBe(0);

    const second = await runToEnd('frag-happy', sampleAnimation());
    expect(second.run.attemptNumber).toBe(2);
    expect(second.run.evalRuns.find((r) => r.kind === 'USER_INPUT_SECURITY')?.status).toBe('SKIPPED');

    const withoutIssues = PipelineRunResponseSchema.parse(await getPipelineRun(env.pool, run.id));
    expect(withoutIssues.evalPipelineRun.evalRuns.every((r) => !('issues' in r))).toBe(true);
  });

  it('fails the visual validation of a black animation, with the issue stored and served in the seed shapes', async () => {
    const black = syntheticVideo('all-black', 'color=c=black:size=640x360:rate=15:duration=3');
    const { run } = await runToEnd('frag-black', black, INJECTION);
    expect(run.status).toBe('COMPLETED');
    expect(run.overallStatus).toBe('FAIL');
    const visual = run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')!;
    expect(visual.status).toBe('FAIL');
    expect(visual.highSeverityCount).toBe(1);
    expect(visual.issues?.[0]).toMatchObject({ severity: 'HIGH', category: 'blank_frame', frameIndex: 0, frameHint: '00:00.0' });
    const security = run.evalRuns.find((r) => r.kind === 'USER_INPUT_SECURITY')!;
    expect(security.status).toBe('FAIL');
    expect(run.summary).toContain('[HIGH]');

    const flat = IssuesResponseSchema.parse(await listIssues(env.pool, run.id));
    expect(flat.pipelineRunId).toBe(run.id);
    expect(flat.issues.map((i) => i.kind).sort()).toEqual(['USER_INPUT_SECURITY', 'USER_INPUT_SECURITY', 'VISUAL_VALIDATION_JSON']);
    expect(flat.issues.every((i) => i.evalRunId && i.createdAt.endsWith('Z'))).toBe(true);
  });

  it('ends in ERROR with every eval run terminal when the animation is not a video', async () => {
    const notVideo = writeFixture('not-a-video.mp4', 'this is plain text, not an mp4\n');
    const { result, run } = await runToEnd('frag-bad', notVideo);
    expect(result.status).toBe('ERROR');
    expect(run.status).toBe('ERROR');
    expect(run.overallStatus).toBe('ERROR');
    expect(run.summary).toMatch(/not a readable video/);
    expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
  });

  it('ends a cancelled pipeline in ERROR with nothing left PENDING or RUNNING', async () => {
    let judgeStarted!: () => void;
    const started = new Promise<void>((resolve) => (judgeStarted = resolve));
    // Only the judge is stood in for: it blocks until the activity is cancelled.
    const blockingJudge: JudgeProvider = {
      name: 'blocking',
      modelFor: () => 'blocking-model',
      judge: ({ signal }) =>
        new Promise((_, reject) => {
          judgeStarted();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    };
    const slowEnv = await createTestEnv();
    try {
      await slowEnv.startWorker({ provider: blockingJudge });
      const handle = await startEvalPipeline(slowEnv.client, slowEnv.taskQueue, input('frag-cancel', sampleAnimation(), 'hello'));
      await started;
      await handle.cancel();
      await expect(handle.result()).rejects.toBeInstanceOf(WorkflowFailedError);
      const id = (await pipelineRunIdOf(slowEnv.pool, handle.workflowId))!;
      const run = PipelineRunResponseSchema.parse(await getPipelineRun(slowEnv.pool, id)).evalPipelineRun;
      expect(run.status).toBe('ERROR');
      expect(run.summary).toMatch(/cancelled/);
      expect(run.evalRuns.every((r) => ['ERROR', 'SKIPPED'].includes(r.status))).toBe(true);
      expect(run.evalRuns.filter((r) => r.status === 'ERROR').length).toBeGreaterThan(0);
    } finally {
      await slowEnv.close();
    }
  });

  it('replays its own recorded history deterministically', async () => {
    const { handle } = await runToEnd('frag-replay', sampleAnimation(), 'hello');
    const history = await handle.fetchHistory();
    await expect(
      Worker.runReplayHistory({ workflowBundle: await workflowBundle(env.config.dataDir) }, history, handle.workflowId),
    ).resolves.toBeUndefined();
  });
});

describe("a run's kinds", () => {
  let disabling: TestEnv;
  beforeAll(async () => {
    disabling = await createTestEnv({ EVALS_DISABLED_KINDS: 'ENGAGEMENT_RUBRIC_JSON' });
    await disabling.startWorker();
  });
  afterAll(async () => disabling?.close());

  it('are decided when the run is created and recorded: a disabled kind is created SKIPPED and never scheduled', async () => {
    const handle = await startEvalPipeline(disabling.client, disabling.taskQueue, input('frag-kinds-disabled', sampleAnimation(), 'hello'));
    const result = await handle.result();
    const run = PipelineRunResponseSchema.parse(await getPipelineRun(disabling.pool, result.pipelineRunId)).evalPipelineRun;
    expect(run.evalRuns.map((r) => r.kind)).toEqual([
      'USER_INPUT_SECURITY',
      'VISUAL_VALIDATION_JSON',
      'DESIGN_VALIDATION_JSON',
      'VISUAL_RUBRIC_JSON',
      'ENGAGEMENT_RUBRIC_JSON',
    ]);
    expect(run.evalRuns.find((r) => r.kind === 'ENGAGEMENT_RUBRIC_JSON')).toMatchObject({
      status: 'SKIPPED',
      summary: 'Skipped: disabled by configuration.',
      maxScore: 100,
    });
    for (const r of run.evalRuns.filter((r) => r.kind !== 'ENGAGEMENT_RUBRIC_JSON')) expect(r.status).not.toBe('SKIPPED');

    const history = await handle.fetchHistory();
    const events = history.events ?? [];
    const scheduled = new Map(
      events
        .filter((e) => e.activityTaskScheduledEventAttributes)
        .map((e) => [String(e.eventId), e.activityTaskScheduledEventAttributes!.activityType?.name]),
    );
    expect([...scheduled.values()].filter((n) => n === 'scoreEvalRun')).toHaveLength(4);
    const created = events.find(
      (e) => scheduled.get(String(e.activityTaskCompletedEventAttributes?.scheduledEventId)) === 'createPipelineRun',
    )!;
    const payload = created.activityTaskCompletedEventAttributes!.result!.payloads![0].data!;
    expect(JSON.parse(Buffer.from(payload).toString('utf8')).kinds).toEqual([
      'USER_INPUT_SECURITY',
      'VISUAL_VALIDATION_JSON',
      'DESIGN_VALIDATION_JSON',
      'VISUAL_RUBRIC_JSON',
    ]);
    await expect(
      Worker.runReplayHistory({ workflowBundle: await workflowBundle(disabling.config.dataDir) }, history, handle.workflowId),
    ).resolves.toBeUndefined();
  });

  it('are the same when the creation is retried, whatever the configuration says by then', async () => {
    const row = {
      temporalRunId: 'run-kinds-retry',
      executionName: 'wf-kinds-retry',
      fragmentId: 'frag-kinds-retry',
      projectId: 'project-1',
      userId: 'user-1',
      renderJobId: null,
    };
    const first = await createPipelineRun(disabling.pool, { ...row, disabledKinds: ['USER_INPUT_SECURITY'] });
    const again = await createPipelineRun(disabling.pool, { ...row, disabledKinds: [] });
    expect(first.kinds).toEqual(['VISUAL_VALIDATION_JSON', 'DESIGN_VALIDATION_JSON', 'VISUAL_RUBRIC_JSON', 'ENGAGEMENT_RUBRIC_JSON']);
    expect(again).toEqual(first);
  });
});
