import type pg from 'pg';
import { z } from 'zod';
import { loadSceneRepair, type StoredSceneRepair } from '../db/scene-repairs';
import { EVAL_KINDS, SEVERITIES } from '../domain/types';

/**
 * A run's verified source patches (docs/fixes.md), as `GET
 * /evals/pipeline-runs/{id}/fixes` serves them and `evals run --fixes DIR`
 * writes them to DIR/fixes.json: one entry per layout finding of the scene,
 * and all verified patches together. A shape of its own: the REST
 * interface's shapes are unchanged (an issue's suggestedFix says the fix in words).
 */

const FIX_VERDICTS = ['verified', 'unverified', 'none'] as const;
/** A unified diff per file, or a file's text, keyed by the fragment's file name. */
const perFile = z.record(z.string(), z.string());

export const FindingRepairSchema = z
  .object({
    issue: z
      .object({
        /** The stored issue (EvalIssue.id); null when no stored issue matched the finding. */
        id: z.string().nullable(),
        kind: z.enum(EVAL_KINDS),
        severity: z.enum(SEVERITIES),
        category: z.string(),
        frameHint: z.string().nullable(),
        description: z.string(),
      })
      .strict(),
    verdict: z.enum(FIX_VERDICTS),
    change: z.string().nullable(),
    diff: perFile,
    reinspection: z.string(),
    suggestedFix: z.string(),
    candidatesTried: z.number().int().min(0),
  })
  .strict();

export const FixesResponseSchema = z
  .object({
    pipelineRunId: z.string(),
    fixes: z.array(FindingRepairSchema),
    combined: z.object({ verdict: z.enum(FIX_VERDICTS), diff: perFile, files: perFile, reinspection: z.string() }).strict(),
    /** What the repair could spend, and whether it stopped there; null for a repair stored before repairs had a budget. */
    budget: z
      .object({ candidates: z.number().int().min(0), wallMs: z.number().int().min(0), reached: z.boolean() })
      .strict()
      .nullable(),
  })
  .strict();

export type FindingRepairEntry = z.infer<typeof FindingRepairSchema>;
export type FixesResponse = z.infer<typeof FixesResponseSchema>;

/** The run's fixes in the served shape, validated. */
async function fixesOf(pool: pg.Pool, pipelineRunId: string, repair: StoredSceneRepair): Promise<FixesResponse> {
  const ids = repair.fixes.flatMap((f) => (f.issueId ? [f.issueId] : []));
  const issues = await pool.query<{ id: string; frame_hint: string | null; description: string }>(
    'SELECT id, frame_hint, description FROM eval_issues WHERE id = ANY($1)',
    [ids],
  );
  const byId = new Map(issues.rows.map((r) => [r.id, r]));
  return FixesResponseSchema.parse({
    pipelineRunId,
    fixes: repair.fixes.map((f) => {
      const stored = f.issueId ? byId.get(f.issueId) : undefined;
      return {
        issue: {
          id: stored ? f.issueId : null,
          kind: f.finding.kind,
          severity: f.finding.severity,
          category: f.finding.category,
          frameHint: stored?.frame_hint ?? null,
          description: stored?.description ?? f.finding.description,
        },
        verdict: f.verdict,
        change: f.change,
        diff: f.diff,
        reinspection: f.reinspection,
        suggestedFix: f.suggestedFix,
        candidatesTried: f.candidatesTried,
      };
    }),
    combined: repair.combined,
    budget: repair.budget,
  });
}

/** The fixes of a run, `none` when the run exists but was not repaired, null when there is no such run (or it is another user's). */
export async function getRunFixes(
  pool: pg.Pool,
  pipelineRunId: string,
  opts: { ownerUserId?: string } = {},
): Promise<FixesResponse | 'none' | null> {
  const run = await pool.query('SELECT 1 FROM pipeline_runs WHERE id = $1 AND ($2::text IS NULL OR user_id = $2)', [
    pipelineRunId,
    opts.ownerUserId ?? null,
  ]);
  if (run.rowCount === 0) return null;
  const repair = await loadSceneRepair(pool, pipelineRunId);
  return repair ? fixesOf(pool, pipelineRunId, repair) : 'none';
}
