import { setTimeout as sleep } from 'node:timers/promises';
import { InfrastructureError } from '../errors';

/**
 * PostgreSQL that blinks (a restart, a failover, a minute of network loss) is
 * infrastructure, not a judge's or an input's fault: the activities that hold
 * paid-for work (a judge's answer, extracted frames) wait for it to answer
 * again instead of failing at once and doing the work again.
 */

/** SQLSTATE classes and socket errors that mean "the server is not there", as opposed to a bad query. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
]);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable|the database system is (starting up|shutting down)/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errors?: unknown[] } | null;
  if (!e) return false;
  // pg reports a refused connection to a name with several addresses as an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some(isDatabaseUnavailable)) return true;
  return (e.code !== undefined && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) || UNAVAILABLE_MESSAGES.test(e.message ?? '');
}

/**
 * Runs `query` until PostgreSQL answers it, for at most `outageMs`
 * (EVALS_DATABASE_OUTAGE_SECONDS), pausing 0.5 s doubling to 5 s; any other
 * error is thrown at once. Past the limit: an InfrastructureError naming the
 * database, which Temporal retries like any other fault.
 */
export async function untilDatabaseAnswers<T>(query: () => Promise<T>, outageMs: number, signal?: AbortSignal): Promise<T> {
  const deadline = Date.now() + outageMs;
  for (let pause = 500; ; pause = Math.min(pause * 2, 5_000)) {
    try {
      return await query();
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      if (Date.now() + pause > deadline) {
        throw new InfrastructureError(
          'database',
          `PostgreSQL did not answer for ${Math.round(outageMs / 1000)} s (EVALS_DATABASE_OUTAGE_SECONDS): ${(err as Error).message}`,
        );
      }
      await sleep(pause, undefined, { signal });
    }
  }
}
