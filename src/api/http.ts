import http from 'node:http';
import type { Socket } from 'node:net';
import { isDatabaseUnavailable } from '../db/outage';
import type { Logger } from '../logger';

/** The read API's answers and failures, and how they go onto the wire. */

/** Seconds a client is asked to wait: a saturated renderer drains in about a second, a database comes back in more. */
export const RETRY_AFTER_SATURATED = 1;
export const RETRY_AFTER_DATABASE = 5;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly headers: http.OutgoingHttpHeaders = {},
  ) {
    super(message);
  }
}

export interface Answer {
  status: number;
  /** A JSON value, or bytes already made (a JSON shape or the report page). */
  body: unknown;
  /** The body is the report page (HTML). */
  html?: boolean;
  headers?: http.OutgoingHttpHeaders;
}

/** Whether a request is JSON by its content-type. */
export const isJson = (req: http.IncomingMessage): boolean => /^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? '');

/** A request's body as text, at most `maxBytes`: past that, `tooLarge()` at once, the rest unread. */
export async function readBody(req: http.IncomingMessage, maxBytes: number, tooLarge: () => HttpError): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The visual report is one self-contained page; it loads nothing, so nothing else may load into it either. */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
};

/** Node leaves the body out of a HEAD response; the headers, content-length included, are GET's. A 304 has neither body nor type. */
export function send(res: http.ServerResponse, answer: Answer, extraHeaders: http.OutgoingHttpHeaders): void {
  if (answer.status === 304) {
    res.writeHead(304, { ...answer.headers, ...extraHeaders });
    res.end();
    return;
  }
  const body = Buffer.isBuffer(answer.body) ? answer.body : Buffer.from(JSON.stringify(answer.body));
  res.writeHead(answer.status, {
    ...(answer.html ? HTML_HEADERS : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': body.length,
    'cache-control': 'no-store',
    ...answer.headers,
    ...extraHeaders,
  });
  res.end(body);
}

/** The answer to a request that failed: its HttpError (503 when report rendering is saturated), 503 when the database is down, else 500. */
export function failure(err: unknown, log: Logger): Answer {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { error: err.message },
      headers: { ...err.headers, ...(err.retryAfterSeconds ? { 'retry-after': String(err.retryAfterSeconds) } : {}) },
    };
  }
  if (isDatabaseUnavailable(err))
    return { status: 503, body: { error: 'database unavailable' }, headers: { 'retry-after': String(RETRY_AFTER_DATABASE) } };
  log.error({ err }, 'read API request failed');
  return { status: 500, body: { error: 'internal error' } };
}

/** Answers requests Node cannot even parse (bad syntax, oversized headers) with an `{ error }` body too. */
export function rejectUnparseable(err: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const json = JSON.stringify({ error: status === 431 ? 'request headers too large' : 'malformed HTTP request' });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json; charset=utf-8\r\n` +
      `content-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`,
  );
}
