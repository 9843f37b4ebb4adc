import { loadConfig } from '../../config';
import { openDatabase } from '../../infra/postgres';
import { openTemporal } from '../../infra/temporal';
import { createLogger } from '../../logger';
import { activityDeps, createWorker, installRuntime } from '../../worker';
import { say } from '../io';

export async function workerCommand(_args: string[]): Promise<number> {
  const config = loadConfig();
  const log = createLogger(config.logLevel ?? 'info', { role: 'worker' });
  installRuntime(log);
  const db = await openDatabase(config, say);
  const temporal = await openTemporal(config, say);
  try {
    const worker = await createWorker({ connection: temporal.nativeConnection, config, deps: activityDeps(config, db.pool, log, { allowLocalFiles: false }) });
    log.info({ taskQueue: config.temporal.taskQueue, address: temporal.address, database: db.displayUrl }, 'worker started');
    await worker.run();
    return 0;
  } finally {
    await temporal.close();
    await db.close();
  }
}

