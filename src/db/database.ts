import pg from 'pg';
import type { Config } from '../config';
import { createPool, startEmbedded } from '../infra/postgres';
import { migrate } from './migrate';

export interface Database {
  pool: pg.Pool;
  /** Connection string, password included: for child processes, never for logs. */
  url: string;
  /** Connection string, with the password masked, for logs. */
  displayUrl: string;
  /** Migrations this open applied (empty when the schema was up to date). */
  applied: string[];
  close(): Promise<void>;
}

function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable DATABASE_URL)';
  }
}

/**
 * The service's database, migrated: DATABASE_URL when set; otherwise embedded
 * PostgreSQL in `<dataDir>/postgres`, started by this process (or reused when
 * another evals process already runs it).
 */
export async function openDatabase(config: Config, log: (line: string) => void): Promise<Database> {
  let url = config.database.url;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbedded(config.dataDir, config.database.embeddedPort, log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
  }
  const pool = createPool(url);
  let applied: string[];
  try {
    applied = await migrate(pool);
  } catch (err) {
    await pool.end();
    await stopEmbedded?.();
    throw err;
  }
  return {
    pool,
    url,
    displayUrl: maskUrl(url),
    applied,
    async close() {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}
