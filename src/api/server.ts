import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type pg from 'pg';
import { screenOrRefuse } from '../analyzers/user-input/screen';
import { isDatabaseUnavailable } from '../db/outage';
import { pipelineRunReport } from '../report/report';
import { getRunFixes } from '../read-model/fixes';
import { getPipelineRun, listIssues, runVersion } from '../read-model/read-model';
import { getRunReviews } from '../read-model/reviews';
import { API_LIMIT_DEFAULTS, PACKAGE_VERSION } from '../config';
import type { Logger } from '../logger';
import { AnswerCache, Recent, RenderLimit, Saturated } from './cache';
import { accountOfKey, isWellFormedApiKey, type ApiAccount } from './keys';
import { applyReview } from './reviews';

/**
 * The REST interface's two eval endpoints over node:http, and the visual report
 * of a run (HTML, outside the interface's /evals routes, under the same key rules):
 *   GET {basePath}/evals/pipeline-runs/{pipelineRunId}[?includeIssues=0|1|true|false]
 *   GET {basePath}/evals/pipeline-runs/{pipelineRunId}/issues
 *   GET {basePath}/evals/pipeline-runs/{pipelineRunId}/fixes (docs/fixes.md)
 *   GET {basePath}/reports/pipeline-runs/{pipelineRunId}
 *   GET, POST {basePath}/reports/pipeline-runs/{pipelineRunId}/reviews
 *   POST {basePath}/evals/user-input (the user's message screened before anything is generated, docs/user-input-security.md)
 * and `GET /healthz` (no key) for load balancers and orchestrators. HEAD answers
 * like GET without the body. Every check that needs no database (size, route,
 * method, parameters, key format) runs before the first query, so malformed
 * requests never reach it; the id is checked after the key, so a caller without
 * one learns nothing from it.
 *
 * Under load: an ended run's answers never change (but for pruning, which its
 * version tag covers), so each is made once, kept in a bounded cache and
 * served with an ETag (`If-None-Match` gets 304). Reports render at most
 * `renderConcurrency` at a time, a few more queued; past that, and whenever
 * the database does not answer, 503 with Retry-After, never 500.
 *
 * Review (docs/calibration.md): a key created with a reviewer name gets the
 * report with its review controls (never cached) and may POST reviews; any
 * key that reads the run reads its reviews. A browser carries the key on the
 * report routes as the password of HTTP Basic authentication, which it asks
 * for once; a review must be JSON and, when the browser says where it comes
 * from (Origin, Sec-Fetch-Site), come from this server, so no other site can post one.
 */

export interface ApiServerOptions {
  pool: pg.Pool;
  /** Where version 1 of the interface is mounted, e.g. `/v1` ('' for the root). */
  basePath: string;
  log: Logger;
  /** Reports rendered at once (EVALS_API_RENDER_CONCURRENCY); RENDER_QUEUE_PER_SLOT more wait per slot. */
  renderConcurrency?: number;
  /** Bound of the cache of ended runs' answers (EVALS_API_CACHE_MB). */
  cacheBytes?: number;
}

// One waiting per slot: a report waits for at most one render ahead of it; past that the client is told to come back.
const RENDER_QUEUE_PER_SLOT = 1;
/** Seconds a client is asked to wait: a saturated renderer drains in about a second, a database comes back in more. */
const RETRY_AFTER_SATURATED = 1;
const RETRY_AFTER_DATABASE = 5;
/**
 * Asked on every request, so remembered briefly: a key's account (a credit
 * change or a new key takes effect within a second) and an ended run's version
 * (pruning, days after the run, shows within ten seconds). A run in progress is
 * always read.
 */
const ACCOUNT_MEMORY_MS = 1_000;
const ENDED_VERSION_MEMORY_MS = 10_000;
const MEMORY_ENTRIES = 10_000;

const MAX_URL_LENGTH = 2048;
const MAX_HEADER_BYTES = 16 * 1024;
const BOOLEAN_FLAGS: Record<string, boolean> = { '0': false, '1': true, false: false, true: true };

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly retryAfterSeconds?: number,
    readonly headers: http.OutgoingHttpHeaders = {},
  ) {
    super(message);
  }
}

