import crypto from 'node:crypto';
import type { WorkflowHandle } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import type { startFileServer } from '../../testkit/file-server';
import { sampleAnimation } from '../../testkit/videos';
import type { evalPipeline } from '../../workflows';
import type { TestEnv } from '../helpers/env';
import { activityStarts, evalRunStatuses, expectOneCleanRun, pipelineInput } from '../helpers/pipeline-checks';
import { setCurrentVersion } from '../helpers/versioning';
import { waitFor } from '../helpers/wait';
import { spawnWorker, type WorkerProcess, workerProcessCases } from '../helpers/worker-process';

/**
 * A fleet on one machine: the pools as separate `evals worker --pools …`
 * processes against one dev server and one PostgreSQL, while a media worker
 * dies, a new build rolls out, and the judge pool goes to zero and back. Each
 * case has its own task queue and database, so they run side by side (a lost
 * worker is noticed through the 30 s heartbeat timeout).
 */
const isolated = workerProcessCases();

async function setup(beforeServe?: Parameters<typeof startFileServer>[0]) {
  const { env, server } = await isolated(beforeServe);
  const start = (fragmentId: string) =>
    startEvalPipeline(env.client, env.taskQueue, pipelineInput(fragmentId, server.url(sampleAnimation())));
  return { env, server, start };
}

const pools = (env: TestEnv, list: string, extra: Record<string, string> = {}) => spawnWorker(env, extra, { args: ['--pools', list] });
const pidOf = (identity: string) => Number(identity.split('@')[0]);
type Handle = WorkflowHandle<typeof evalPipeline>;

/** Which process ran each activity of a run (its final attempt), by activity type. */
async function ranOn(handle: Handle): Promise<Map<string, number[]>> {
  const byType = new Map<string, number[]>();
  for (const start of activityStarts(await handle.fetchHistory()))
    byType.set(start.type, [...(byType.get(start.type) ?? []), pidOf(start.identity)]);
  return byType;
}

const pids = (...workers: WorkerProcess[]) => workers.map((w) => w.pid);

