import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbedded } from '../../src/infra/postgres';
import { freePort } from '../../src/infra/temporal';

/**
 * A PostgreSQL of one test file's own, to stop and start again under its
 * pipelines (the run's shared one must not be stopped under other files): one
 * data directory and one port, so its URL holds across restarts.
 */
export interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  close(): Promise<void>;
}

export async function ownPostgres(name: string): Promise<OwnPostgres> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `evals-pg-${name}-`));
  fs.chmodSync(dataDir, 0o755); // embedded PostgreSQL run as root switches to the postgres user
  const port = await freePort();
  let running = await startEmbedded(dataDir, port, () => undefined);
  let up = true;
  const stop = async () => {
    if (up) await running.stop();
    up = false;
  };
  return {
    url: running.url,
    stop,
    async start() {
      running = await startEmbedded(dataDir, port, () => undefined);
      up = true;
    },
    async close() {
      await stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
