import type { Command } from 'commander';
import { createApiKey } from '../../api/keys';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { identifierProblem } from '../../domain/text-limits';
import { MAX_REVIEWER_CHARS } from '../../db/reviews';
import { EXIT, exitWith, say, UsageError, wholeNumber } from '../io';

export function keysCommand(evals: Command): void {
  const keys = evals.command('keys').description('Manage read API keys (read-only, or reviewer).');
  keys
    .command('create')
    .description(
      'Create an API key for a user and print it once (only its hash is stored): read-only, or with --reviewer a key that may also review.',
    )
    .requiredOption('--user-id <id>', "the owner: the key reads this user's pipeline runs only")
    .option('--credits <n>', 'credits balance of the account (0: the key gets 403 unless usage-based)', wholeNumber(0))
    .option('--usage-based', 'the account is on a usage-based subscription')
    .option(
      '--reviewer <name>',
      "the key may also review the user's runs on the served visual report (mark issues right or wrong, add missed ones), its reviews signed with this name; without it the key is read-only",
    )
    .action(
      exitWith(async (opts: { userId: string; credits?: number; usageBased?: boolean; reviewer?: string }) => {
        const problem = opts.reviewer === undefined ? null : identifierProblem('--reviewer', opts.reviewer, MAX_REVIEWER_CHARS);
        if (problem) throw new UsageError(problem);
        const db = await openDatabase(loadConfig(), say);
        try {
          const key = await createApiKey(db.pool, {
            userId: opts.userId,
            credits: opts.credits,
            usageBased: opts.usageBased,
            reviewer: opts.reviewer,
          });
          process.stdout.write(`${key}\n`);
          say(
            `${opts.reviewer ? `Reviewer key (signed ${opts.reviewer})` : 'Read-only API key'} created for user ${opts.userId}. Store it now: only its hash is kept, it cannot be shown again.`,
          );
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
