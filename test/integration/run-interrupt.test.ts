import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestEnv, childEnv, type TestEnv } from '../helpers/env';
import { sampleAnimation } from '../../testkit/videos';
import { childDataDir, killWorkerProcesses, spawnEvals } from '../helpers/worker-process';
import { waitFor } from '../helpers/wait';

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => {
  killWorkerProcesses();
  await env?.close();
});

it('`evals run` interrupted with Ctrl-C cancels its pipeline and leaves every row terminal', async () => {
  const run = spawnEvals(
    ['run', sampleAnimation(), '--fragment-id', 'frag-interrupted', '--user-input', 'hello'],
    childEnv(env, { EVALS_DATA_DIR: childDataDir(), EVALS_LOCAL_JUDGE_DELAY_MS: '600000' }),
  );
  await waitFor(() => (run.output().match(/ judging/g) ?? []).length >= 5, 90_000, () => `judging never started:\n${run.output()}`, run.exited);
  run.kill('SIGINT');
  // The run ends ERROR ("cancelled"): the animation was not evaluated.
  expect(await run.exited).toBe(3);
  expect(run.output()).toContain('interrupted: cancelling the pipelines');

  const rows = await env.pool.query<{ status: string; summary: string; statuses: string[] }>(
    `SELECT p.status, p.summary, array_agg(r.status) AS statuses FROM pipeline_runs p JOIN eval_runs r ON r.pipeline_run_id = p.id
     WHERE p.fragment_id = 'frag-interrupted' GROUP BY p.id`,
  );
  expect(rows.rows).toHaveLength(1);
  expect(rows.rows[0].status).toBe('ERROR');
  expect(rows.rows[0].summary).toMatch(/cancelled/);
  expect(rows.rows[0].statuses.filter((s) => !['ERROR', 'SKIPPED'].includes(s))).toEqual([]);
});
