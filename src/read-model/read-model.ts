import type pg from 'pg';
import type { EvalIssue, EvalPipelineRun, EvalRun, FlatIssue, IssuesResponse, PipelineRunResponse } from './schemas';
import { EVAL_KINDS, type EvalKind } from '../domain/types';
import type { IssueOrigin, IssueRegion } from '../kinds';

/**
 * Reads that return exactly the REST interface's shapes. `ownerUserId`, when
 * given, scopes the read: another user's run is reported as missing.
 */

const iso = (d: Date): string => d.toISOString();
const isoOrNull = (d: Date | null): string | null => (d ? d.toISOString() : null);
const KIND_ORDER = new Map(EVAL_KINDS.map((k, i) => [k, i]));
/** Eval runs and issues are served in the interface's kind order. */
const byKind = (a: { kind: EvalKind }, b: { kind: EvalKind }): number => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)!;

interface RunRow {
  id: string;
  fragment_id: string;
  project_id: string;
  user_id: string;
  attempt_number: number;
  status: PipelineRunResponse['evalPipelineRun']['status'];
  overall_status: PipelineRunResponse['evalPipelineRun']['overallStatus'];
  render_job_id: string | null;
  execution_name: string | null;
  summary: string | null;
  created_at: Date;
  started_at: Date;
  completed_at: Date | null;
}

/** An issue joined with its eval run's kind, as stored. */
interface StoredIssueRow {
  id: string;
  eval_run_id: string;
  kind: EvalKind;
  severity: EvalIssue['severity'];
  category: string;
  frame_index: number | null;
  frame_hint: string | null;
  description: string;
  suggested_fix: string | null;
  created_at: Date;
}

async function findRun(pool: pg.Pool, pipelineRunId: string, ownerUserId?: string): Promise<RunRow | null> {
  const result = await pool.query<RunRow>(`SELECT * FROM pipeline_runs WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)`, [
    pipelineRunId,
    ownerUserId ?? null,
  ]);
  return result.rows[0] ?? null;
}

async function issueRows(pool: pg.Pool, pipelineRunId: string): Promise<StoredIssueRow[]> {
  const result = await pool.query<StoredIssueRow>(
    `SELECT i.id, i.eval_run_id, r.kind, i.severity, i.category, i.frame_index, i.frame_hint, i.description, i.suggested_fix, i.created_at
     FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id
     WHERE r.pipeline_run_id = $1
     ORDER BY i.eval_run_id, i.ordinal`,
    [pipelineRunId],
  );
  return result.rows.sort(byKind);
}

/** When each issue's frame was shown, ms, by issue id (null: pinned to no frame): stored beside the served shape, not in it. */
export async function issueTimes(pool: pg.Pool, pipelineRunId: string): Promise<Map<string, number | null>> {
  const result = await pool.query<{ id: string; timestamp_ms: number | null }>(
    `SELECT i.id, i.timestamp_ms FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE r.pipeline_run_id = $1`,
    [pipelineRunId],
  );
  return new Map(result.rows.map((r) => [r.id, r.timestamp_ms]));
}

function toIssue(row: StoredIssueRow): EvalIssue {
  return {
    id: row.id,
    severity: row.severity,
    category: row.category,
    frameIndex: row.frame_index,
    frameHint: row.frame_hint,
    description: row.description,
    suggestedFix: row.suggested_fix,
  };
}

export async function getPipelineRun(
  pool: pg.Pool,
  pipelineRunId: string,
  opts: { includeIssues?: boolean; ownerUserId?: string } = {},
): Promise<PipelineRunResponse | null> {
  const run = await findRun(pool, pipelineRunId, opts.ownerUserId);
  if (!run) return null;
  const evalRows = await pool.query<{
    id: string;
    kind: EvalKind;
    status: EvalRun['status'];
    score: number | null;
    max_score: number | null;
    issue_count: number;
    high_severity_count: number;
    summary: string | null;
    provider: string | null;
    model: string | null;
    created_at: Date;
    completed_at: Date | null;
  }>('SELECT * FROM eval_runs WHERE pipeline_run_id = $1', [pipelineRunId]);
  const issues = opts.includeIssues ? await issueRows(pool, pipelineRunId) : [];
  const evalRuns: EvalRun[] = evalRows.rows.sort(byKind).map((r) => ({
    id: r.id,
    kind: r.kind,
    status: r.status,
    score: r.score,
    maxScore: r.max_score,
    issueCount: r.issue_count,
    highSeverityCount: r.high_severity_count,
    summary: r.summary,
    provider: r.provider,
    model: r.model,
    createdAt: iso(r.created_at),
    completedAt: isoOrNull(r.completed_at),
    ...(opts.includeIssues ? { issues: issues.filter((i) => i.eval_run_id === r.id).map(toIssue) } : {}),
  }));
  return {
    evalPipelineRun: {
      id: run.id,
      fragmentId: run.fragment_id,
      projectId: run.project_id,
      userId: run.user_id,
      attemptNumber: run.attempt_number,
      status: run.status,
      overallStatus: run.overall_status,
      renderJobId: run.render_job_id,
      executionName: run.execution_name,
      summary: run.summary,
      createdAt: iso(run.created_at),
      startedAt: iso(run.started_at),
      completedAt: isoOrNull(run.completed_at),
      evalRuns,
    },
  };
}

