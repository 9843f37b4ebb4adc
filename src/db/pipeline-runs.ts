import crypto from 'node:crypto';
import type pg from 'pg';
import {
  CANCELLED,
  isPipelineEnded,
  isTerminal,
  overallStatus,
  pipelineSummary,
  withNotes,
  type SummaryIssue,
  type SummaryRun,
} from '../domain/status';
import {
  EVAL_KINDS,
  type EvalKind,
  type EvalRunStatus,
  type PipelineStatus,
  type Severity,
  type TerminalEvalRunStatus,
} from '../domain/types';
import { KINDS } from '../kinds';
import { inTransaction } from './transaction';

/**
 * A pipeline run's lifecycle: created once per Temporal run (with one eval run
 * per kind), marked running, then ended once with its roll-up. Each write is
 * idempotent: an activity retried after a crash finds its earlier work by the
 * Temporal run id instead of writing it twice.
 */

export interface NewPipelineRun {
  temporalRunId: string;
  executionName: string;
  fragmentId: string;
  projectId: string;
  userId: string;
  renderJobId: string | null;
  /** The Temporal whose workflow writes this run (namespace and cluster), for the sweeper; absent for rows made outside a workflow. */
  temporalNamespace?: string;
  temporalClusterId?: string | null;
  /** Kinds the configuration turns off: their eval runs are created SKIPPED, and are not among the run's kinds. */
  disabledKinds?: readonly EvalKind[];
}

export interface PipelineRunRef {
  pipelineRunId: string;
  attemptNumber: number;
  /** The kinds this run judges, in the order of EVAL_KINDS: decided here, once, so a later change of the list leaves it alone. */
  kinds: EvalKind[];
}

const DISABLED = 'Skipped: disabled by configuration.';

export async function createPipelineRun(pool: pg.Pool, run: NewPipelineRun): Promise<PipelineRunRef> {
  return inTransaction(pool, async (client) => {
    // The fragment's counter row is locked first: it serialises every creation for
    // the fragment, including two attempts of one activity running at once, so the
    // lookup below sees a row the other one committed.
    await client.query('INSERT INTO fragment_attempts (fragment_id, last_attempt) VALUES ($1, 0) ON CONFLICT (fragment_id) DO NOTHING', [
      run.fragmentId,
    ]);
    await client.query('SELECT 1 FROM fragment_attempts WHERE fragment_id = $1 FOR UPDATE', [run.fragmentId]);
    const existing = await client.query<{ id: string; attempt_number: number }>(
      'SELECT id, attempt_number FROM pipeline_runs WHERE temporal_run_id = $1',
      [run.temporalRunId],
    );
    if (existing.rowCount) {
      const { id, attempt_number: attemptNumber } = existing.rows[0];
      // The workflow waits for this result, so nothing but creation has touched the rows: the SKIPPED ones are the disabled kinds.
      const judged = await client.query<{ kind: EvalKind }>(
        `SELECT kind FROM eval_runs WHERE pipeline_run_id = $1 AND status <> 'SKIPPED'`,
        [id],
      );
      const kinds = new Set(judged.rows.map((r) => r.kind));
      return { pipelineRunId: id, attemptNumber, kinds: EVAL_KINDS.filter((k) => kinds.has(k)) };
    }
    const attempt = await client.query<{ last_attempt: number }>(
      'UPDATE fragment_attempts SET last_attempt = last_attempt + 1 WHERE fragment_id = $1 RETURNING last_attempt',
      [run.fragmentId],
    );
    const attemptNumber = attempt.rows[0].last_attempt;
    const id = crypto.randomUUID();
    await client.query(
      `INSERT INTO pipeline_runs (id, fragment_id, project_id, user_id, attempt_number, status, render_job_id, execution_name, temporal_run_id, temporal_namespace, temporal_cluster_id)
       VALUES ($1, $2, $3, $4, $5, 'PENDING', $6, $7, $8, $9, $10)`,
      [
        id,
        run.fragmentId,
        run.projectId,
        run.userId,
        attemptNumber,
        run.renderJobId,
        run.executionName,
        run.temporalRunId,
        run.temporalNamespace ?? null,
        run.temporalClusterId ?? null,
      ],
    );
    const kinds = EVAL_KINDS.filter((kind) => !run.disabledKinds?.includes(kind));
    for (const kind of EVAL_KINDS) {
      await client.query(
        kinds.includes(kind)
          ? `INSERT INTO eval_runs (id, pipeline_run_id, kind, status) VALUES ($1, $2, $3, 'PENDING')`
          : `INSERT INTO eval_runs (id, pipeline_run_id, kind, status, max_score, summary, completed_at) VALUES ($1, $2, $3, 'SKIPPED', $4, $5, now())`,
        kinds.includes(kind) ? [crypto.randomUUID(), id, kind] : [crypto.randomUUID(), id, kind, KINDS[kind].maxScore, DISABLED],
      );
    }
    return { pipelineRunId: id, attemptNumber, kinds };
  });
}

/** The Temporal execution that owns a pipeline run, for cancelling it. */
export async function findPipelineExecution(
  pool: pg.Pool,
  pipelineRunId: string,
): Promise<{ workflowId: string; runId: string; ended: boolean } | null> {
  const r = await pool.query<{ execution_name: string; temporal_run_id: string; status: PipelineStatus }>(
    'SELECT execution_name, temporal_run_id, status FROM pipeline_runs WHERE id = $1',
    [pipelineRunId],
  );
  const row = r.rows[0];
  if (!row) return null;
  return { workflowId: row.execution_name, runId: row.temporal_run_id, ended: isPipelineEnded(row.status) };
}

