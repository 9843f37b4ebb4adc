import crypto from 'node:crypto';
import type pg from 'pg';
import type { EvalKind } from '../domain/types';

/**
 * What reviewers say about a run (migration 009): a verdict on each of the
 * judge's issues, the issues it missed, and that they went through the whole
 * run. Written beside the run: its own rows (eval runs, issues) never change.
 */

/** A reviewer's name is an identifier of at most this many characters (it is shown on every review). */
export const MAX_REVIEWER_CHARS = 100;

export type Verdict = 'right' | 'wrong';

export interface IssueVerdict {
  issueId: string;
  reviewer: string;
  verdict: Verdict;
  reviewedAt: string;
}

export interface MissedIssue {
  id: string;
  reviewer: string;
  kind: EvalKind;
  category: string;
  frameIndex: number;
  /** The frame's time, kept when retention prunes the frames. */
  timestampMs: number;
  /** Where on the frame, as fractions of its width and height. */
  x: number;
  y: number;
  createdAt: string;
}

export interface CompletedReview {
  reviewer: string;
  completedAt: string;
}

/** A reviewer's verdict on an issue of the run, replacing their earlier one; null when the run has no such issue. */
export async function reviewIssue(
  pool: pg.Pool,
  review: { pipelineRunId: string; issueId: string; reviewer: string; verdict: Verdict },
): Promise<IssueVerdict | null> {
  const r = await pool.query<{ issue_id: string; reviewer: string; verdict: Verdict; reviewed_at: Date }>(
    `INSERT INTO issue_reviews (issue_id, reviewer, pipeline_run_id, verdict)
     SELECT i.id, $3, r.pipeline_run_id, $4 FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE i.id = $1 AND r.pipeline_run_id = $2
     ON CONFLICT (issue_id, reviewer) DO UPDATE SET verdict = EXCLUDED.verdict, reviewed_at = now()
     RETURNING issue_id, reviewer, verdict, reviewed_at`,
    [review.issueId, review.pipelineRunId, review.reviewer, review.verdict],
  );
  const row = r.rows[0];
  return row ? { issueId: row.issue_id, reviewer: row.reviewer, verdict: row.verdict, reviewedAt: row.reviewed_at.toISOString() } : null;
}

/** An issue the judge missed, on one of the run's frames; null when the run has no such frame (or its frames were pruned). */
export async function addMissedIssue(
  pool: pg.Pool,
  missed: { pipelineRunId: string; reviewer: string; kind: EvalKind; category: string; frameIndex: number; x: number; y: number },
): Promise<MissedIssue | null> {
  const r = await pool.query<{ id: string; timestamp_ms: number; created_at: Date }>(
    `INSERT INTO missed_issues (id, pipeline_run_id, reviewer, kind, category, frame_index, timestamp_ms, x, y)
     SELECT $1, f.pipeline_run_id, $3, $4, $5, f.frame_index, f.timestamp_ms, $7, $8 FROM frames f WHERE f.pipeline_run_id = $2 AND f.frame_index = $6
     RETURNING id, timestamp_ms, created_at`,
    [crypto.randomUUID(), missed.pipelineRunId, missed.reviewer, missed.kind, missed.category, missed.frameIndex, missed.x, missed.y],
  );
  const row = r.rows[0];
  return row
    ? {
        id: row.id,
        reviewer: missed.reviewer,
        kind: missed.kind,
        category: missed.category,
        frameIndex: missed.frameIndex,
        timestampMs: row.timestamp_ms,
        x: missed.x,
        y: missed.y,
        createdAt: row.created_at.toISOString(),
      }
    : null;
}

/** A reviewer's word that they went through the whole run (again: the latest time stands). */
export async function completeReview(pool: pg.Pool, review: { pipelineRunId: string; reviewer: string }): Promise<CompletedReview> {
  const r = await pool.query<{ completed_at: Date }>(
    `INSERT INTO run_reviews (pipeline_run_id, reviewer) VALUES ($1, $2)
     ON CONFLICT (pipeline_run_id, reviewer) DO UPDATE SET completed_at = now() RETURNING completed_at`,
    [review.pipelineRunId, review.reviewer],
  );
  return { reviewer: review.reviewer, completedAt: r.rows[0].completed_at.toISOString() };
}
