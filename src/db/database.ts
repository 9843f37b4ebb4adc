import type pg from 'pg';
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
  /**
   * The embedded PostgreSQL had no other live user when this process opened it
   * (it started it, or whoever did has exited): no other stack's pipelines can
   * be in flight in it, only rows left by stacks that died.
   */
  soleEmbeddedUser: boolean;
  close(): Promise<void>;
}

/** Where a connection string points, for errors: host, port and database, never the user or password. */
function describeTarget(url: string): string {
  const u = new URL(url);
  const host = u.hostname ? `${u.hostname}:${u.port || 5432}` : (u.searchParams.get('host') ?? 'the default socket');
  return `${host} (database ${decodeURIComponent(u.pathname.slice(1)) || 'default'})`;
}

/** Fails with the variable to check and where it points when PostgreSQL cannot be reached or refuses us. */
async function checkConnection(pool: pg.Pool, url: string, embedded: boolean): Promise<void> {
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    const source = embedded ? 'embedded PostgreSQL (EVALS_DATA_DIR, EVALS_EMBEDDED_PG_PORT)' : 'DATABASE_URL';
    throw new Error(`${source}: cannot connect to PostgreSQL at ${describeTarget(url)}: ${(err as Error).message}`);
  }
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
 * another evals process already runs it). `whileStarting` runs once the
 * embedded server has been spawned (at once when there is none to start):
 * work that overlaps its start.
 */
export async function openDatabase(
  config: Config,
  log: (line: string) => void,
  whileStarting: () => Promise<void> = async () => undefined,
): Promise<Database> {
  let url = config.database.url;
  let stopEmbedded: (() => Promise<void>) | undefined;
  let soleEmbeddedUser = false;
  if (!url) {
    const embedded = await startEmbedded(config.dataDir, config.database.embeddedPort, log, whileStarting);
    url = embedded.url;
    stopEmbedded = embedded.stop;
    soleEmbeddedUser = embedded.started || embedded.otherUsers === 0;
  } else {
    await whileStarting();
  }
  const pool = createPool(url);
  let applied: string[];
  try {
    await checkConnection(pool, url, stopEmbedded !== undefined);
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
    soleEmbeddedUser,
    async close() {
      await pool.end();
      await stopEmbedded?.();
    },
  };
}
