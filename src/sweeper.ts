import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import type pg from 'pg';
import { ADVISORY_LOCKS, withAdvisoryLock } from './db/advisory-lock';
import { finishPipelineRun } from './db/pipeline-runs';
import { repeatEvery } from './infra/periodic';
import type { TemporalIdentity } from './infra/temporal-identity';
import type { Logger } from './logger';

/**
 * The sweeper: a pipeline run whose workflow closed without its final step
 * (terminated by an operator, timed out, a workflow task that can never
 * complete, a dev server gone with the process that owned it) would otherwise
 * stay RUNNING for ever, served like that by the read API. Each sweep looks up
 * the workflow of every unfinished row and ends the row ERROR, with the
 * workflow's closing status in the summary.
 *
 * It runs in the workers, not as a Temporal schedule: it needs exactly what a
 * worker already holds (the database and a Temporal client), there is nothing
 * to register or upgrade beside the fleet, and it also runs in the stack that
 * `evals run` and `evals dev` start. One worker sweeps at a time: the others
 * find the advisory lock taken and skip that round.
 */

/** A row this young may belong to a workflow that has not finished starting; it is left to the next sweep. */
const MIN_AGE_SECONDS = 30;
const BATCH = 100;

export interface SweptRun {
  pipelineRunId: string;
  /** The workflow's closing status (TERMINATED, TIMED_OUT, FAILED, ...), or NOT_FOUND when Temporal no longer knows it. */
  closedAs: string;
}

export interface SweepRules {
  /**
   * Whose rows: `own`, those of this Temporal (namespace and cluster); with
   * `-and-unrecorded`, also rows written before runs recorded their Temporal
   * (a fleet's, one cluster per database then); `all`, every row (a local
   * stack at start that is the sole user of its embedded database: the other
   * rows are those of stacks that died with their dev servers).
   */
  scope: 'own' | 'own-and-unrecorded' | 'all';
  /**
   * End rows whose workflow this Temporal does not know. Safe only where this
   * Temporal is the only one whose workflows write to the database: a fleet's
   * cluster, or a local stack that is the sole live user of its embedded
   * database (whoever wrote the older rows has exited with its dev server).
   */
  endMissing: boolean;
  /** Rows younger than this are left alone (their workflow may still be starting). */
  minAgeSeconds: number;
  /** Only rows created before this (a local stack's start: rows of stacks that died before it). */
  createdBefore?: Date;
}

/** One sweep; empty when another worker holds the lock. */
export async function sweepOnce(
  pool: pg.Pool,
  client: Client,
  log: Logger,
  temporal: TemporalIdentity,
  rules: SweepRules,
): Promise<SweptRun[]> {
  const swept = await withAdvisoryLock(pool, ADVISORY_LOCKS.sweeping, { wait: false }, async (session) => {
    const open = await session.query<{ id: string; execution_name: string | null; temporal_run_id: string }>(
      `SELECT id, execution_name, temporal_run_id FROM pipeline_runs
       WHERE status IN ('PENDING', 'RUNNING') AND created_at < now() - make_interval(secs => $1) AND ($3::timestamptz IS NULL OR created_at < $3)
         AND ($4 = 'all' OR (temporal_namespace = $5 AND temporal_cluster_id = $6) OR ($4 = 'own-and-unrecorded' AND temporal_cluster_id IS NULL))
       ORDER BY created_at LIMIT $2`,
      [rules.minAgeSeconds, BATCH, rules.createdBefore ?? null, rules.scope, temporal.namespace, temporal.clusterId],
    );
    const ended: SweptRun[] = [];
    for (const row of open.rows) {
      const closedAs = row.execution_name ? await closingStatus(client, row.execution_name, row.temporal_run_id) : 'NOT_FOUND';
      if (closedAs === null || (closedAs === 'NOT_FOUND' && !rules.endMissing)) continue;
      const reason =
        closedAs === 'NOT_FOUND'
          ? 'its workflow no longer exists in Temporal (the server that ran it is gone)'
          : `its workflow ended ${closedAs} before the pipeline finished`;
      await finishPipelineRun(pool, row.id, reason);
      log.warn({ pipelineRunId: row.id, workflowId: row.execution_name, closedAs }, 'sweeper ended a pipeline run whose workflow closed');
      ended.push({ pipelineRunId: row.id, closedAs });
    }
    return ended;
  });
  return swept ?? [];
}

/** The status a closed workflow ended with, NOT_FOUND when Temporal does not know it, null while it runs. */
async function closingStatus(client: Client, workflowId: string, runId: string): Promise<string | null> {
  try {
    const { status } = await client.workflow.getHandle(workflowId, runId).describe();
    return status.name === 'RUNNING' ? null : status.name;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return 'NOT_FOUND';
    throw err;
  }
}

type StartRules = Omit<SweepRules, 'minAgeSeconds'>;

/**
 * Sweeps now and then every `intervalSeconds` until stopped, by the periodic
 * rules; `atStart`, the first sweep by its own rules instead. `temporal` is
 * asked once, at the first sweep that gets it.
 */
export function startSweeper(opts: {
  pool: pg.Pool;
  client: Client;
  log: Logger;
  intervalSeconds: number;
  temporal: () => Promise<TemporalIdentity>;
  periodic: StartRules;
  atStart?: StartRules;
}): { stop(): Promise<void> } {
  let identity: TemporalIdentity | undefined;
  return repeatEvery(opts.intervalSeconds * 1000, opts.log, 'sweep', async (first) => {
    identity ??= await opts.temporal();
    const rules = (first && opts.atStart && { ...opts.atStart, minAgeSeconds: 0 }) || { ...opts.periodic, minAgeSeconds: MIN_AGE_SECONDS };
    await sweepOnce(opts.pool, opts.client, opts.log, identity, rules);
  });
}
