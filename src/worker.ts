import path from 'node:path';
import { type NativeConnection, Worker, type State } from '@temporalio/worker';
import { createActivities, type ActivityDeps } from '../activities';
import { POOLS, poolTaskQueue, type Pool } from './domain/pools';
import type { Config } from './config';
import { configWarnings } from './config/warnings';
import { resolveMediaTools } from './infra/ffmpeg';
import type { Logger } from './logger';
import { removeStaleScratch } from './media/extract';
import { FrameStore } from './media/frame-store';
import { createProvider } from './providers';
import { fleetProvider } from './providers/fleet';
import { activityObservability } from './observability';
import { startPruning } from './db/retention';
import { startSweeper } from './sweeper';
import { temporalIdentity } from './infra/temporal-identity';
import { workflowBundle } from './workflow-bundle';
import type { Client } from '@temporalio/client';
import type pg from 'pg';

export function activityDeps(
  config: Config,
  pool: pg.Pool,
  log: Logger,
  opts: { allowLocalFiles: boolean; cacheDir?: string },
): ActivityDeps {
  return {
    pool,
    frameStore: new FrameStore(pool, {
      dir: opts.cacheDir ?? path.join(config.dataDir, 'frame-cache'),
      maxBytes: config.worker.frameCacheBytes,
    }),
    provider: fleetProvider(createProvider(config), config.judge.concurrency),
    mediaTools: resolveMediaTools(config),
    config,
    allowLocalFiles: opts.allowLocalFiles,
    workDir: path.join(config.dataDir, 'extract'),
    log,
  };
}

/**
 * What a worker process runs beside polling: the sweeper (src/sweeper.ts) and,
 * on fleet workers, retention (src/db/retention.ts). Started by every command
 * that runs a worker; stop it when the worker stops.
 * A local stack (`evals run`, `evals dev`) may share its embedded database with
 * another local stack on another dev server, so a workflow its own server does
 * not know may be running elsewhere: it ends such rows only once, at start,
 * only when no other live process uses the database, and only rows created
 * before it started (left by stacks that died). It does not prune:
 * a local database holds a developer's own runs, kept until `evals prune`.
 */
export function startBackgroundWork(opts: {
  config: Config;
  pool: pg.Pool;
  client: Client;
  log: Logger;
  localStack?: { soleDatabaseUser: boolean; startedAt: Date };
}): { stop(): Promise<void> } {
  const { localStack } = opts;
  const sweeper = startSweeper({
    pool: opts.pool,
    client: opts.client,
    log: opts.log,
    intervalSeconds: opts.config.worker.sweepSeconds,
    temporal: () => temporalIdentity(opts.client.workflowService, opts.config.temporal.namespace),
    // A fleet's sweeper also takes the rows written before runs recorded their Temporal (one cluster per database then).
    periodic: localStack === undefined ? { scope: 'own-and-unrecorded', endMissing: true } : { scope: 'own', endMissing: false },
    atStart: localStack?.soleDatabaseUser ? { scope: 'all', endMissing: true, createdBefore: localStack.startedAt } : undefined,
  });
  const pruning = localStack ? null : startPruning(opts.pool, opts.config.retention, opts.log);
  return {
    async stop() {
      await Promise.all([sweeper.stop(), pruning?.stop()]);
    },
  };
}

/**
 * The Temporal workers of one process, one per pool, on one connection: they
 * run together and stop together (a signal, shutdown(), or one of them failing).
 */
export class PoolWorkers {
  private draining = false;

  constructor(
    readonly workers: ReadonlyMap<Pool, Worker>,
    private readonly connection: NativeConnection,
  ) {}

