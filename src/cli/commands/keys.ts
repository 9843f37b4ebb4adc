import type { Command } from 'commander';
import { createApiKey } from '../../api/keys';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { EXIT, exitWith, say, wholeNumber } from '../io';

export function keysCommand(evals: Command): void {
  const keys = evals.command('keys').description('Manage read API keys.');
  keys
    .command('create')
    .description('Create a read API key for a user and print it once (only its hash is stored).')
    .requiredOption('--user-id <id>', 'the owner: the key reads this user\'s pipeline runs only')
    .option('--credits <n>', 'credits balance of the account (0: the key gets 403 unless usage-based)', wholeNumber(0))
    .option('--usage-based', 'the account is on a usage-based subscription')
    .action(
      exitWith(async (opts: { userId: string; credits?: number; usageBased?: boolean }) => {
        const db = await openDatabase(loadConfig(), say);
        try {
          const key = await createApiKey(db.pool, { userId: opts.userId, credits: opts.credits, usageBased: opts.usageBased });
          process.stdout.write(`${key}\n`);
          say(`API key created for user ${opts.userId}. Store it now: only its hash is kept, it cannot be shown again.`);
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
