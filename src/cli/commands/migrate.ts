import { loadConfig } from '../../config';
import { migrate } from '../../db/migrate';
import { openDatabase } from '../../db/database';
import { say } from '../io';

export async function migrateCommand(_args: string[]): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config, say);
  try {
    const applied = await migrate(db.pool);
    say(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await db.close();
  }
}

