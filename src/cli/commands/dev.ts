import path from 'node:path';
import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { openTemporal } from '../../infra/temporal';
import { createLogger } from '../../logger';
import { activityDeps, createWorker } from '../../worker';
import { installRuntime } from '../../infra/temporal-runtime';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';
import { EXIT, exitWith, say, UsageError } from '../io';
import { recordDevServer, startLocalBackgroundWork } from '../local-stack';

/**
 * A local stack for debugging from the Temporal UI: a dev server with its Web UI
 * and history kept in the data dir across restarts, the embedded database (or
 * DATABASE_URL) and one worker, which also reads local files. Runs until
 * SIGINT/SIGTERM.
 */
export function devCommand(evals: Command): void {
  evals
    .command('dev')
    .description(
      'A local stack for debugging: Temporal dev server with Web UI (TEMPORAL_UI_PORT) and persistent history, embedded database, one worker. Prints the UI address.',
    )
    .action(
      exitWith(async () => {
        const config = loadConfig();
        if (config.temporal.address) throw new UsageError('dev starts its own Temporal server: unset TEMPORAL_ADDRESS');
        const log = createLogger(config.logLevel ?? 'info', { role: 'dev' }, config.secrets);
        installRuntime(log);
        const startedAt = new Date();
        const db = await openDatabase(config, say);
        const temporal = await openTemporal(config, say, {
          searchAttributes: SEARCH_ATTRIBUTE_NAMES,
          port: config.temporal.devPort,
          uiPort: config.temporal.uiPort,
          dbFilename: path.join(config.dataDir, 'temporal-dev.sqlite'),
        });
        const forget = recordDevServer(config, temporal.address);
        try {
          const worker = await createWorker({
            connection: temporal.nativeConnection,
            config,
            deps: activityDeps(config, db.pool, log, { allowLocalFiles: true }),
          });
          say(`Temporal UI: ${temporal.uiUrl}`);
          say(`Temporal address: ${temporal.address} (namespace ${config.temporal.namespace}, task queue ${config.temporal.taskQueue})`);
          say(`Database: ${db.displayUrl}`);
          say(`Evaluate from another shell (local files or URLs): TEMPORAL_ADDRESS=${temporal.address} npx evals run <file-or-url>`);
          say('Download a history from the UI and replay it with: npx evals replay <history.json>. Ctrl-C stops.');
          const background = startLocalBackgroundWork(config, log, { db, temporal }, startedAt);
          try {
            await worker.run();
          } finally {
            await background.stop();
          }
          return EXIT.OK;
        } finally {
          forget();
          await temporal.close();
          await db.close();
        }
      }),
    );
}
