import type pg from 'pg';

/** The fleet's PostgreSQL advisory locks: any constants, as long as every process uses the same ones. */
export const ADVISORY_LOCKS = { migrations: 727_001, pruning: 727_002, sweeping: 727_003 } as const;

/**
 * Runs `fn` on one connection holding the lock, released after. `wait`: until
 * the holder lets go; otherwise null at once when another process holds it.
 */
export async function withAdvisoryLock<T>(
  pool: pg.Pool,
  lock: number,
  opts: { wait: boolean },
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T | null> {
  const client = await pool.connect();
  try {
    if (opts.wait) await client.query('SELECT pg_advisory_lock($1)', [lock]);
    else if (!(await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [lock])).rows[0].locked) return null;
    try {
      return await fn(client);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [lock]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
