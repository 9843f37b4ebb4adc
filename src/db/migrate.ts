import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { ADVISORY_LOCKS, withAdvisoryLock } from './advisory-lock';

const MIGRATIONS_DIR = path.join(__dirname, 'migrations');

/** Applies pending migrations in order, once, even when several workers start together. */
export async function migrate(pool: pg.Pool): Promise<string[]> {
  const files = fs
    .readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const applied: string[] = [];
  await withAdvisoryLock(pool, ADVISORY_LOCKS.migrations, { wait: true }, async (client) => {
    await client.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set((await client.query<{ version: string }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
    for (const file of files) {
      if (done.has(file)) continue;
      await client.query('BEGIN');
      try {
        await client.query(fs.readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8'));
        await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw err;
      }
    }
  });
  return applied;
}