type Route = { operation: 'getPipelineRun' | 'listIssues' | 'listFixes' | 'report' | 'reviews' | 'screen'; encodedId: string };

function route(pathname: string, basePath: string): Route | null {
  if (!pathname.startsWith(`${basePath}/`)) return null;
  const segments = pathname.slice(basePath.length + 1).split('/');
  if (segments.length === 2 && segments[0] === 'evals' && segments[1] === 'user-input') return { operation: 'screen', encodedId: '' };
  if ((segments[0] !== 'evals' && segments[0] !== 'reports') || segments[1] !== 'pipeline-runs' || !segments[2]) return null;
  const encodedId = segments[2];
  if (segments[0] === 'reports') {
    if (segments.length === 3) return { operation: 'report', encodedId };
    return segments.length === 4 && segments[3] === 'reviews' ? { operation: 'reviews', encodedId } : null;
  }
  if (segments.length === 3) return { operation: 'getPipelineRun', encodedId };
  if (segments.length === 4 && segments[3] === 'issues') return { operation: 'listIssues', encodedId };
  if (segments.length === 4 && segments[3] === 'fixes') return { operation: 'listFixes', encodedId };
  return null;
}

// C0 and C1 control characters and DEL: no run id holds one, and PostgreSQL refuses NUL outright.
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** The decoded run id, or a 400 for an encoding that does not decode or a control character. */
function decodeRunId(encodedId: string): string {
  let id: string;
  try {
    id = decodeURIComponent(encodedId);
  } catch {
    throw new HttpError(400, 'malformed pipeline run id');
  }
  if (CONTROL_CHARACTER.test(id)) throw new HttpError(400, 'malformed pipeline run id');
  return id;
}

const READ_METHODS = ['GET', 'HEAD'];
const methodsOf = (route: Route | null) =>
  route?.operation === 'screen' ? ['POST'] : route?.operation === 'reviews' ? [...READ_METHODS, 'POST'] : READ_METHODS;
/**
 * A screening request's body: `{"text": …}` with a message of at most MAX_SCREENED_CHARS characters,
 * JSON-escaped (a control character is 6 bytes). Past this the body is refused unread.
 */
const MAX_SCREEN_BYTES = 256 * 1024;
/** Browsers ask for the key (as a password) on the report routes when told this realm. */
const BASIC_CHALLENGE = 'Basic realm="evals reports", charset="UTF-8"';
const MAX_REVIEW_BYTES = 16 * 1024;
const HEALTH_PATH = '/healthz';
const HEALTH_TIMEOUT_MS = 3_000;

/** 200 when the database answers a query in time, 503 otherwise. */
async function health(pool: pg.Pool): Promise<{ status: number; body: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), HEALTH_TIMEOUT_MS);
  });
  try {
    await Promise.race([pool.query('SELECT 1'), timeout]);
    return { status: 200, body: { status: 'ok' } };
  } catch {
    throw new HttpError(503, 'database unreachable', RETRY_AFTER_DATABASE);
  } finally {
    clearTimeout(timer);
  }
}

function includeIssuesOf(query: URLSearchParams): boolean {
  const values = query.getAll('includeIssues');
  if (values.length === 0) return false;
  if (values.length > 1 || !(values[0] in BOOLEAN_FLAGS)) throw new HttpError(400, 'includeIssues must be one of 0, 1, true, false');
  return BOOLEAN_FLAGS[values[0]];
}

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

interface Answer {
  status: number;
  /** A JSON value, or bytes already made (a JSON shape or the report page). */
  body: unknown;
  /** The body is the report page (HTML). */
  html?: boolean;
  headers?: http.OutgoingHttpHeaders;
}

interface ServerState {
  cache: AnswerCache;
  renders: RenderLimit;
  accounts: Recent<ApiAccount | null>;
  endedVersions: Recent<string>;
}

/** Whether the request's If-None-Match names this ETag. */
function notModified(req: http.IncomingMessage, etag: string): boolean {
  const header = req.headers['if-none-match'];
  return header !== undefined && (header.trim() === '*' || header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag));
}

