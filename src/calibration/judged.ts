import type pg from 'pg';
import { getEvalRunCosts, getPipelineRun, issueTimes } from '../read-model/read-model';
import type { EvalPipelineRun } from '../read-model/schemas';
import type { JudgedAnimation } from './metrics';

/** A stored pipeline run as the metrics read it, with the run itself. */
export interface JudgedRun extends JudgedAnimation {
  run: EvalPipelineRun;
}

/** What a stored run found: each issue at the time of its frame, the statuses, cost and latency. */
export async function judgedRun(pool: pg.Pool, pipelineRunId: string): Promise<JudgedRun | null> {
  const response = await getPipelineRun(pool, pipelineRunId, { includeIssues: true });
  if (!response) return null;
  const run = response.evalPipelineRun;
  const [costs, times] = await Promise.all([getEvalRunCosts(pool, pipelineRunId), issueTimes(pool, pipelineRunId)]);
  return {
    run,
    statuses: Object.fromEntries(run.evalRuns.map((r) => [r.kind, r.status])),
    issues: run.evalRuns.flatMap((r) =>
      (r.issues ?? []).map((i) => ({ kind: r.kind, category: i.category, severity: i.severity, atMs: times.get(i.id) ?? null })),
    ),
    costUsd: Object.fromEntries(costs.map((c) => [c.kind, c.costUsd])),
    judgeLatencyMs: Object.fromEntries(costs.map((c) => [c.kind, c.latencyMs])),
    wallMs: run.completedAt ? Date.parse(run.completedAt) - Date.parse(run.createdAt) : null,
  };
}
