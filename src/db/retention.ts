import type pg from 'pg';
import type { Config } from '../config';
import { repeatEvery } from '../infra/periodic';
import type { Logger } from '../logger';
import { ADVISORY_LOCKS, withAdvisoryLock } from './advisory-lock';

/**
 * Retention: the frame images, whole-video signal and scene timeline of runs finished more than
 * EVALS_RETENTION_DAYS ago are deleted; the pipeline run, its eval runs and
 * issues (the product's record) stay, and `frames_pruned_at` says when.
 */

/** Runs per transaction: short transactions, so pruning never holds locks long while activities write. */
const BATCH = 50;

export interface PruneResult {
  /** Runs whose frames or signal were deleted. */
  pipelineRuns: number;
  frames: number;
  /** Stored (compressed) size of the deleted frame images. */
  bytes: number;
}

/**
 * One pruning pass, one pruner at a time: when another process (a worker of the
 * fleet, or `evals prune`) holds the lock, null at once, or with `wait` after it
 * is released.
 */
export async function pruneFrames(pool: pg.Pool, retentionDays: number, opts: { wait?: boolean } = {}): Promise<PruneResult | null> {
  return withAdvisoryLock(pool, ADVISORY_LOCKS.pruning, { wait: opts.wait === true }, async (client) => {
    const total: PruneResult = { pipelineRuns: 0, frames: 0, bytes: 0 };
    for (;;) {
      await client.query('BEGIN');
      try {
        // Every finished run past retention is marked, frames or not, so it leaves the index the next pass scans.
        const due = await client.query<{ id: string }>(
          `SELECT id FROM pipeline_runs
           WHERE frames_pruned_at IS NULL AND completed_at IS NOT NULL AND completed_at < now() - make_interval(days => $1)
           ORDER BY completed_at LIMIT $2`,
          [retentionDays, BATCH],
        );
        const ids = due.rows.map((r) => r.id);
        if (ids.length === 0) {
          await client.query('COMMIT');
          return total;
        }
        const blobs = await client.query<{ pipeline_run_id: string; bytes: number }>(
          'DELETE FROM frame_blobs WHERE pipeline_run_id = ANY($1) RETURNING pipeline_run_id, pg_column_size(content) AS bytes',
          [ids],
        );
        const frames = await client.query<{ pipeline_run_id: string }>(
          'DELETE FROM frames WHERE pipeline_run_id = ANY($1) RETURNING pipeline_run_id',
          [ids],
        );
        const signals = await client.query<{ pipeline_run_id: string }>(
          'DELETE FROM video_signals WHERE pipeline_run_id = ANY($1) RETURNING pipeline_run_id',
          [ids],
        );
        // The scene's recorded timeline is bulk data like the frames; whether and why it was inspected stays.
        await client.query('UPDATE scene_inspections SET timeline = NULL WHERE pipeline_run_id = ANY($1) AND timeline IS NOT NULL', [ids]);
        await client.query('UPDATE pipeline_runs SET frames_pruned_at = now() WHERE id = ANY($1)', [ids]);
        await client.query('COMMIT');
        total.pipelineRuns += new Set([...blobs.rows, ...frames.rows, ...signals.rows].map((r) => r.pipeline_run_id)).size;
        total.frames += blobs.rowCount ?? 0;
        total.bytes += blobs.rows.reduce((sum, r) => sum + r.bytes, 0);
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      }
    }
  });
}

/** What a pass would delete now, without deleting it (`evals prune --dry-run`). */
export async function framesDue(pool: pg.Pool, retentionDays: number): Promise<PruneResult> {
  const r = await pool.query<{ pipeline_runs: number; frames: number; bytes: string | null }>(
    `WITH due AS (
       SELECT id FROM pipeline_runs
       WHERE frames_pruned_at IS NULL AND completed_at IS NOT NULL AND completed_at < now() - make_interval(days => $1)
     )
     SELECT (SELECT count(*)::int FROM due d WHERE EXISTS (SELECT 1 FROM frame_blobs b WHERE b.pipeline_run_id = d.id)
               OR EXISTS (SELECT 1 FROM frames f WHERE f.pipeline_run_id = d.id)
               OR EXISTS (SELECT 1 FROM video_signals s WHERE s.pipeline_run_id = d.id)) AS pipeline_runs,
            count(b.storage_key)::int AS frames, sum(pg_column_size(b.content)) AS bytes
     FROM due d JOIN frame_blobs b ON b.pipeline_run_id = d.id`,
    [retentionDays],
  );
  const row = r.rows[0];
  return { pipelineRuns: row.pipeline_runs, frames: row.frames, bytes: Number(row.bytes ?? 0) };
}

/**
 * Prunes in the background on a fleet worker: a pass at start, then one every
 * EVALS_PRUNE_INTERVAL_SECONDS. Every worker tries; the lock lets one prune and
 * the others step aside, so the fleet needs no elected pruner. Passes never
 * overlap within a process, and a failed pass is logged and tried again later
 * (src/infra/periodic.ts).
 */
export function startPruning(pool: pg.Pool, retention: Config['retention'], log: Logger): { stop(): Promise<void> } {
  if (retention.days === 0) {
    log.info('retention off (EVALS_RETENTION_DAYS=0): frames are kept for ever');
    return { stop: async () => undefined };
  }
  return repeatEvery(retention.pruneIntervalMs, log, 'pruning', async () => {
    const pruned = await pruneFrames(pool, retention.days);
    if (pruned === null) log.debug('pruning skipped: another process holds the lock');
    else if (pruned.pipelineRuns > 0) log.info({ ...pruned, retentionDays: retention.days }, 'frames pruned');
    else log.debug({ retentionDays: retention.days }, 'nothing to prune');
  });
}