async function respond(opts: ApiServerOptions, state: ServerState, req: http.IncomingMessage): Promise<Answer> {
  if ((req.url ?? '').length > MAX_URL_LENGTH) throw new HttpError(414, 'request URL too long');
  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://api.invalid');
  } catch {
    throw new HttpError(400, 'malformed request URL');
  }
  const isHealth = url.pathname === HEALTH_PATH;
  const target = isHealth ? null : route(url.pathname, opts.basePath);
  if (!target && !isHealth) throw new HttpError(404, 'no such route');
  const allowed = methodsOf(target);
  if (!allowed.includes(req.method ?? ''))
    throw new HttpError(405, `method ${req.method} not allowed: use ${allowed.filter((m) => m !== 'HEAD').join(' or ')}`, undefined, {
      allow: allowed.join(', '),
    });
  if (!target) return health(opts.pool);
  if (target.operation === 'screen') return screenAnswer(opts, state, req);
  const posting = req.method === 'POST';
  if (!posting && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0)) {
    throw new HttpError(400, 'GET requests take no body');
  }
  if (posting) checkReviewRequest(req);
  const includeIssues = target.operation === 'getPipelineRun' ? includeIssuesOf(url.searchParams) : false;
  // The routes a browser opens may ask it for the key.
  const browser = target.operation === 'report' || target.operation === 'reviews';
  const challenge = browser ? { 'www-authenticate': BASIC_CHALLENGE } : {};
  let key: string;
  try {
    key = apiKeyOf(req, browser);
  } catch (err) {
    throw err instanceof HttpError && err.status === 401 ? new HttpError(401, err.message, undefined, challenge) : err;
  }

  let account = state.accounts.get(key);
  if (account === undefined) {
    account = await accountOfKey(opts.pool, key);
    state.accounts.set(key, account);
  }
  if (!account) throw new HttpError(401, 'invalid API key', undefined, challenge);
  if (account.credits <= 0 && !account.usageBased) throw new HttpError(403, 'no credits balance and no usage-based subscription');
  if (posting && account.reviewer === null)
    throw new HttpError(403, 'this key may not review (evals keys create --reviewer NAME makes one that may)');
  const pipelineRunId = decodeRunId(target.encodedId);
  // Another user's run reads exactly like a missing one.
  const ownerUserId = account.userId;
  const versionKey = `${ownerUserId}|${pipelineRunId}`;
  if (target.operation === 'reviews' || (target.operation === 'report' && account.reviewer !== null)) {
    if (!(await runVersion(opts.pool, pipelineRunId, ownerUserId))) throw new HttpError(404, 'pipeline run not found');
    return reviewAnswer(opts, state, req, {
      pipelineRunId,
      ownerUserId,
      reviewer: account.reviewer,
      operation: target.operation,
      versionKey,
    });
  }
  const remembered = state.endedVersions.get(versionKey);
  const version = remembered !== undefined ? { ended: true, tag: remembered } : await runVersion(opts.pool, pipelineRunId, ownerUserId);
  if (!version) throw new HttpError(404, 'pipeline run not found');
  if (version.ended && remembered === undefined) state.endedVersions.set(versionKey, version.tag);
  const html = target.operation === 'report';
  const make = async (): Promise<Buffer> => {
    const answer = html
      ? await pipelineRunReport(opts.pool, pipelineRunId, { ownerUserId })
      : target.operation === 'getPipelineRun'
        ? await getPipelineRun(opts.pool, pipelineRunId, { includeIssues, ownerUserId })
        : target.operation === 'listFixes'
          ? await getRunFixes(opts.pool, pipelineRunId, { ownerUserId })
          : await listIssues(opts.pool, pipelineRunId, { ownerUserId });
    if (answer === null) throw new HttpError(404, 'pipeline run not found');
    if (answer === 'none') throw new HttpError(404, 'this pipeline run has no fixes (its scene was not repaired)');
    return Buffer.from(typeof answer === 'string' ? answer : JSON.stringify(answer));
  };
  const variant = `${target.operation}:${includeIssues}`;
  const produce = () => (html ? state.renders.run(`${pipelineRunId}|${variant}`, make) : make());
  if (!version.ended) return { status: 200, body: await produce(), html, headers: { 'cache-control': 'no-store' } };

  const cacheKey = `${pipelineRunId}|${variant}|${version.tag}`;
  const etag = `"${crypto.createHash('sha256').update(`${PACKAGE_VERSION}|${cacheKey}`).digest('base64url').slice(0, 27)}"`;
  // Private: the answer depends on the caller's key; no-cache: revalidated (a cheap 304) on every use.
  const headers = { etag, 'cache-control': 'private, no-cache' };
  let body = state.cache.get(cacheKey);
  // A 304 says the representation exists (`If-None-Match: *` matches any that does, RFC 9110 13.1.2): the JSON
  // answers are made first (cheap, and cached), so a run without fixes is a 404 either way. The report exists
  // for every run runVersion found, so its 304 stays free of rendering.
  if (!body && !html) {
    body = await produce();
    state.cache.set(cacheKey, body);
  }
  if (notModified(req, etag)) return { status: 304, body: null, html, headers };
  if (!body) {
    body = await produce();
    state.cache.set(cacheKey, body);
  }
  return { status: 200, body, html, headers };
}

