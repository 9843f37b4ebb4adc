import type http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { Command } from 'commander';
import sharp from 'sharp';
import { BurstEnd } from '../../api/cache';
import { createApiServer, listen } from '../../api/server';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { createLogger, type Logger } from '../../logger';
import { EXIT, exitWith, say, wholeNumber } from '../io';

/** Windows of the burst-end check, and the requests that make a window busy (health checks every second do not). */
const QUIET_WINDOW_MS = 10_000;
const BUSY_REQUESTS = 20;

/**
 * One full garbage collection when a burst of requests is over, so the
 * server's memory returns to its baseline instead of staying at the burst's
 * peak while it is quiet (docs/service.md, "Under load").
 */
function collectAfterBursts(server: http.Server, log: Logger): void {
  // gc() is exposed only by this flag; setting it here keeps `evals serve` a plain command.
  v8.setFlagsFromString('--expose-gc');
  const collect = vm.runInNewContext('gc') as () => void;
  const bursts = new BurstEnd(BUSY_REQUESTS);
  server.on('request', () => bursts.request());
  setInterval(() => {
    if (!bursts.endWindow()) return;
    collect();
    log.info({ rssMb: Math.round(process.memoryUsage().rss / 2 ** 20) }, 'burst over: garbage collected');
  }, QUIET_WINDOW_MS).unref();
}

export function serveCommand(evals: Command): void {
  evals
    .command('serve')
    .description('Serve the eval read API (GET {EVALS_API_BASE_PATH}/evals/pipeline-runs/...) until SIGINT/SIGTERM.')
    .option('--port <n>', 'port to listen on (default EVALS_API_PORT)', wholeNumber(0, 65535))
    .action(
      exitWith(async (opts: { port?: number }) => {
        const config = loadConfig();
        // Each report is rendered once and its answer cached: libvips' operation cache would only hold memory.
        sharp.cache(false);
        const log = createLogger(config.logLevel ?? 'info', { role: 'api' }, config.secrets);
        const db = await openDatabase(config, say);
        const { basePath, renderConcurrency, cacheBytes } = config.api;
        const server = createApiServer({ pool: db.pool, basePath, log, renderConcurrency, cacheBytes });
        collectAfterBursts(server, log);
        try {
          const bound = await listen(server, opts.port ?? config.api.port, config.api.host);
          say(`serving the eval read API on ${bound.url}${config.api.basePath}`);
          await new Promise<void>((resolve) => {
            process.once('SIGINT', resolve);
            process.once('SIGTERM', resolve);
          });
          say('shutting down');
          await new Promise<void>((resolve) => server.close(() => resolve()));
          return EXIT.OK;
        } finally {
          server.closeAllConnections();
          await db.close();
        }
      }),
    );
}
