import crypto from 'node:crypto';
import type pg from 'pg';
import type { EvalKind, EvalRunStatus, TerminalEvalRunStatus } from '../domain/types';
import type { NormalizedIssue } from '../domain/issue';
import { inTransaction } from './transaction';

/**
 * A pipeline run's eval runs and their issues. Writes are idempotent: a retried
 * activity finds its earlier work by the (run, kind) key or the issue ordinal.
 */

export interface StoredEvalRun {
  id: string;
  kind: EvalKind;
  status: EvalRunStatus;
  score: number | null;
  maxScore: number | null;
}

export async function getEvalRun(pool: pg.Pool, pipelineRunId: string, kind: EvalKind): Promise<StoredEvalRun> {
  const r = await pool.query<{ id: string; status: EvalRunStatus; score: number | null; max_score: number | null }>(
    'SELECT id, status, score, max_score FROM eval_runs WHERE pipeline_run_id = $1 AND kind = $2',
    [pipelineRunId, kind],
  );
  if (r.rowCount === 0) throw new Error(`no ${kind} eval run for pipeline run ${pipelineRunId}`);
  return { id: r.rows[0].id, kind, status: r.rows[0].status, score: r.rows[0].score, maxScore: r.rows[0].max_score };
}

export async function markEvalRunRunning(pool: pg.Pool, evalRunId: string, provider: string, model: string): Promise<void> {
  await pool.query(
    `UPDATE eval_runs SET status = 'RUNNING', provider = $2, model = $3 WHERE id = $1 AND status IN ('PENDING', 'RUNNING')`,
    [evalRunId, provider, model],
  );
}

export interface EvalRunResult {
  status: TerminalEvalRunStatus;
  score: number | null;
  maxScore: number | null;
  summary: string;
  provider: string | null;
  model: string | null;
  promptVersion: string | null;
  issues: NormalizedIssue[];
  usage?: {
    promptTokens: number;
    cachedTokens: number;
    completionTokens: number;
    imageTokens: number;
    costUsd: number | null;
    latencyMs: number;
  };
}

/**
 * Ends an eval run once. A second call (a retried activity) changes nothing and
 * reports the status already stored: the first result wins.
 */
export async function finishEvalRun(pool: pg.Pool, evalRunId: string, result: EvalRunResult): Promise<TerminalEvalRunStatus> {
  return inTransaction(pool, async (client) => {
    const high = result.issues.filter((i) => i.severity === 'HIGH').length;
    const updated = await client.query(
      `UPDATE eval_runs SET status = $2, score = $3, max_score = $4, summary = $5, provider = COALESCE($6, provider), model = COALESCE($7, model),
         prompt_version = $8, issue_count = $9, high_severity_count = $10, prompt_tokens = $11, completion_tokens = $12,
         image_tokens = $13, cost_usd = $14, latency_ms = $15, cached_tokens = $16, completed_at = now()
       WHERE id = $1 AND status IN ('PENDING', 'RUNNING')`,
      [
        evalRunId,
        result.status,
        result.score,
        result.maxScore,
        result.summary,
        result.provider,
        result.model,
        result.promptVersion,
        result.issues.length,
        high,
        result.usage?.promptTokens ?? null,
        result.usage?.completionTokens ?? null,
        result.usage?.imageTokens ?? null,
        result.usage?.costUsd ?? null,
        result.usage?.latencyMs ?? null,
        result.usage?.cachedTokens ?? null,
      ],
    );
    if (updated.rowCount === 0) {
      const current = await client.query<{ status: TerminalEvalRunStatus }>('SELECT status FROM eval_runs WHERE id = $1', [evalRunId]);
      return current.rows[0].status;
    }
    for (const [ordinal, issue] of result.issues.entries()) {
      await client.query(
        `INSERT INTO eval_issues (id, eval_run_id, ordinal, severity, category, frame_index, frame_hint, timestamp_ms, description, suggested_fix, region, origin)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (eval_run_id, ordinal) DO NOTHING`,
        [
          crypto.randomUUID(),
          evalRunId,
          ordinal,
          issue.severity,
          issue.category,
          issue.frameIndex,
          issue.frameHint,
          issue.timestampMs ?? null,
          issue.description,
          issue.suggestedFix,
          issue.region ? JSON.stringify(issue.region) : null,
          issue.origin ?? null,
        ],
      );
    }
    return result.status;
  });
}