/**
 * POST {basePath}/evals/user-input: the screening of one message, under the read
 * API's key rules. The size is checked from content-length before the key and
 * again while reading, so a 1 MB body is refused unread; a message over the
 * screening's own limit gets 413 with the screening's reason.
 */
async function screenAnswer(opts: ApiServerOptions, state: ServerState, req: http.IncomingMessage): Promise<Answer> {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'the message is JSON: {"text": "..."} (content-type: application/json)');
  const tooLarge = () => new HttpError(413, `a screening request is at most ${MAX_SCREEN_BYTES / 1024} KB`);
  if (Number(req.headers['content-length'] ?? 0) > MAX_SCREEN_BYTES) throw tooLarge();
  const key = apiKeyOf(req, false);
  let account = state.accounts.get(key);
  if (account === undefined) {
    account = await accountOfKey(opts.pool, key);
    state.accounts.set(key, account);
  }
  if (!account) throw new HttpError(401, 'invalid API key');
  if (account.credits <= 0 && !account.usageBased) throw new HttpError(403, 'no credits balance and no usage-based subscription');
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

/** A review must be JSON from this server's own page: a form or another site cannot post one with the browser's credentials. */
function checkReviewRequest(req: http.IncomingMessage): void {
  if (!/^application\/json\s*(;|$)/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'a review is JSON (content-type: application/json)');
  const origin = req.headers.origin;
  const otherOrigin = origin !== undefined && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`;
  // A browser that sends no Origin still says where a request comes from: only this origin, or no page at all (`none`), may post.
  const site = req.headers['sec-fetch-site'];
  const otherSite = site !== undefined && site !== 'same-origin' && site !== 'none';
  if (otherOrigin || otherSite) throw new HttpError(403, "a review must come from this server's report page");
  if (Number(req.headers['content-length'] ?? 0) > MAX_REVIEW_BYTES)
    throw new HttpError(413, `a review is at most ${MAX_REVIEW_BYTES / 1024} KB`);
}

/** A request's body as text, at most `maxBytes`: past that, `tooLarge()` at once, the rest unread. */
async function readBody(req: http.IncomingMessage, maxBytes: number, tooLarge: () => HttpError): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What is never cached: a run's reviews (read or posted), and the report a
 * reviewer reviews on, rendered for them with the controls and a script
 * allowed by a nonce of its own.
 */
async function reviewAnswer(
  opts: ApiServerOptions,
  state: ServerState,
  req: http.IncomingMessage,
  at: { pipelineRunId: string; ownerUserId: string; reviewer: string | null; operation: 'report' | 'reviews'; versionKey: string },
): Promise<Answer> {
  const noStore = { 'cache-control': 'no-store' };
  if (at.operation === 'report') {
    const nonce = crypto.randomBytes(18).toString('base64');
    const page = await state.renders.run(`${at.pipelineRunId}|review|${nonce}`, async () => {
      const html = await pipelineRunReport(opts.pool, at.pipelineRunId, {
        ownerUserId: at.ownerUserId,
        controls: { reviewer: at.reviewer!, nonce },
      });
      if (html === null) throw new HttpError(404, 'pipeline run not found');
      return Buffer.from(html);
    });
    const csp = `default-src 'none'; img-src data:; style-src 'unsafe-inline'; script-src 'nonce-${nonce}'; connect-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'self'`;
    return { status: 200, body: page, html: true, headers: { ...noStore, 'content-security-policy': csp } };
  }
  if (req.method !== 'POST')
    return {
      status: 200,
      body: { pipelineRunId: at.pipelineRunId, reviews: await getRunReviews(opts.pool, at.pipelineRunId) },
      headers: noStore,
    };
  const answer = await applyReview(
    opts.pool,
    at.pipelineRunId,
    at.reviewer!,
    await readBody(req, MAX_REVIEW_BYTES, () => new HttpError(413, `a review is at most ${MAX_REVIEW_BYTES / 1024} KB`)),
  );
  // The run's answers now show this review: forget its remembered version.
  state.endedVersions.delete(at.versionKey);
  return { ...answer, headers: noStore };
}

/** The visual report is one self-contained page; it loads nothing, so nothing else may load into it either. */
const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'",
};

/** Node leaves the body out of a HEAD response; the headers, content-length included, are GET's. A 304 has neither body nor type. */
function send(res: http.ServerResponse, answer: Answer, extraHeaders: http.OutgoingHttpHeaders): void {
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

/** The answer to a request that failed: its HttpError, 503 when saturated or the database is down, else 500. */
function failure(err: unknown, log: Logger): Answer {
  if (err instanceof HttpError) {
    return {
      status: err.status,
      body: { error: err.message },
      headers: { ...err.headers, ...(err.retryAfterSeconds ? { 'retry-after': String(err.retryAfterSeconds) } : {}) },
    };
  }
  if (err instanceof Saturated)
    return {
      status: 503,
      body: { error: 'too many reports being rendered; retry shortly' },
      headers: { 'retry-after': String(RETRY_AFTER_SATURATED) },
    };
  if (isDatabaseUnavailable(err))
    return { status: 503, body: { error: 'database unavailable' }, headers: { 'retry-after': String(RETRY_AFTER_DATABASE) } };
  log.error({ err }, 'read API request failed');
  return { status: 500, body: { error: 'internal error' } };
}

/** Answers requests Node cannot even parse (bad syntax, oversized headers) with an `{ error }` body too. */
function rejectUnparseable(err: NodeJS.ErrnoException, socket: Socket): void {
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

export function createApiServer(opts: ApiServerOptions): http.Server {
  const concurrency = opts.renderConcurrency ?? API_LIMIT_DEFAULTS.renderConcurrency;
  const state: ServerState = {
    cache: new AnswerCache(opts.cacheBytes ?? API_LIMIT_DEFAULTS.cacheMb * 1024 * 1024),
    renders: new RenderLimit(concurrency, concurrency * RENDER_QUEUE_PER_SLOT),
    accounts: new Recent(ACCOUNT_MEMORY_MS, MEMORY_ENTRIES),
    endedVersions: new Recent(ENDED_VERSION_MEMORY_MS, MEMORY_ENTRIES),
  };
  const server = http.createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (req, res) => {
    const started = process.hrtime.bigint();
    respond(opts, state, req)
      .catch((err: unknown) => failure(err, opts.log))
      .then((answer) => {
        const { status } = answer;
        // A request that came with a body is not read: close the connection instead.
        const headers: http.OutgoingHttpHeaders = {};
        if (status === 400 || status === 413 || status === 414 || status === 415) headers.connection = 'close';
        send(res, answer, headers);
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        opts.log.info(
          { method: req.method, path: (req.url ?? '').split('?')[0].slice(0, 200), status, ms: Math.round(ms) },
          'read API request',
        );
      });
  });
  server.on('clientError', rejectUnparseable);
  return server;
}

/** Listens and resolves with the bound address (port 0 picks a free port). */
export async function listen(server: http.Server, port: number, host: string): Promise<{ port: number; url: string }> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { port: address.port, url: `http://${shownHost}:${address.port}` };
}
