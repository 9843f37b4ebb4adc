import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { isProcessAlive } from '../infra/executables';

/**
 * `evals dev` records where its Temporal server listens, in its data
 * directory, so an `evals run` on the same machine may hand it local files: its
 * worker reads them from the same disk.
 */
interface DevServerRecord {
  address: string;
  namespace: string;
  taskQueue: string;
  pid: number;
}

const recordFile = (config: Config) => path.join(config.dataDir, 'dev-server.json');

export function recordDevServer(config: Config, address: string): () => void {
  const file = recordFile(config);
  const record: DevServerRecord = { address, namespace: config.temporal.namespace, taskQueue: config.temporal.taskQueue, pid: process.pid };
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(record));
  return () => fs.rmSync(file, { force: true });
}

/** Whether TEMPORAL_ADDRESS is a live `evals dev` of this machine, with the same namespace and task queue. */
export function isLocalDevServer(config: Config): boolean {
  let record: DevServerRecord;
  try {
    record = JSON.parse(fs.readFileSync(recordFile(config), 'utf8')) as DevServerRecord;
  } catch {
    return false;
  }
  const sameAddress = (a: string) => a.replace(/^(localhost|127\.0\.0\.1):/, 'loopback:');
  if (!config.temporal.address || sameAddress(record.address) !== sameAddress(config.temporal.address)) return false;
  if (record.namespace !== config.temporal.namespace || record.taskQueue !== config.temporal.taskQueue) return false;
  return isProcessAlive(record.pid);
}
