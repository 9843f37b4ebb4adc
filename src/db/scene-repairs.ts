import type pg from 'pg';
import type { EvalKind } from '../domain/types';
import { SCENE_CHECK_PREFIX } from '../providers/local-checks';
import type { FindingRepair, SceneRepair } from '../scene/repair';
import { numericColumn } from './columns';
import { inTransaction } from './transaction';

/**
 * A run's scene repair (migration 011, docs/fixes.md): written once, beside the
 * run's issues. Each fix names the stored issue it belongs to, and that issue's
 * `suggestedFix` becomes the fix's text in the same transaction.
 */

/** A fix as stored: the finding's fix and the id of the stored issue it is about (null when none matched). */
export interface StoredFindingFix extends FindingRepair {
  issueId: string | null;
}

export interface StoredSceneRepair extends Omit<SceneRepair, 'fixes' | 'budget'> {
  fixes: StoredFindingFix[];
  /** Null for a repair stored before repairs had a budget. */
  budget: SceneRepair['budget'] | null;
}

interface IssueRow {
  id: string;
  kind: EvalKind;
  category: string;
  frame_index: number | null;
  description: string;
}

/**
 * The stored issue each fix is about: the same kind and category, and the
 * finding's own description (an LLM judge's run stores a scene finding it
 * merged in with the "Scene check: " prefix); else, where the judge's own
 * issue stood for the finding, the one of that kind and category on its
 * frame. Each issue is taken once.
 */
export function matchIssues(fixes: readonly FindingRepair[], issues: readonly IssueRow[]): (string | null)[] {
  const taken = new Set<string>();
  const pick = (fix: FindingRepair, matches: (i: IssueRow) => boolean): string | null => {
    const { kind, category } = fix.finding;
    const issue = issues.find((i) => !taken.has(i.id) && i.kind === kind && i.category === category && matches(i));
    if (issue) taken.add(issue.id);
    return issue?.id ?? null;
  };
  // Every exact match first, so the looser one never takes an issue another finding names word for word.
  const exact = fixes.map((fix) => {
    const description = fix.finding.description.trim();
    return pick(fix, (i) => i.description === description || i.description === `${SCENE_CHECK_PREFIX}${description}`);
  });
  return exact.map(
    (id, n) => id ?? (fixes[n].finding.frameIndex === null ? null : pick(fixes[n], (i) => i.frame_index === fixes[n].finding.frameIndex)),
  );
}

/**
 * Stores the repair once (a retried activity keeps the first) and, with it,
 * each matched issue's suggestedFix. The texts are scrubbed by the caller.
 * Returns what is stored.
 */
export async function saveSceneRepair(pool: pg.Pool, pipelineRunId: string, repair: SceneRepair): Promise<StoredSceneRepair> {
  return inTransaction(pool, async (client) => {
    const issues = await client.query<IssueRow>(
      `SELECT i.id, r.kind, i.category, i.frame_index, i.description FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id
       WHERE r.pipeline_run_id = $1 ORDER BY r.kind, i.ordinal`,
      [pipelineRunId],
    );
    const ids = matchIssues(repair.fixes, issues.rows);
    const stored: StoredSceneRepair = { ...repair, fixes: repair.fixes.map((fix, n) => ({ ...fix, issueId: ids[n] })) };
    const inserted = await client.query(
      `INSERT INTO scene_repairs (pipeline_run_id, fixes, combined, candidates, wall_ms, cpu_seconds, import_cpu_seconds, budget) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (pipeline_run_id) DO NOTHING`,
      [
        pipelineRunId,
        JSON.stringify(stored.fixes),
        JSON.stringify(stored.combined),
        stored.candidates,
        Math.round(stored.wallMs),
        stored.cpuSeconds,
        stored.importCpuSeconds,
        JSON.stringify(stored.budget),
      ],
    );
    if (inserted.rowCount === 0) return (await loadSceneRepair(client, pipelineRunId))!;
    for (const fix of stored.fixes)
      if (fix.issueId) await client.query('UPDATE eval_issues SET suggested_fix = $2 WHERE id = $1', [fix.issueId, fix.suggestedFix]);
    return stored;
  });
}

export async function loadSceneRepair(db: pg.Pool | pg.PoolClient, pipelineRunId: string): Promise<StoredSceneRepair | null> {
  const r = await db.query<{
    fixes: StoredFindingFix[];
    combined: SceneRepair['combined'];
    candidates: number;
    wall_ms: number;
    cpu_seconds: string | null;
    import_cpu_seconds: string | null;
    budget: SceneRepair['budget'] | null;
  }>('SELECT fixes, combined, candidates, wall_ms, cpu_seconds, import_cpu_seconds, budget FROM scene_repairs WHERE pipeline_run_id = $1', [
    pipelineRunId,
  ]);
  const row = r.rows[0];
  return row
    ? {
        fixes: row.fixes,
        combined: row.combined,
        candidates: row.candidates,
        wallMs: row.wall_ms,
        cpuSeconds: numericColumn(row.cpu_seconds),
        importCpuSeconds: numericColumn(row.import_cpu_seconds),
        budget: row.budget,
      }
    : null;
}
