import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { freePort, openTemporal, type TemporalConnections } from '../src/infra/temporal';
import { SEARCH_ATTRIBUTE_NAMES } from '../workflows/search-attributes';

/**
 * Environment for a self-contained local stack (its own dev server and embedded
 * PostgreSQL in `dataDir`, the local judge), whatever the caller's shell has set.
 */
export function offlineEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    TEMPORAL_ADDRESS: '',
    DATABASE_URL: '',
    OPENAI_API_KEY: '',
    EVALS_PROVIDER: 'local',
    EVALS_DATA_DIR: dataDir,
    ...extra,
  };
}

export interface OfflineStack {
  dataDir: string;
  config: Config;
  db: Database;
  temporal: TemporalConnections;
  /** Stops the dev server and the database and removes the data dir. */
  close(): Promise<void>;
}

/**
 * A throwaway stack for benches and scripts: a scratch data dir, embedded
 * PostgreSQL on a free port and a Temporal dev server. Install the Temporal
 * runtime first if the caller wants its own logger.
 */
export async function openOfflineStack(name: string, extra: Record<string, string> = {}): Promise<OfflineStack> {
  const say = (line: string) => process.stderr.write(`${line}\n`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `evals-${name}-`));
  // Traversable: embedded PostgreSQL run as root switches to the postgres user.
  fs.chmodSync(dataDir, 0o755);
  const config = loadConfig({ ...offlineEnv(dataDir), EVALS_EMBEDDED_PG_PORT: String(await freePort()), ...extra });
  const db = await openDatabase(config, say);
  const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES }).catch(async (err: unknown) => {
    await db.close();
    throw err;
  });
  return {
    dataDir,
    config,
    db,
    temporal,
    async close() {
      await temporal.close();
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs a bench or script's main: exit 0 when it resolves, its stack on stderr and exit 1 when it throws. */
export function runMain(name: string, main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      process.stderr.write(`${name}: ${err instanceof Error ? err.stack : String(err)}\n`);
      process.exit(1);
    },
  );
}
