import { Runtime, makeTelemetryFilterString, type LogLevel, type LogMetadata } from '@temporalio/worker';
import type { Logger } from '../logger';

/*
 * The Temporal runtime of this process, apart from the worker's modules: a command installs it while its
 * stack starts, before its first native connection, and loads the rest while that connection is made.
 */
let runtimeInstalled = false;
const ACTIVITY_ONLY_WARNING = 'No workflows registered, not polling for workflow tasks';

/**
 * Routes the Temporal SDK's own logs into our structured logger (once per process).
 * With `runtimeMetricsAddress` (host:port), Core's Prometheus exporter listens there.
 * `shutdownSignals` (default SIGINT, SIGTERM, ...) make every worker of the process drain.
 */
export function installRuntime(log: Logger, opts: { runtimeMetricsAddress?: string; shutdownSignals?: NodeJS.Signals[] } = {}): void {
  if (runtimeInstalled) return;
  runtimeInstalled = true;
  const forward = (level: LogLevel, message: string, meta?: LogMetadata) => {
    // The media and judge pools' workers run no workflows by design: the SDK's warning says nothing wrong.
    if (message === ACTIVITY_ONLY_WARNING) level = 'DEBUG';
    const method =
      level === 'TRACE' ? 'trace' : level === 'DEBUG' ? 'debug' : level === 'INFO' ? 'info' : level === 'WARN' ? 'warn' : 'error';
    log[method]({ ...meta, source: 'temporal' }, message);
  };
  Runtime.install({
    ...(opts.shutdownSignals ? { shutdownSignals: opts.shutdownSignals } : {}),
    logger: {
      log: forward,
      trace: (m, meta) => forward('TRACE', m, meta),
      debug: (m, meta) => forward('DEBUG', m, meta),
      info: (m, meta) => forward('INFO', m, meta),
      warn: (m, meta) => forward('WARN', m, meta),
      error: (m, meta) => forward('ERROR', m, meta),
    },
    telemetryOptions: {
      logging: { filter: makeTelemetryFilterString({ core: 'WARN' }), forward: {} },
      ...(opts.runtimeMetricsAddress
        ? { metrics: { prometheus: { bindAddress: opts.runtimeMetricsAddress, useSecondsForDurations: true } } }
        : {}),
    },
  });
}
