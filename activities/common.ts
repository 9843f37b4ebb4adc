import { Context } from '@temporalio/activity';
import type pg from 'pg';
import type { Config } from '../src/config';
import { untilDatabaseAnswers } from '../src/db/outage';
import { finishEvalRun, getEvalRun } from '../src/db/eval-runs';
import { EVAL_KINDS, type TerminalEvalRunStatus } from '../src/domain/types';
import { infrastructureComponentOf, withFailureMapping } from '../src/errors';
import { KINDS, type EvalKind } from '../src/kinds';
import type { Logger } from '../src/logger';

/** Redacts the configured secrets from a text (src/secrets.ts). */
export type Scrub = (text: string) => string;

/** What every role's activities use: the database, the log, and the scrubbing of whatever they store or return. */
export interface CommonDeps {
  pool: pg.Pool;
  log: Logger;
  /** Whatever a judge endpoint, a scene or an error says is scrubbed of the configured secrets before it is stored or returned. */
  scrub: Scrub;
  config: { database: Pick<Config['database'], 'outageMs'> };
}

const HEARTBEAT_MS = 5_000;

/**
 * Heartbeats while `fn` runs, so a crashed worker is noticed and cancellation
 * reaches the activity. `beat(details)` records details at once and every
 * later heartbeat repeats them: progress, or answers not yet stored.
 */
export async function heartbeating<T>(fn: (beat: (details: unknown) => void, signal: AbortSignal) => Promise<T>): Promise<T> {
  const ctx = Context.current();
  // Until this attempt says otherwise, its heartbeats carry what the last attempt's did (answers not yet stored).
  let details: unknown = ctx.info.heartbeatDetails;
  const timer = setInterval(() => ctx.heartbeat(details), HEARTBEAT_MS);
  const beat = (next: unknown) => {
    details = next;
    ctx.heartbeat(details);
  };
  try {
    return await fn(beat, ctx.cancellationSignal);
  } finally {
    clearInterval(timer);
  }
}

/** Failures mapped to the error taxonomy (and scrubbed); database queries that wait out an outage. */
export function withCommon({ scrub, config }: CommonDeps) {
  return {
    mapFailures: <T>(fn: () => Promise<T>) => withFailureMapping(fn, scrub),
    /** A query that waits out a database outage (EVALS_DATABASE_OUTAGE_SECONDS) rather than losing the work in hand. */
    db: <T>(query: () => Promise<T>, signal?: AbortSignal) => untilDatabaseAnswers(query, config.database.outageMs, signal),
  };
}

/** The kinds judged: all but EVALS_DISABLED_KINDS. */
export function enabledKindsOf(judge: Pick<Config['judge'], 'disabledKinds'>): EvalKind[] {
  return EVAL_KINDS.filter((kind) => !judge.disabledKinds.includes(kind));
}

/** An eval run that could not be scored: ERROR, never FAIL; the summary blames the judge only when it was the judge. */
export async function recordJudgeError(
  pool: pg.Pool,
  scrub: Scrub,
  pipelineRunId: string,
  kind: EvalKind,
  reason: string,
  failureType?: string,
): Promise<TerminalEvalRunStatus> {
  const definition = KINDS[kind];
  const run = await getEvalRun(pool, pipelineRunId, kind);
  const cause = infrastructureComponentOf(failureType) === 'database' ? 'Database unavailable' : 'Judge error';
  return finishEvalRun(pool, run.id, {
    status: 'ERROR',
    score: null,
    maxScore: definition.maxScore,
    summary: `${cause}: ${scrub(reason)}`,
    provider: null,
    model: null,
    promptVersion: definition.promptVersion,
    issues: [],
  });
}
