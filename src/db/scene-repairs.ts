import type pg from 'pg';
import type { EvalKind } from '../domain/types';
import { SCENE_CHECK_PREFIX } from '../providers/local-checks';
import type { FindingFix, SceneRepair } from '../scene/repair';
import { inTransaction } from './transaction';

/**
 * A run's scene repair (migration 011, docs/fixes.md): written once, beside the
 * run's issues. Each fix names the stored issue it belongs to, and that issue's
 * `suggestedFix` becomes the fix's text in the same transaction.
 */

/** A fix as stored: the finding's fix and the id of the stored issue it is about (null when none matched). */
export interface StoredFindingFix extends FindingFix {
  issueId: string | null;
}

export interface StoredSceneRepair extends Omit<SceneRepair, 'fixes'> {
  fixes: StoredFindingFix[];
}

interface IssueRow {
  id: string;
  kind: EvalKind;
  category: string;
  description: string;
}

/**
 * The stored issue each fix is about: the same kind and category, and the
 * finding's own description (an LLM judge's run stores a scene finding it
 * merged in with the "Scene check: " prefix). Each issue is taken once.
 */
export function matchIssues(fixes: readonly FindingFix[], issues: readonly IssueRow[]): (string | null)[] {
  const taken = new Set<string>();
  return fixes.map(({ finding }) => {
    const description = finding.description.trim();
    const issue = issues.find(
      (i) =>
        !taken.has(i.id) &&
        i.kind === finding.kind &&
        i.category === finding.category &&
        (i.description === description || i.description === `${SCENE_CHECK_PREFIX}${description}`),
    );
    if (!issue) return null;
    taken.add(issue.id);
    return issue.id;
  });
}

/**
 * Stores the repair once (a retried activity keeps the first) and, with it,
 * each matched issue's suggestedFix. The texts are scrubbed by the caller.
 * Returns what is stored.
 */
export async function saveSceneRepair(pool: pg.Pool, pipelineRunId: string, repair: SceneRepair): Promise<StoredSceneRepair> {
  return inTransaction(pool, async (client) => {
    const issues = await client.query<IssueRow>(
      `SELECT i.id, r.kind, i.category, i.description FROM eval_issues i JOIN eval_runs r ON r.id = i.eval_run_id
       WHERE r.pipeline_run_id = $1 ORDER BY r.kind, i.ordinal`,
      [pipelineRunId],
    );
    const ids = matchIssues(repair.fixes, issues.rows);
    const stored: StoredSceneRepair = { ...repair, fixes: repair.fixes.map((fix, n) => ({ ...fix, issueId: ids[n] })) };
    const inserted = await client.query(
      `INSERT INTO scene_repairs (pipeline_run_id, fixes, combined, candidates, wall_ms, cpu_seconds) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (pipeline_run_id) DO NOTHING`,
      [
        pipelineRunId,
        JSON.stringify(stored.fixes),
        JSON.stringify(stored.combined),
        stored.candidates,
        Math.round(stored.wallMs),
        stored.cpuSeconds,
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
  }>('SELECT fixes, combined, candidates, wall_ms, cpu_seconds FROM scene_repairs WHERE pipeline_run_id = $1', [pipelineRunId]);
  const row = r.rows[0];
  return row
    ? {
        fixes: row.fixes,
        combined: row.combined,
        candidates: row.candidates,
        wallMs: row.wall_ms,
        cpuSeconds: row.cpu_seconds === null ? null : Number(row.cpu_seconds),
      }
    : null;
}
