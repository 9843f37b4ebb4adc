import type http from 'node:http';
import type pg from 'pg';
import type { Recent } from './cache';
import { HttpError } from './http';
import { accountOfKey, isWellFormedApiKey, type ApiAccount } from './keys';

/**
 * Who is asking: the key a request carries and the account it belongs to.
 * A browser carries the key on the report routes as the password of HTTP Basic
 * authentication, which it asks for once when told the realm.
 */

/** Browsers ask for the key (as a password) on the report routes when told this realm. */
const BASIC_CHALLENGE = 'Basic realm="evals reports", charset="UTF-8"';

/**
 * The key from `x-api-key` or `Authorization: Bearer`; both may be sent only
 * when they agree. With `basic` (the report routes, which browsers open), also
 * the password of `Authorization: Basic`.
 */
function apiKeyOf(req: http.IncomingMessage, basic: boolean): string {
  const fromHeader = req.headers['x-api-key'];
  const authorization = req.headers.authorization;
  let fromBearer: string | undefined;
  if (authorization !== undefined) {
    const match = /^Bearer +(\S+)$/i.exec(authorization);
    // Another scheme (a proxy's Basic auth, say) is not ours to judge when x-api-key carries the key.
    const password = basic && !match && fromHeader === undefined ? /^Basic +([A-Za-z0-9+/=]+)$/i.exec(authorization) : null;
    if (password)
      fromBearer = Buffer.from(password[1], 'base64')
        .toString('utf8')
        .replace(/^[^:]*:/, '');
    else if (!match && fromHeader === undefined) throw new HttpError(401, 'invalid API key');
    else fromBearer = match?.[1];
  }
  const key = fromHeader ?? fromBearer;
  if (key === undefined) throw new HttpError(401, 'missing API key');
  if (typeof key !== 'string' || (fromBearer !== undefined && fromBearer !== key) || !isWellFormedApiKey(key)) {
    throw new HttpError(401, 'invalid API key');
  }
  return key;
}

/**
 * The account of the request's key, remembered briefly in `accounts`: 401 for
 * no key or an unknown one (with the Basic challenge when `browser`), 403 for
 * an account without credits or, when `reviewing`, a key that may not review.
 */
export async function authorize(
  pool: pg.Pool,
  accounts: Recent<ApiAccount | null>,
  req: http.IncomingMessage,
  need: { browser: boolean; reviewing: boolean },
): Promise<ApiAccount> {
  const challenge = need.browser ? { 'www-authenticate': BASIC_CHALLENGE } : {};
  let key: string;
  try {
    key = apiKeyOf(req, need.browser);
  } catch (err) {
    throw err instanceof HttpError && err.status === 401 ? new HttpError(401, err.message, undefined, challenge) : err;
  }
  let account = accounts.get(key);
  if (account === undefined) {
    account = await accountOfKey(pool, key);
    accounts.set(key, account);
  }
  if (!account) throw new HttpError(401, 'invalid API key', undefined, challenge);
  if (account.credits <= 0 && !account.usageBased) throw new HttpError(403, 'no credits balance and no usage-based subscription');
  if (need.reviewing && account.reviewer === null)
    throw new HttpError(403, 'this key may not review (evals keys create --reviewer NAME makes one that may)');
  return account;
}
