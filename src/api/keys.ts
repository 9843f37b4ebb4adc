import crypto from 'node:crypto';
import type pg from 'pg';
import { inTransaction } from '../db/transaction';

/** An API key is this fixed prefix followed by 64 hexadecimal characters (the REST interface's rule). */
export const API_KEY_PREFIX = 'evk_';
const API_KEY_PATTERN = /^evk_[0-9a-f]{64}$/i;

export function isWellFormedApiKey(key: string): boolean {
  return API_KEY_PATTERN.test(key);
}

function hashApiKey(key: string): Buffer {
  return crypto.createHash('sha256').update(key.toLowerCase()).digest();
}

export interface ApiAccount {
  userId: string;
  credits: number;
  usageBased: boolean;
  /** The name a key that may review signs its reviews with; null for a read-only key. */
  reviewer: string | null;
}

/**
 * Creates a key for a user and returns it: the only time it exists in clear.
 * The account is created on first use; credits and usage-based are updated
 * only when given. With `reviewer`, the key may also review the account's runs
 * (docs/calibration.md), its reviews signed with that name.
 */
export async function createApiKey(
  pool: pg.Pool,
  opts: { userId: string; credits?: number; usageBased?: boolean; reviewer?: string },
): Promise<string> {
  const key = `${API_KEY_PREFIX}${crypto.randomBytes(32).toString('hex')}`;
  await inTransaction(pool, async (client) => {
    await client.query(
      `INSERT INTO api_accounts (user_id, credits, usage_based) VALUES ($1, COALESCE($2, 0), COALESCE($3, false))
       ON CONFLICT (user_id) DO UPDATE SET credits = COALESCE($2, api_accounts.credits), usage_based = COALESCE($3, api_accounts.usage_based)`,
      [opts.userId, opts.credits ?? null, opts.usageBased ?? null],
    );
    await client.query('INSERT INTO api_keys (key_hash, user_id, reviewer) VALUES ($1, $2, $3)', [
      hashApiKey(key),
      opts.userId,
      opts.reviewer ?? null,
    ]);
  });
  return key;
}

/** The account a well-formed key belongs to, or null for an unknown key. */
export async function accountOfKey(pool: pg.Pool, key: string): Promise<ApiAccount | null> {
  const r = await pool.query<{ user_id: string; credits: string; usage_based: boolean; reviewer: string | null }>(
    'SELECT a.user_id, a.credits, a.usage_based, k.reviewer FROM api_keys k JOIN api_accounts a ON a.user_id = k.user_id WHERE k.key_hash = $1',
    [hashApiKey(key)],
  );
  const row = r.rows[0];
  return row ? { userId: row.user_id, credits: Number(row.credits), usageBased: row.usage_based, reviewer: row.reviewer } : null;
}
