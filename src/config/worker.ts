import os from 'node:os';
import { POOLS } from '../domain/pools';
import { ConfigError, host, oneOf, poolList, port, positiveInt, section, text, wholeNumber } from './rules';

const DEFAULT_BEHAVIOR = { pinned: 'PINNED', 'auto-upgrade': 'AUTO_UPGRADE' } as const;

export const worker = section({
  variables: {
    EVALS_WORKFLOW_TASK_CONCURRENCY: positiveInt.default(10),
    EVALS_ACTIVITY_CONCURRENCY: positiveInt.default(8),
    // Extraction and scene inspection keep a core busy each.
    EVALS_MEDIA_CONCURRENCY: positiveInt.default(os.availableParallelism()),
    EVALS_WORKER_POOLS: poolList.default([...POOLS]),
    // Longer than the longest activity startToCloseTimeout (ACTIVITY_TIMEOUT_SECONDS).
    EVALS_SHUTDOWN_GRACE_SECONDS: positiveInt.default(630),
    EVALS_SWEEP_SECONDS: positiveInt.default(60),
    EVALS_METRICS_PORT: port().optional(),
    // Loopback unless the operator opens it: the endpoint has no authentication.
    EVALS_METRICS_HOST: host.default('127.0.0.1'),
    EVALS_DEPLOYMENT_NAME: text.optional(),
    EVALS_BUILD_ID: text.optional(),
    EVALS_VERSIONING_BEHAVIOR: oneOf(['pinned', 'auto-upgrade']).default('pinned'),
    EVALS_FRAME_CACHE_MB: wholeNumber(0).default(512),
  },
  // Slots, the grace and the frame cache shape how a configuration of `evals calibrate` runs; the rest is the process's place in the fleet.
  stack: [
    'EVALS_WORKER_POOLS',
    'EVALS_SWEEP_SECONDS',
    'EVALS_METRICS_PORT',
    'EVALS_METRICS_HOST',
    'EVALS_DEPLOYMENT_NAME',
    'EVALS_BUILD_ID',
    'EVALS_VERSIONING_BEHAVIOR',
  ],
  build: (e) => {
    if ((e.EVALS_DEPLOYMENT_NAME === undefined) !== (e.EVALS_BUILD_ID === undefined)) {
      throw new ConfigError(
        'invalid configuration: EVALS_DEPLOYMENT_NAME and EVALS_BUILD_ID go together (Worker Versioning needs both, or neither)',
      );
    }
    return {
      /** Pools `evals worker` runs (the CLI's own workers run them all). */
      pools: e.EVALS_WORKER_POOLS,
      workflowTaskConcurrency: e.EVALS_WORKFLOW_TASK_CONCURRENCY,
      /** Activity slots of the workflows pool. */
      activityConcurrency: e.EVALS_ACTIVITY_CONCURRENCY,
      /** Activity slots of the media pool. */
      mediaConcurrency: e.EVALS_MEDIA_CONCURRENCY,
      shutdownGraceSeconds: e.EVALS_SHUTDOWN_GRACE_SECONDS,
      /** How often a worker looks for pipeline runs whose workflow closed without ending them (src/sweeper.ts). */
      sweepSeconds: e.EVALS_SWEEP_SECONDS,
      /** Absent: no Prometheus endpoint. */
      metricsPort: e.EVALS_METRICS_PORT,
      metricsHost: e.EVALS_METRICS_HOST,
      /** The per-process frame cache's bound; 0: no local cache, frames come from PostgreSQL. */
      frameCacheBytes: e.EVALS_FRAME_CACHE_MB * 1024 * 1024,
      /**
       * Worker Versioning: this worker is one version (build id) of a worker
       * deployment; absent, the worker is unversioned and workflow changes need patched().
       * Pinned: a workflow finishes on the version it started on. Auto-upgrade: it moves to the current version.
       */
      deployment:
        e.EVALS_DEPLOYMENT_NAME && e.EVALS_BUILD_ID
          ? { name: e.EVALS_DEPLOYMENT_NAME, buildId: e.EVALS_BUILD_ID, defaultBehavior: DEFAULT_BEHAVIOR[e.EVALS_VERSIONING_BEHAVIOR] }
          : undefined,
    };
  },
});
