import { createApiKey } from '../../api/keys';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { parseArgs, say, UsageError } from '../io';

export async function keysCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args;
  if (action !== 'create') throw new UsageError('keys takes one action: create');
  const { values } = parseArgs({
    args: rest,
    options: { 'user-id': { type: 'string' }, credits: { type: 'string' }, 'usage-based': { type: 'boolean' } },
  });
  const userId = values['user-id'];
  if (!userId) throw new UsageError('keys create needs --user-id');
  const credits = values.credits === undefined ? undefined : Number(values.credits);
  if (credits !== undefined && !(Number.isSafeInteger(credits) && credits >= 0)) throw new UsageError(`--credits must be a whole number >= 0 (got ${values.credits})`);
  const db = await openDatabase(loadConfig(), say);
  try {
    const key = await createApiKey(db.pool, { userId, credits, usageBased: values['usage-based'] });
    process.stdout.write(`${key}\n`);
    say(`API key created for user ${userId}. Store it now: only its hash is kept, it cannot be shown again.`);
    return 0;
  } finally {
    await db.close();
  }
}
