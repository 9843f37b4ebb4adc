import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { EXIT, exitWith, say } from '../io';

export function migrateCommand(evals: Command): void {
  evals
    .command('migrate')
    .description('Apply database migrations (workers also apply them on start, under an advisory lock).')
    .action(
      exitWith(async () => {
        const db = await openDatabase(loadConfig(), say);
        try {
          say(db.applied.length ? `applied ${db.applied.join(', ')}` : 'database is up to date');
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
