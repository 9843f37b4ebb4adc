import { describe, expect, it } from 'vitest';
import { startEvalPipeline } from '../../src/client';
import { activityStarts, evalRunStatuses, expectOneCleanRun, pipelineInput } from '../helpers/pipeline-checks';
import { sampleAnimation } from '../../testkit/videos';
import { spawnWorker, workerProcessCases } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';

const setup = workerProcessCases();

const allRunning = (statuses: string[]) => statuses.length === 5 && statuses.every((s) => s === 'RUNNING');

// Each case kills or stops a `evals worker` process; a lost worker is noticed through
// the 30 s heartbeat timeout, so the cases run side by side.
describe.concurrent('a fleet of worker processes', () => {
  it('finishes a pipeline whose worker is SIGKILLed during extraction, on the other worker', async () => {
    let downloadStarted!: () => void;
    const started = new Promise<void>((resolve) => (downloadStarted = resolve));
    // The first download is held open, so the first worker is inside extraction when it dies.
    const { env, server } = await setup((_name, nth) =>
      nth === 1 ? (downloadStarted(), new Promise(() => undefined)) : Promise.resolve(),
    );
    const first = await spawnWorker(env);
    const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput('frag-crash-extract', server.url(sampleAnimation())));
    await started;
    const second = await spawnWorker(env);
    first.kill('SIGKILL');
    expect(await first.exited).toBeNull();

    const result = await handle.result();
    expect(result.status).toBe('COMPLETED');
    await expectOneCleanRun(env.pool, 'frag-crash-extract');
    expect(server.requests.get('sample.mp4')).toBe(2);
    const extraction = activityStarts(await handle.fetchHistory()).filter((s) => s.type === 'extractFrames');
    expect(extraction).toEqual([{ type: 'extractFrames', attempt: 2, identity: expect.stringMatching(new RegExp(`^${second.pid}@`)) }]);
  });

  it('finishes a pipeline whose worker is SIGKILLed while judging, on the other worker', async () => {
    const { env, server } = await setup();
    // A judge that never answers in time keeps the first worker inside all five judge calls.
    const first = await spawnWorker(env, { EVALS_LOCAL_JUDGE_DELAY_MS: '600000', EVALS_JUDGE_CONCURRENCY: '5' });
    const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput('frag-crash-judge', server.url(sampleAnimation())));
    await waitFor(
      async () => allRunning(await evalRunStatuses(env.pool, 'frag-crash-judge')),
      60_000,
      () => `judging never started:\n${first.output()}`,
    );
    const second = await spawnWorker(env);
    first.kill('SIGKILL');

    const result = await handle.result();
    expect(result.status).toBe('COMPLETED');
    await expectOneCleanRun(env.pool, 'frag-crash-judge');
    const judged = activityStarts(await handle.fetchHistory()).filter((s) => s.type === 'scoreEvalRun');
    expect(judged).toHaveLength(5);
    for (const start of judged) {
      expect(start.attempt).toBe(2);
      expect(start.identity).toMatch(new RegExp(`^${second.pid}@`));
    }
  });

  it('drains on SIGTERM: judge calls in progress finish on the stopping worker, which exits 0', async () => {
    const { env, server } = await setup();
    const first = await spawnWorker(env, { EVALS_LOCAL_JUDGE_DELAY_MS: '3000', EVALS_JUDGE_CONCURRENCY: '5' });
    const handle = await startEvalPipeline(env.client, env.taskQueue, pipelineInput('frag-drain', server.url(sampleAnimation())));
    await waitFor(
      async () => allRunning(await evalRunStatuses(env.pool, 'frag-drain')),
      60_000,
      () => `judging never started:\n${first.output()}`,
    );
    first.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('shutting down');
    // Every judge call finished where it started; a second worker only takes the rest of the workflow.
    expect(await evalRunStatuses(env.pool, 'frag-drain')).not.toContain('RUNNING');
    await spawnWorker(env);
    expect((await handle.result()).status).toBe('COMPLETED');
    await expectOneCleanRun(env.pool, 'frag-drain');
    const judged = activityStarts(await handle.fetchHistory()).filter((s) => s.type === 'scoreEvalRun');
    expect(judged.map((s) => [s.attempt, s.identity.split('@')[0]])).toEqual(Array(5).fill([1, String(first.pid)]));
  });
});