export async function listIssues(
  pool: pg.Pool,
  pipelineRunId: string,
  opts: { ownerUserId?: string } = {},
): Promise<IssuesResponse | null> {
  const run = await findRun(pool, pipelineRunId, opts.ownerUserId);
  if (!run) return null;
  const issues: FlatIssue[] = (await issueRows(pool, pipelineRunId)).map((row) => ({
    ...toIssue(row),
    evalRunId: row.eval_run_id,
    kind: row.kind,
    createdAt: iso(row.created_at),
  }));
  return { pipelineRunId, issues };
}

export interface EvalRunCost {
  kind: EvalKind;
  model: string | null;
  promptVersion: string | null;
  promptTokens: number | null;
  /** Of promptTokens, those served from the endpoint's prompt cache. */
  cachedTokens: number | null;
  completionTokens: number | null;
  imageTokens: number | null;
  costUsd: number | null;
  latencyMs: number | null;
}

/** Token usage, cost and latency per eval run: not in the API shape, shown by the CLI. */
export async function getEvalRunCosts(pool: pg.Pool, pipelineRunId: string): Promise<EvalRunCost[]> {
  const result = await pool.query<{
    kind: EvalKind;
    model: string | null;
    prompt_version: string | null;
    prompt_tokens: number | null;
    cached_tokens: number | null;
    completion_tokens: number | null;
    image_tokens: number | null;
    cost_usd: string | null;
    latency_ms: number | null;
  }>(
    'SELECT kind, model, prompt_version, prompt_tokens, cached_tokens, completion_tokens, image_tokens, cost_usd, latency_ms FROM eval_runs WHERE pipeline_run_id = $1',
    [pipelineRunId],
  );
  return result.rows.sort(byKind).map((r) => ({
    kind: r.kind,
    model: r.model,
    promptVersion: r.prompt_version,
    promptTokens: r.prompt_tokens,
    cachedTokens: r.cached_tokens,
    completionTokens: r.completion_tokens,
    imageTokens: r.image_tokens,
    costUsd: r.cost_usd === null ? null : Number(r.cost_usd),
    latencyMs: r.latency_ms,
  }));
}

/** The pipeline run a workflow execution created, by workflow id; null until its first activity has run. */
export async function pipelineRunIdOf(pool: pg.Pool, workflowId: string): Promise<string | null> {
  const r = await pool.query<{ id: string }>('SELECT id FROM pipeline_runs WHERE execution_name = $1', [workflowId]);
  return r.rows[0]?.id ?? null;
}

export interface PipelineProgress {
  attemptNumber: number;
  status: EvalPipelineRun['status'];
  evalRuns: { kind: EvalKind; status: EvalRun['status'] }[];
}

/** Where a workflow execution's pipeline run stands, for progress displays; null until it exists. */
export async function pipelineProgress(pool: pg.Pool, workflowId: string): Promise<PipelineProgress | null> {
  const r = await pool.query<{
    kind: EvalKind;
    status: EvalRun['status'];
    pipeline_status: EvalPipelineRun['status'];
    attempt_number: number;
  }>(
    `SELECT r.kind, r.status, p.status AS pipeline_status, p.attempt_number FROM eval_runs r
     JOIN pipeline_runs p ON p.id = r.pipeline_run_id WHERE p.execution_name = $1`,
    [workflowId],
  );
  if (r.rowCount === 0) return null;
  return {
    attemptNumber: r.rows[0].attempt_number,
    status: r.rows[0].pipeline_status,
    evalRuns: r.rows.map((row) => ({ kind: row.kind, status: row.status })).sort(byKind),
  };
}

export interface PipelineRunListing {
  id: string;
  fragmentId: string;
  attemptNumber: number;
  status: EvalPipelineRun['status'];
  overallStatus: EvalPipelineRun['overallStatus'];
  summary: string | null;
  createdAt: string;
}

