import type { temporal } from '@temporalio/proto';
import type pg from 'pg';
import { expect } from 'vitest';
import { INJECTION } from '../../testkit/labelled';

export const pipelineInput = (fragmentId: string, url: string, userInput: string | null = INJECTION) => ({
  fragmentId,
  projectId: 'project-fleet',
  userId: 'user-1',
  userInput,
  animation: { url, title: 'Pythagoras', description: 'a^2 + b^2 = c^2' },
});

/**
 * What a crash must never leave behind: exactly one pipeline run (attempt 1) for
 * the fragment, five terminal eval runs, no issue stored twice, nothing RUNNING.
 */
export async function expectOneCleanRun(pool: pg.Pool, fragmentId: string): Promise<string> {
  const runs = await pool.query<{ id: string; attempt_number: number; status: string; overall_status: string | null }>(
    'SELECT id, attempt_number, status, overall_status FROM pipeline_runs WHERE fragment_id = $1',
    [fragmentId],
  );
  expect(runs.rows).toHaveLength(1);
  const [run] = runs.rows;
  expect(run).toMatchObject({ attempt_number: 1, status: 'COMPLETED', overall_status: 'FAIL' });
  const evalRuns = await pool.query<{ kind: string; status: string }>('SELECT kind, status FROM eval_runs WHERE pipeline_run_id = $1', [
    run.id,
  ]);
  expect(evalRuns.rows).toHaveLength(5);
  expect(evalRuns.rows.filter((r) => !['PASS', 'FAIL', 'ERROR', 'SKIPPED'].includes(r.status))).toEqual([]);
  // The local judge finds the two injection patterns in the user input, once each.
  expect(evalRuns.rows.find((r) => r.kind === 'USER_INPUT_SECURITY')?.status).toBe('FAIL');
  const issues = await pool.query<{ kind: string; category: string; description: string; n: number }>(
    `SELECT r.kind, i.category, i.description, count(*)::int AS n FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id
     WHERE r.pipeline_run_id = $1 GROUP BY r.kind, i.category, i.description`,
    [run.id],
  );
  expect(issues.rows.filter((r) => r.n !== 1)).toEqual([]);
  expect(issues.rows.filter((r) => r.kind === 'USER_INPUT_SECURITY')).toHaveLength(2);
  return run.id;
}

/** The recorded start of each activity that ended: its type, final attempt and the worker that ran that attempt. */
export function activityStarts(history: temporal.api.history.v1.IHistory): { type: string; attempt: number; identity: string }[] {
  const scheduled = new Map<string, string>();
  const starts: { type: string; attempt: number; identity: string }[] = [];
  for (const event of history.events ?? []) {
    const s = event.activityTaskScheduledEventAttributes;
    if (s) scheduled.set(String(event.eventId), s.activityType?.name ?? '');
    const t = event.activityTaskStartedEventAttributes;
    if (t) starts.push({ type: scheduled.get(String(t.scheduledEventId)) ?? '', attempt: t.attempt ?? 0, identity: t.identity ?? '' });
  }
  return starts;
}

/** Eval runs of the fragment's pipeline by status. */
export async function evalRunStatuses(pool: pg.Pool, fragmentId: string): Promise<string[]> {
  const r = await pool.query<{ status: string }>(
    'SELECT r.status FROM eval_runs r JOIN pipeline_runs p ON p.id = r.pipeline_run_id WHERE p.fragment_id = $1',
    [fragmentId],
  );
  return r.rows.map((row) => row.status);
}