describe.concurrent('a fleet of split pools', () => {
  it('finishes a run whose media worker is SIGKILLed inside extraction, on a replacement media worker; the other pools never notice', async () => {
    let downloadStarted!: () => void;
    const started = new Promise<void>((resolve) => (downloadStarted = resolve));
    // The first download is held open, so the first media worker is inside extraction when it dies.
    const { env, server, start } = await setup((_name, nth) =>
      nth === 1 ? (downloadStarted(), new Promise(() => undefined)) : Promise.resolve(),
    );
    const core = await pools(env, 'workflows,judge');
    const media = await pools(env, 'media');
    const handle = await start('frag-fleet-media-killed');
    await started;
    media.kill('SIGKILL');
    expect(await media.exited).toBeNull();
    const replacement = await pools(env, 'media');

    expect((await handle.result()).status).toBe('COMPLETED');
    await expectOneCleanRun(env.pool, 'frag-fleet-media-killed');
    expect(server.requests.get('sample.mp4')).toBe(2);
    const extraction = activityStarts(await handle.fetchHistory()).filter((s) => s.type === 'extractFrames');
    expect(extraction).toEqual([
      { type: 'extractFrames', attempt: 2, identity: expect.stringMatching(new RegExp(`^${replacement.pid}@`)) },
    ]);
    const ran = await ranOn(handle);
    expect(ran.get('inspectScene')).toEqual([replacement.pid]);
    expect(ran.get('scoreEvalRun')).toEqual(Array(5).fill(core.pid));
    expect(ran.get('finishPipelineRun')).toEqual([core.pid]);
  });

  it('rolls out a new build while runs are in flight: pinned runs finish on the old build, on every pool, and new runs start on the new one', async () => {
    const { env, start } = await setup();
    const deployment = `evals-fleet-${crypto.randomBytes(4).toString('hex')}`;
    const build = (buildId: string, extra: Record<string, string> = {}) => ({
      EVALS_DEPLOYMENT_NAME: deployment,
      EVALS_BUILD_ID: buildId,
      ...extra,
    });
    // The old build's judge is slow (30 s a kind: under heavy load making a version current took over 15 s) and has a slot for every kind of both runs: both are still judging when the new build becomes current.
    const old = [
      await pools(env, 'workflows,media', build('b1')),
      await pools(env, 'judge', build('b1', { EVALS_LOCAL_JUDGE_DELAY_MS: '30000', EVALS_JUDGE_CONCURRENCY: '10' })),
    ];
    await waitFor(
      () => setCurrentVersion(env, deployment, 'b1'),
      60_000,
      () => `version b1 of ${deployment} never became current`,
    );
    // As a deploy goes: the new build's workers start beside the old ones and poll, getting nothing until their version is current.
    const next = [await pools(env, 'workflows,media', build('b2')), await pools(env, 'judge', build('b2'))];
    const inFlight = [await start('frag-fleet-rollout-old-0'), await start('frag-fleet-rollout-old-1')];
    await waitFor(
      async () =>
        (await Promise.all(inFlight.map((_, i) => evalRunStatuses(env.pool, `frag-fleet-rollout-old-${i}`)))).every((s) =>
          s.includes('RUNNING'),
        ),
      60_000,
      () => 'the old build never started judging',
    );
    await waitFor(
      () => setCurrentVersion(env, deployment, 'b2'),
      60_000,
      () => `version b2 of ${deployment} never became current`,
    );
    // The rollout happened while the old runs were still judging.
    for (let i = 0; i < inFlight.length; i++) expect(await evalRunStatuses(env.pool, `frag-fleet-rollout-old-${i}`)).toContain('RUNNING');
    const fresh = await start('frag-fleet-rollout-new');

    const runs: [Handle, string, WorkerProcess[]][] = [
      [inFlight[0], 'b1', old],
      [inFlight[1], 'b1', old],
      [fresh, 'b2', next],
    ];
    for (const [handle, buildId, workers] of runs) {
      expect((await handle.result()).status).toBe('COMPLETED');
      const versioning = (await handle.describe()).raw.workflowExecutionInfo?.versioningInfo;
      expect(versioning?.behavior).toBe(1); // VERSIONING_BEHAVIOR_PINNED
      expect(versioning?.deploymentVersion).toMatchObject({ deploymentName: deployment, buildId });
      // Every activity, whatever its pool's queue, ran on a process of the run's build.
      const ran = [...(await ranOn(handle)).values()].flat();
      expect(ran.length).toBeGreaterThan(8);
      expect(ran.filter((pid) => !pids(...workers).includes(pid))).toEqual([]);
    }
    for (const fragmentId of ['frag-fleet-rollout-old-0', 'frag-fleet-rollout-old-1', 'frag-fleet-rollout-new'])
      await expectOneCleanRun(env.pool, fragmentId);
  });

  it('holds runs while the judge pool is scaled to zero, and completes them once a judge worker is back', async () => {
    const { env, start } = await setup();
    await pools(env, 'workflows,media');
    const judge = await pools(env, 'judge');
    const before = await start('frag-fleet-before-zero');
    expect((await before.result()).status).toBe('COMPLETED');
    judge.kill('SIGTERM');
    expect(await judge.exited).toBe(0);

    const waiting = await Promise.all([0, 1, 2].map((i) => start(`frag-fleet-zero-${i}`)));
    // Extraction goes on without judges; each run's five judge activities wait, scheduled on the judge queue.
    const scheduledJudging = async (handle: Handle) =>
      ((await handle.describe()).raw.pendingActivities ?? []).filter(
        (a) => a.activityType?.name === 'scoreEvalRun' && a.state === 1 /* SCHEDULED */,
      ).length;
    await waitFor(
      async () => (await Promise.all(waiting.map(scheduledJudging))).every((n) => n === 5),
      60_000,
      () => 'the runs never reached judging',
    );
    for (let i = 0; i < waiting.length; i++)
      expect(await evalRunStatuses(env.pool, `frag-fleet-zero-${i}`)).toEqual(Array(5).fill('PENDING'));

    const back = await pools(env, 'judge');
    for (let i = 0; i < waiting.length; i++) {
      expect((await waiting[i].result()).status).toBe('COMPLETED');
      await expectOneCleanRun(env.pool, `frag-fleet-zero-${i}`);
      expect((await ranOn(waiting[i])).get('scoreEvalRun')).toEqual(Array(5).fill(back.pid));
    }
    await expectOneCleanRun(env.pool, 'frag-fleet-before-zero');
  });
});
