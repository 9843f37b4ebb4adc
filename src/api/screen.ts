import type http from 'node:http';
import type pg from 'pg';
import { screenOrRefuse } from '../analyzers/user-input/screen';
import { authorize } from './auth';
import type { Recent } from './cache';
import { type Answer, HttpError, isJson, readBody } from './http';
import type { ApiAccount } from './keys';

/**
 * A screening request's body: `{"text": …}` with a message of at most MAX_SCREENED_CHARS characters,
 * JSON-escaped (a control character is 6 bytes). Past this the body is refused unread.
 */
const MAX_SCREEN_BYTES = 256 * 1024;

/**
 * POST {basePath}/evals/user-input: the screening of one message, under the read
 * API's key rules. The size is checked from content-length before the key and
 * again while reading, so a 1 MB body is refused unread; a message over the
 * screening's own limit gets 413 with the screening's reason.
 */
export async function screenAnswer(pool: pg.Pool, accounts: Recent<ApiAccount | null>, req: http.IncomingMessage): Promise<Answer> {
  if (!isJson(req)) throw new HttpError(415, 'the message is JSON: {"text": "..."} (content-type: application/json)');
  const tooLarge = () => new HttpError(413, `a screening request is at most ${MAX_SCREEN_BYTES / 1024} KB`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_SCREEN_BYTES) throw tooLarge();
  await authorize(pool, accounts, req, { browser: false, reviewing: false });
  const body = await readBody(req, MAX_SCREEN_BYTES, tooLarge);
  let text: unknown;
  try {
    text = (JSON.parse(body) as { text?: unknown } | null)?.text;
  } catch {
    throw new HttpError(400, 'the body is not JSON: send {"text": "..."}');
  }
  if (typeof text !== 'string') throw new HttpError(400, 'the body must be {"text": "..."} with the message as a string');
  const result = screenOrRefuse(text);
  if (result.status === 'ERROR') throw new HttpError(413, result.error);
  return { status: 200, body: result, headers: { 'cache-control': 'no-store' } };
}
