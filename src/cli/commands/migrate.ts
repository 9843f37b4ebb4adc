import type { Command } from 'commander';
import { ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { openTemporal, registerSearchAttributes } from '../../infra/temporal';
import { EXIT, exitWith, say } from '../io';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';

/**
 * Prepares what a fleet needs before its workers start (a deploy's pre-install
 * step): the database's migrations and, with --search-attributes, the
 * workflow's search attributes on TEMPORAL_NAMESPACE. Both idempotent.
 */
export function migrateCommand(evals: Command): void {
  evals
    .command('migrate')
    .description(
      "Apply database migrations (workers also apply them on start, under an advisory lock); with --search-attributes also register the workflow's search attributes on TEMPORAL_NAMESPACE at TEMPORAL_ADDRESS.",
    )
    .option('--search-attributes', "also register the workflow's search attributes the namespace lacks (Keyword)")
    .action(
      exitWith(async (opts: { searchAttributes?: boolean }) => {
        const config = loadConfig();
        // A dev server of this command's own would vanish with it: the attributes belong on the fleet's cluster.
        if (opts.searchAttributes && !config.temporal.address)
          throw new ConfigError(
            "TEMPORAL_ADDRESS: evals migrate --search-attributes registers them on the fleet's Temporal; set its address",
          );
        const db = await openDatabase(config, say);
        try {
          say(db.applied.length ? `applied ${db.applied.join(', ')}` : 'database is up to date');
          if (!opts.searchAttributes) return EXIT.OK;
          const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
          try {
            const added = await registerSearchAttributes(temporal.client, config.temporal.namespace, SEARCH_ATTRIBUTE_NAMES);
            say(
              added.length
                ? `registered the search attributes ${added.join(', ')} on namespace ${config.temporal.namespace}`
                : `namespace ${config.temporal.namespace} has the search attributes`,
            );
          } finally {
            await temporal.close();
          }
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
