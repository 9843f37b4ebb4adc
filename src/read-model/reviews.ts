import type pg from 'pg';
import type { CompletedReview, IssueVerdict, MissedIssue, Verdict } from '../db/reviews';
import type { EvalKind } from '../domain/types';

/** Reads of what reviewers said about runs: served with a run, exported as labels, tallied as agreement. */

export interface RunReviews {
  verdicts: IssueVerdict[];
  missed: MissedIssue[];
  completed: CompletedReview[];
}

export async function getRunReviews(pool: pg.Pool, pipelineRunId: string): Promise<RunReviews> {
  const [verdicts, missed, completed] = await Promise.all([
    pool.query<{ issue_id: string; reviewer: string; verdict: Verdict; reviewed_at: Date }>(
      'SELECT issue_id, reviewer, verdict, reviewed_at FROM issue_reviews WHERE pipeline_run_id = $1 ORDER BY reviewed_at, reviewer',
      [pipelineRunId],
    ),
    pool.query<{
      id: string;
      reviewer: string;
      kind: EvalKind;
      category: string;
      frame_index: number;
      timestamp_ms: number;
      x: number;
      y: number;
      created_at: Date;
    }>(
      'SELECT id, reviewer, kind, category, frame_index, timestamp_ms, x, y, created_at FROM missed_issues WHERE pipeline_run_id = $1 ORDER BY created_at, id',
      [pipelineRunId],
    ),
    pool.query<{ reviewer: string; completed_at: Date }>(
      'SELECT reviewer, completed_at FROM run_reviews WHERE pipeline_run_id = $1 ORDER BY completed_at, reviewer',
      [pipelineRunId],
    ),
  ]);
  return {
    verdicts: verdicts.rows.map((r) => ({
      issueId: r.issue_id,
      reviewer: r.reviewer,
      verdict: r.verdict,
      reviewedAt: r.reviewed_at.toISOString(),
    })),
    missed: missed.rows.map((r) => ({
      id: r.id,
      reviewer: r.reviewer,
      kind: r.kind,
      category: r.category,
      frameIndex: r.frame_index,
      timestampMs: r.timestamp_ms,
      x: r.x,
      y: r.y,
      createdAt: r.created_at.toISOString(),
    })),
    completed: completed.rows.map((r) => ({ reviewer: r.reviewer, completedAt: r.completed_at.toISOString() })),
  };
}

/** Runs someone finished reviewing (at or after `since`), oldest review first. */
export async function reviewedRunIds(pool: pg.Pool, since: Date | null): Promise<string[]> {
  const r = await pool.query<{ pipeline_run_id: string }>(
    `SELECT pipeline_run_id FROM run_reviews WHERE $1::timestamptz IS NULL OR completed_at >= $1
     GROUP BY pipeline_run_id ORDER BY min(completed_at), pipeline_run_id`,
    [since],
  );
  return r.rows.map((row) => row.pipeline_run_id);
}

/** Where a run's frames came from (recorded since migration 009), or null. */
export async function animationUrlOf(pool: pg.Pool, pipelineRunId: string): Promise<string | null> {
  const r = await pool.query<{ animation_url: string | null }>('SELECT animation_url FROM pipeline_runs WHERE id = $1', [pipelineRunId]);
  return r.rows[0]?.animation_url ?? null;
}

/** How reviewers judged the judge in one kind and category. */
export interface ReviewTally {
  kind: EvalKind;
  category: string;
  /** Issues marked right, and those a reviewer who finished the run left unmarked. */
  right: number;
  wrong: number;
  /** Issues reviewers added that the judge missed. */
  missed: number;
}

/**
 * Per kind and category, reviews made at or after `since`: explicit verdicts,
 * the issues of a finished review left unmarked (right, by finishing), and the
 * missed issues added.
 */
export async function reviewTallies(pool: pg.Pool, since: Date | null): Promise<ReviewTally[]> {
  const [verdicts, unmarked, missed] = await Promise.all([
    pool.query<{ kind: EvalKind; category: string; verdict: Verdict; n: number }>(
      `SELECT r.kind, i.category, v.verdict, count(*)::int AS n FROM issue_reviews v
       JOIN eval_issues i ON i.id = v.issue_id JOIN eval_runs r ON r.id = i.eval_run_id
       WHERE $1::timestamptz IS NULL OR v.reviewed_at >= $1 GROUP BY 1, 2, 3`,
      [since],
    ),
    pool.query<{ kind: EvalKind; category: string; n: number }>(
      `SELECT r.kind, i.category, count(*)::int AS n FROM run_reviews c
       JOIN eval_runs r ON r.pipeline_run_id = c.pipeline_run_id JOIN eval_issues i ON i.eval_run_id = r.id
       WHERE ($1::timestamptz IS NULL OR c.completed_at >= $1)
         AND NOT EXISTS (SELECT 1 FROM issue_reviews v WHERE v.issue_id = i.id AND v.reviewer = c.reviewer)
       GROUP BY 1, 2`,
      [since],
    ),
    pool.query<{ kind: EvalKind; category: string; n: number }>(
      'SELECT kind, category, count(*)::int AS n FROM missed_issues WHERE $1::timestamptz IS NULL OR created_at >= $1 GROUP BY 1, 2',
      [since],
    ),
  ]);
  const tallies = new Map<string, ReviewTally>();
  const tally = (kind: EvalKind, category: string) => {
    const key = `${kind}|${category}`;
    if (!tallies.has(key)) tallies.set(key, { kind, category, right: 0, wrong: 0, missed: 0 });
    return tallies.get(key)!;
  };
  for (const r of verdicts.rows) tally(r.kind, r.category)[r.verdict] += r.n;
  for (const r of unmarked.rows) tally(r.kind, r.category).right += r.n;
  for (const r of missed.rows) tally(r.kind, r.category).missed += r.n;
  return [...tallies.values()];
}