  async run(): Promise<void> {
    const runs = [...this.workers.values()].map((worker) =>
      worker.run().catch((err: unknown) => {
        this.shutdown();
        throw err;
      }),
    );
    const failed = (await Promise.allSettled(runs)).find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Runs the workers until `until` settles, then stops them. */
  async runUntil<T>(until: Promise<T> | (() => Promise<T>)): Promise<T> {
    const running = this.run();
    try {
      return await Promise.race([
        typeof until === 'function' ? until() : until,
        running.then(() => Promise.reject(new Error('the workers stopped first'))),
      ]);
    } finally {
      this.shutdown();
      await running;
    }
  }

  /** Stop polling; activities in progress get the shutdown grace. */
  shutdown(): void {
    this.draining = true;
    for (const worker of this.workers.values()) if (worker.getState() === 'RUNNING') worker.shutdown();
  }

  /** The state the pools' workers share; while they differ, the first that is neither running nor stopped (else STOPPING). */
  getState(): State {
    const states = [...this.workers.values()].map((w) => w.getState());
    if (states.every((s) => s === states[0])) return states[0];
    return states.find((s) => s !== 'RUNNING' && s !== 'STOPPED') ?? 'STOPPING';
  }

  /**
   * Why this process is not ready for work, or undefined when it is: every
   * pool's worker polling, not draining, and Temporal answering on the shared
   * connection (the metrics port's `/readyz`).
   */
  async notReady(): Promise<string | undefined> {
    if (this.draining) return 'draining';
    for (const [pool, worker] of this.workers) if (worker.getState() !== 'RUNNING') return `the ${pool} worker is ${worker.getState()}`;
    try {
      await this.connection.withDeadline(Date.now() + 2_000, () => this.connection.workflowService.getSystemInfo({}));
      return undefined;
    } catch (err) {
      return `Temporal does not answer: ${(err as Error).message}`;
    }
  }
}

/**
 * A Temporal worker per pool (default: all three, as the CLI's own workers run
 * them): `workflows` runs the workflow and its database activities on the
 * fleet's task queue, `media` and `judge` their activities on queues named
 * after it, each with its own slots. Worker Versioning applies to each.
 */
export async function createWorker(opts: {
  connection: NativeConnection;
  config: Config;
  deps: ActivityDeps;
  taskQueue?: string;
  identity?: string;
  pools?: readonly Pool[];
  /**
   * Run the workflow code on this thread (the SDK's debugMode, its 5 s limit on
   * a workflow activation kept): a one-shot command's worker spares the workflow
   * thread's start, which loads the SDK a second time (about 170 ms).
   */
  workflowsOnMainThread?: boolean;
}): Promise<PoolWorkers> {
  const { config } = opts;
  const { deployment } = config.worker;
  const pools = opts.pools ?? POOLS;
  const taskQueue = opts.taskQueue ?? config.temporal.taskQueue;
  for (const warning of configWarnings(config)) opts.deps.log.warn({ warning }, 'contradictory settings');
  if (pools.includes('media')) {
    const removed = await removeStaleScratch(opts.deps.workDir, config.media);
    if (removed > 0) opts.deps.log.info({ removed }, 'removed the scratch of extractions whose worker died');
  }
  const activities = createActivities({
    ...opts.deps,
    temporalClusterId: (await temporalIdentity(opts.connection.workflowService, config.temporal.namespace)).clusterId,
  });
  const slots: Record<Pool, number> = {
    workflows: config.worker.activityConcurrency,
    media: config.worker.mediaConcurrency,
    judge: config.judge.concurrency,
  };
  const workers = new Map<Pool, Worker>();
  for (const pool of POOLS.filter((p) => pools.includes(p))) {
    workers.set(
      pool,
      await Worker.create({
        connection: opts.connection,
        namespace: config.temporal.namespace,
        taskQueue: poolTaskQueue(taskQueue, pool),
        ...(opts.identity ? { identity: opts.identity } : {}),
        ...(pool === 'workflows'
          ? {
              workflowBundle: await workflowBundle(config.dataDir),
              maxConcurrentWorkflowTaskExecutions: config.worker.workflowTaskConcurrency,
              ...(opts.workflowsOnMainThread ? { debugMode: true, isolateExecutionTimeout: '5s' } : {}),
            }
          : {}),
        activities: activities[pool],
        interceptors: { activity: [activityObservability] },
        maxConcurrentActivityTaskExecutions: slots[pool],
        shutdownGraceTime: `${config.worker.shutdownGraceSeconds}s`,
        // Extraction reports how much of the video it decoded in its heartbeats; `evals run` shows it while it lasts.
        maxHeartbeatThrottleInterval: '2s',
        ...(deployment
          ? {
              workerDeploymentOptions: {
                version: { deploymentName: deployment.name, buildId: deployment.buildId },
                useWorkerVersioning: true,
                defaultVersioningBehavior: deployment.defaultBehavior,
              },
            }
          : {}),
      }),
    );
  }
  return new PoolWorkers(workers, opts.connection);
}