/** Stored pipeline runs, newest first, optionally of one fragment and in one status (pipeline status or overall status). */
export async function listPipelineRuns(
  pool: pg.Pool,
  filter: { fragmentId?: string; status?: string; limit: number },
): Promise<PipelineRunListing[]> {
  const result = await pool.query<RunRow>(
    `SELECT * FROM pipeline_runs
     WHERE ($1::text IS NULL OR fragment_id = $1) AND ($2::text IS NULL OR status = $2 OR overall_status = $2)
     ORDER BY created_at DESC, attempt_number DESC LIMIT $3`,
    [filter.fragmentId ?? null, filter.status ?? null, filter.limit],
  );
  return result.rows.map((r) => ({
    id: r.id,
    fragmentId: r.fragment_id,
    attemptNumber: r.attempt_number,
    status: r.status,
    overallStatus: r.overall_status,
    summary: r.summary,
    createdAt: iso(r.created_at),
  }));
}

export interface StoredFrame {
  index: number;
  timestampMs: number;
  width: number;
  height: number;
  jpeg: Buffer;
}

/** A run's extracted frames with their images, in index order (empty before extraction, or once pruned). */
export async function getFrames(pool: pg.Pool, pipelineRunId: string): Promise<StoredFrame[]> {
  const result = await pool.query<{ frame_index: number; timestamp_ms: number; width: number; height: number; content: Buffer }>(
    `SELECT f.frame_index, f.timestamp_ms, f.width, f.height, b.content
     FROM frames f JOIN frame_blobs b ON b.storage_key = f.storage_key
     WHERE f.pipeline_run_id = $1 ORDER BY f.frame_index`,
    [pipelineRunId],
  );
  return result.rows.map((r) => ({ index: r.frame_index, timestampMs: r.timestamp_ms, width: r.width, height: r.height, jpeg: r.content }));
}

/**
 * When retention pruned the run's frames and signal (ISO 8601), or null while
 * they are kept; also null for a run that never had frames (not part of the REST shapes).
 */
export async function framesPrunedAt(pool: pg.Pool, pipelineRunId: string): Promise<string | null> {
  const result = await pool.query<{ frames_pruned_at: Date | null }>(
    'SELECT frames_pruned_at FROM pipeline_runs WHERE id = $1 AND frame_plan IS NOT NULL',
    [pipelineRunId],
  );
  return isoOrNull(result.rows[0]?.frames_pruned_at ?? null);
}

/** Who found each of a run's issues (scene, pixels, judge), by issue id, where recorded (not part of the REST shapes). */
export async function getIssueOrigins(pool: pg.Pool, pipelineRunId: string): Promise<Map<string, IssueOrigin>> {
  const result = await pool.query<{ id: string; origin: IssueOrigin }>(
    `SELECT i.id, i.origin FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE r.pipeline_run_id = $1 AND i.origin IS NOT NULL`,
    [pipelineRunId],
  );
  return new Map(result.rows.map((r) => [r.id, r.origin]));
}

/** Where on their frames a run's issues are, by issue id, for those whose judge knew it (not part of the REST shapes). */
export async function getIssueRegions(pool: pg.Pool, pipelineRunId: string): Promise<Map<string, IssueRegion>> {
  const result = await pool.query<{ id: string; region: IssueRegion }>(
    `SELECT i.id, i.region FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id WHERE r.pipeline_run_id = $1 AND i.region IS NOT NULL`,
    [pipelineRunId],
  );
  return new Map(result.rows.map((r) => [r.id, r.region]));
}

/**
 * Whether a run has ended and, once it has, a tag of what its answers depend
 * on: an ended run's rows no longer change, except that retention may prune
 * its frames and reviewers review it (which its report shows). Null when the
 * run does not exist or is another user's.
 */
export async function runVersion(
  pool: pg.Pool,
  pipelineRunId: string,
  ownerUserId?: string,
): Promise<{ ended: boolean; tag: string } | null> {
  const result = await pool.query<{
    status: EvalPipelineRun['status'];
    completed_at: Date | null;
    frames_pruned_at: Date | null;
    reviews: string;
  }>(
    `SELECT status, completed_at, frames_pruned_at,
       (SELECT count(*) || '@' || coalesce(max(extract(epoch FROM at)), 0) FROM (
          SELECT reviewed_at AS at FROM issue_reviews WHERE pipeline_run_id = p.id
          UNION ALL SELECT created_at FROM missed_issues WHERE pipeline_run_id = p.id
          UNION ALL SELECT completed_at FROM run_reviews WHERE pipeline_run_id = p.id) r) AS reviews
     FROM pipeline_runs p WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)`,
    [pipelineRunId, ownerUserId ?? null],
  );
  const row = result.rows[0];
  if (!row) return null;
  const ended = (row.status === 'COMPLETED' || row.status === 'ERROR') && row.completed_at !== null;
  return { ended, tag: `${row.completed_at?.getTime() ?? 0}.${row.frames_pruned_at?.getTime() ?? 0}.${row.reviews}` };
}