export async function markPipelineRunning(pool: pg.Pool, pipelineRunId: string): Promise<void> {
  await pool.query(`UPDATE pipeline_runs SET status = 'RUNNING', started_at = now() WHERE id = $1 AND status = 'PENDING'`, [pipelineRunId]);
}

/** The pipeline's own error (bad input, a failed step, `cancelled`) when the run ended ERROR; null otherwise. */
export async function loadPipelineError(pool: pg.Pool, pipelineRunId: string): Promise<string | null> {
  const r = await pool.query<{ error: string | null }>('SELECT error FROM pipeline_runs WHERE id = $1', [pipelineRunId]);
  return r.rows[0]?.error ?? null;
}

/** The user a pipeline run belongs to (whose TeX cache its scenes read), or null for no such run. */
export async function loadRunUser(pool: pg.Pool, pipelineRunId: string): Promise<string | null> {
  const run = await pool.query<{ user_id: string }>('SELECT user_id FROM pipeline_runs WHERE id = $1', [pipelineRunId]);
  return run.rows[0]?.user_id ?? null;
}

export interface PipelineOutcome {
  pipelineRunId: string;
  status: 'COMPLETED' | 'ERROR';
  overallStatus: TerminalEvalRunStatus;
  summary: string;
  /** Issues recorded across the eval runs, and how many of them are HIGH. */
  issueCount: number;
  highSeverityCount: number;
}

/**
 * Ends the pipeline run: eval runs still PENDING become SKIPPED (the pipeline
 * ended before they could run), those still RUNNING become ERROR, then the
 * overall status and summary are rolled up from what is stored, `notes` (what
 * was cut from the run's texts) after the summary.
 */
export async function finishPipelineRun(
  pool: pg.Pool,
  pipelineRunId: string,
  error: string | null,
  notes: readonly string[] = [],
): Promise<PipelineOutcome> {
  return inTransaction(pool, async (client) => {
    const current = await client.query<{ status: PipelineStatus; overall_status: TerminalEvalRunStatus | null; summary: string | null }>(
      'SELECT status, overall_status, summary FROM pipeline_runs WHERE id = $1 FOR UPDATE',
      [pipelineRunId],
    );
    if (current.rowCount === 0) throw new Error(`pipeline run ${pipelineRunId} does not exist`);
    const row = current.rows[0];
    const counted = async () => {
      const r = await client.query<{ issues: number; high: number }>(
        'SELECT coalesce(sum(issue_count), 0)::int AS issues, coalesce(sum(high_severity_count), 0)::int AS high FROM eval_runs WHERE pipeline_run_id = $1',
        [pipelineRunId],
      );
      return { issueCount: r.rows[0].issues, highSeverityCount: r.rows[0].high };
    };
    if (isPipelineEnded(row.status) && row.overall_status) {
      return { pipelineRunId, status: row.status, overallStatus: row.overall_status, summary: row.summary ?? '', ...(await counted()) };
    }
    const reason = error ?? 'pipeline ended before this eval ran';
    await client.query(
      `UPDATE eval_runs SET status = 'SKIPPED', summary = $2, completed_at = now() WHERE pipeline_run_id = $1 AND status = 'PENDING'`,
      [pipelineRunId, `Skipped: ${reason}.`],
    );
    await client.query(
      `UPDATE eval_runs SET status = 'ERROR', summary = $2, completed_at = now() WHERE pipeline_run_id = $1 AND status = 'RUNNING'`,
      [pipelineRunId, `Interrupted: ${reason}.`],
    );
    const runs = await client.query<{
      kind: EvalKind;
      status: EvalRunStatus;
      score: number | null;
      max_score: number | null;
      summary: string | null;
    }>('SELECT kind, status, score, max_score, summary FROM eval_runs WHERE pipeline_run_id = $1', [pipelineRunId]);
    const issues = await client.query<{
      kind: EvalKind;
      severity: Severity;
      category: string;
      frame_hint: string | null;
      description: string;
    }>(
      `SELECT r.kind, i.severity, i.category, i.frame_hint, i.description
       FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE r.pipeline_run_id = $1`,
      [pipelineRunId],
    );
    const summaryRuns: SummaryRun[] = runs.rows.map((r) => ({
      kind: r.kind,
      status: r.status,
      score: r.score,
      maxScore: r.max_score,
      summary: r.summary,
    }));
    const summaryIssues: SummaryIssue[] = issues.rows.map((i) => ({
      kind: i.kind,
      severity: i.severity,
      category: i.category,
      frameHint: i.frame_hint,
      description: i.description,
    }));
    if (summaryRuns.some((r) => !isTerminal(r.status))) throw new Error('eval runs left non-terminal');
    const status = error ? 'ERROR' : 'COMPLETED';
    const overall = overallStatus(summaryRuns, error !== null);
    // A cancelled run's summary is the one word: notes speak of a run that was judged.
    const summary = withNotes(pipelineSummary(overall, summaryRuns, summaryIssues, error ?? undefined), error === CANCELLED ? [] : notes);
    // The error is also its own field (migration 013): the summary is text for people, not to be parsed back.
    await client.query(
      `UPDATE pipeline_runs SET status = $2, overall_status = $3, summary = $4, error = $5, completed_at = now() WHERE id = $1`,
      [pipelineRunId, status, overall, summary, error],
    );
    return { pipelineRunId, status, overallStatus: overall, summary, ...(await counted()) };
  });
}
