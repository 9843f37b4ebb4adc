import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { freePort, missingSearchAttributes, openTemporal, searchAttributeCommand } from '../../infra/temporal';
import { createLogger } from '../../logger';
import { serveMetrics } from '../../metrics';
import { activityDeps, createWorker, startBackgroundWork, type PoolWorkers } from '../../worker';
import { installRuntime } from '../../infra/temporal-runtime';
import { InvalidArgumentError, type Command } from 'commander';
import { POOLS, poolTaskQueue, type Pool } from '../../domain/pools';
import { EXIT, exitWith, say } from '../io';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';

/** `--pools workflows,media`: each a pool, each once. */
function poolsOption(value: string): Pool[] {
  const pools = value.split(',').map((p) => p.trim());
  const unknown = pools.filter((p) => !(POOLS as readonly string[]).includes(p));
  if (unknown.length > 0 || pools.length === 0) throw new InvalidArgumentError(`expected a comma-separated list of ${POOLS.join(', ')}`);
  return [...new Set(pools as Pool[])];
}

/**
 * A long-lived fleet worker: the pools asked for (src/domain/pools.ts), all
 * three by default. SIGTERM/SIGINT turn it not ready and stop polling at once;
 * activities in progress get EVALS_SHUTDOWN_GRACE_SECONDS to finish (longer than
 * any activity's timeout), then are cancelled and retried by another worker.
 */
export function workerCommand(evals: Command): void {
  evals
    .command('worker')
    .description(
      'Run a long-lived fleet worker (TEMPORAL_ADDRESS, DATABASE_URL, TEMPORAL_TASK_QUEUE, concurrency from the environment). Prometheus metrics, /healthz and /readyz on EVALS_METRICS_PORT; SIGTERM/SIGINT drain within EVALS_SHUTDOWN_GRACE_SECONDS.',
    )
    .option(
      '--pools <list>',
      `the pools this process runs, comma-separated: ${POOLS.join(', ')} (default: EVALS_WORKER_POOLS, all three)`,
      poolsOption,
    )
    .action(exitWith(runWorker));
}

async function runWorker(opts: { pools?: Pool[] }): Promise<number> {
  const config = loadConfig();
  const pools = opts.pools ?? config.worker.pools;
  const log = createLogger(config.logLevel ?? 'info', { role: 'worker' }, config.secrets);
  const { metricsPort, metricsHost } = config.worker;
  const runtimeMetricsAddress = metricsPort ? `127.0.0.1:${await freePort()}` : undefined;
  installRuntime(log, { runtimeMetricsAddress });
  const db = await openDatabase(config, say);
  const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
  let workers: PoolWorkers | undefined;
  let draining = false;
  const metricsServer = metricsPort
    ? await serveMetrics({
        host: metricsHost,
        port: metricsPort,
        runtimeMetricsUrl: `http://${runtimeMetricsAddress}/metrics`,
        notReady: async () => (draining ? 'draining' : workers ? workers.notReady() : 'starting'),
      })
    : undefined;
  // Not ready from the first moment of a shutdown, before the workers stop polling (the runtime stops them on the same signal).
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      draining = true;
      log.info(
        { signal, graceSeconds: config.worker.shutdownGraceSeconds },
        'shutting down: not ready, no new tasks, waiting for activities in progress',
      );
    });
  }
  try {
    // The workflow upserts the search attributes: a workflows pool refuses to start without them.
    const missing = pools.includes('workflows')
      ? await missingSearchAttributes(temporal.client, config.temporal.namespace, SEARCH_ATTRIBUTE_NAMES)
      : [];
    if (missing === undefined)
      log.warn('could not list search attributes; make sure FragmentId, ProjectId, PipelineRunId and EvalOverallStatus are registered');
    else if (missing.length > 0) {
      say(
        `evals: namespace ${config.temporal.namespace} lacks the search attributes ${missing.join(', ')}. Register them with \`evals migrate --search-attributes\`, or:\n  ${searchAttributeCommand(config.temporal.namespace, missing)}`,
      );
      return EXIT.INFRASTRUCTURE;
    }
    workers = await createWorker({
      connection: temporal.nativeConnection,
      config,
      pools,
      deps: activityDeps(config, db.pool, log, { allowLocalFiles: false }),
    });
    log.info(
      {
        pools,
        taskQueues: pools.map((pool) => poolTaskQueue(config.temporal.taskQueue, pool)),
        address: temporal.address,
        database: db.displayUrl,
        workflowTaskConcurrency: config.worker.workflowTaskConcurrency,
        activityConcurrency: config.worker.activityConcurrency,
        mediaConcurrency: config.worker.mediaConcurrency,
        judgeConcurrency: config.judge.concurrency,
        metrics: metricsPort ? `http://${metricsHost}:${metricsPort}/metrics` : null,
        retentionDays: config.retention.days,
        frameCacheMb: config.worker.frameCacheBytes / 1024 / 1024,
      },
      'worker started',
    );
    // The database's housekeeping (sweeper, retention) goes with the workflows pool.
    const background = pools.includes('workflows') ? startBackgroundWork({ config, pool: db.pool, client: temporal.client, log }) : null;
    try {
      await workers.run();
    } finally {
      await background?.stop();
    }
    log.info('worker stopped');
    return EXIT.OK;
  } finally {
    metricsServer?.close();
    await temporal.close();
    await db.close();
  }
}
