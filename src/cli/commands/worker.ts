import { loadConfig, secretsOf } from '../../config';
import { openDatabase } from '../../db/database';
import { freePort, missingSearchAttributes, openTemporal, searchAttributeCommand } from '../../infra/temporal';
import { createLogger } from '../../logger';
import { serveMetrics } from '../../metrics';
import { activityDeps, createWorker, installRuntime, startBackgroundWork } from '../../worker';
import type { Command } from 'commander';
import { EXIT, exitWith, say } from '../io';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';

/**
 * A long-lived fleet worker. SIGTERM/SIGINT stop polling at once; activities in
 * progress get EVALS_SHUTDOWN_GRACE_SECONDS to finish (longer than any activity's
 * timeout), then are cancelled and retried by another worker.
 */
export function workerCommand(evals: Command): void {
  evals
    .command('worker')
    .description('Run a long-lived fleet worker (TEMPORAL_ADDRESS, DATABASE_URL, TEMPORAL_TASK_QUEUE, concurrency from the environment). Prometheus metrics on EVALS_METRICS_PORT; SIGTERM/SIGINT drain within EVALS_SHUTDOWN_GRACE_SECONDS.')
    .action(exitWith(runWorker));
}

async function runWorker(): Promise<number> {
  const config = loadConfig();
  const log = createLogger(config.logLevel ?? 'info', { role: 'worker' }, secretsOf(config));
  const { metricsPort, metricsHost } = config.worker;
  const runtimeMetricsAddress = metricsPort ? `127.0.0.1:${await freePort()}` : undefined;
  installRuntime(log, { runtimeMetricsAddress });
  const db = await openDatabase(config, say);
  const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
  const metricsServer = metricsPort
    ? await serveMetrics({ host: metricsHost, port: metricsPort, runtimeMetricsUrl: `http://${runtimeMetricsAddress}/metrics` })
    : undefined;
  try {
    const missing = await missingSearchAttributes(temporal.client, config.temporal.namespace, SEARCH_ATTRIBUTE_NAMES);
    if (missing === undefined) log.warn('could not list search attributes; make sure FragmentId, ProjectId, PipelineRunId and EvalOverallStatus are registered');
    else if (missing.length > 0) {
      say(`evals: namespace ${config.temporal.namespace} lacks the search attributes ${missing.join(', ')}. Register them with:\n  ${searchAttributeCommand(config.temporal.namespace, missing)}`);
      return EXIT.INFRASTRUCTURE;
    }
    const worker = await createWorker({ connection: temporal.nativeConnection, config, deps: activityDeps(config, db.pool, log, { allowLocalFiles: false }) });
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => log.info({ signal, graceSeconds: config.worker.shutdownGraceSeconds }, 'shutting down: no new tasks, waiting for activities in progress'));
    }
    log.info(
      {
        taskQueue: config.temporal.taskQueue,
        address: temporal.address,
        database: db.displayUrl,
        workflowTaskConcurrency: config.worker.workflowTaskConcurrency,
        activityConcurrency: config.worker.activityConcurrency,
        judgeConcurrency: config.judge.concurrency,
        metrics: metricsPort ? `http://${metricsHost}:${metricsPort}/metrics` : null,
        retentionDays: config.retention.days,
        frameCacheMb: config.worker.frameCacheBytes / 1024 / 1024,
      },
      'worker started',
    );
    const background = startBackgroundWork({ config, pool: db.pool, client: temporal.client, log });
    try {
      await worker.run();
    } finally {
      await background.stop();
    }
    log.info('worker stopped');
    return EXIT.OK;
  } finally {
    metricsServer?.close();
    await temporal.close();
    await db.close();
  }
}
