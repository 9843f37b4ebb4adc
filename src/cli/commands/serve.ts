import type { Command } from 'commander';
import sharp from 'sharp';
import { createApiServer, listen } from '../../api/server';
import { loadConfig, secretsOf } from '../../config';
import { openDatabase } from '../../db/database';
import { createLogger } from '../../logger';
import { EXIT, exitWith, say, wholeNumber } from '../io';

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
        const log = createLogger(config.logLevel ?? 'info', { role: 'api' }, secretsOf(config));
        const db = await openDatabase(config, say);
        const { basePath, renderConcurrency, cacheBytes } = config.api;
        const server = createApiServer({ pool: db.pool, basePath, log, renderConcurrency, cacheBytes });
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
