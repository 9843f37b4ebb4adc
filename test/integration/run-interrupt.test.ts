import fs from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '../../src/infra/temporal';
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

/** Every process below `pid`, children first, read before it dies (its orphans are the test's to stop). */
function descendants(pid: number): number[] {
  let children: number[] = [];
  try {
    children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
  return children.flatMap((child) => [child, ...descendants(child)]);
}

it('`evals run` killed with SIGKILL leaves its run to the next stack on the same embedded database, which ends it ERROR at start', async () => {
  const dataDir = childDataDir();
  const stack = { EVALS_DATA_DIR: dataDir, DATABASE_URL: '', EVALS_EMBEDDED_PG_PORT: String(await freePort()) };
  const killed = spawnEvals(['run', sampleAnimation(), '--fragment-id', 'frag-killed'], childEnv(env, { ...stack, EVALS_LOCAL_JUDGE_DELAY_MS: '600000' }));
  const orphans: number[] = [];
  try {
    await waitFor(() => (killed.output().match(/ judging/g) ?? []).length >= 4, 90_000, () => `judging never started:\n${killed.output()}`, killed.exited);
    // Its embedded PostgreSQL and dev server outlive it, as they would on a developer's machine.
    orphans.push(...descendants(killed.pid));
    killed.kill('SIGKILL');
    await killed.exited;

    const next = spawnEvals(['run', sampleAnimation(), '--fragment-id', 'frag-next', '--quiet'], childEnv(env, stack));
    expect(await next.exited, next.output()).toBe(0);
    const listed = spawnEvals(['list', '--fragment-id', 'frag-killed', '--json'], childEnv(env, stack));
    expect(await listed.exited, listed.output()).toBe(0);
    const [run] = listed.output().trim().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { status: string; overallStatus: string; summary: string });
    expect(run).toMatchObject({ status: 'ERROR', overallStatus: 'ERROR' });
    expect(run.summary).toMatch(/its workflow no longer exists in Temporal/);
  } finally {
    for (const pid of orphans.reverse()) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
});
