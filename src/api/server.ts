import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { API_LIMIT_DEFAULTS } from '../config';
import type { Logger } from '../logger';
import { runVersion } from '../read-model/read-model';
import { authorize } from './auth';
import { AnswerCache, cachedAnswer, Recent, RenderLimit } from './cache';
import { type Answer, failure, HttpError, RETRY_AFTER_DATABASE, rejectUnparseable, send } from './http';
import type { ApiAccount } from './keys';
import { checkReviewRequest, reviewAnswer } from './reviews';
import { decodeRunId, includeIssuesOf, readRoute, routeOf } from './routes';
import { screenAnswer } from './screen';

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
/**
 * Asked on every request, so remembered briefly: a key's account (a credit
 * change or a new key takes effect within a second) and an ended run's version
 * (pruning, days after the run, shows within ten seconds). A run in progress is
 * always read.
 */
const ACCOUNT_MEMORY_MS = 1_000;
const ENDED_VERSION_MEMORY_MS = 10_000;
const MEMORY_ENTRIES = 10_000;
const MAX_HEADER_BYTES = 16 * 1024;
const HEALTH_TIMEOUT_MS = 3_000;

interface ServerState {
  cache: AnswerCache;
  renders: RenderLimit;
  accounts: Recent<ApiAccount | null>;
  endedVersions: Recent<string>;
}

/** 200 when the database answers a query in time, 503 otherwise. */
async function health(pool: pg.Pool): Promise<Answer> {
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

/** The run's version tag for its owner (an ended run's remembered), or a 404 when the owner has no such run. */
async function versionOf(pool: pg.Pool, endedVersions: Recent<string>, versionKey: string, pipelineRunId: string, ownerUserId: string) {
  const remembered = endedVersions.get(versionKey);
  if (remembered !== undefined) return { ended: true, tag: remembered };
  const version = await runVersion(pool, pipelineRunId, ownerUserId);
  if (!version) throw new HttpError(404, 'pipeline run not found');
  if (version.ended) endedVersions.set(versionKey, version.tag);
  return version;
}

async function respond(opts: ApiServerOptions, state: ServerState, req: http.IncomingMessage): Promise<Answer> {
  const { pool } = opts;
  const target = routeOf(req, opts.basePath);
  const { operation } = target;
  if (operation === 'health') return health(pool);
  if (operation === 'screen') return screenAnswer(pool, state.accounts, req);
  const posting = req.method === 'POST';
  if (!posting && (req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0)) {
    throw new HttpError(400, 'GET requests take no body');
  }
  if (posting) checkReviewRequest(req);
  const includeIssues = operation === 'getPipelineRun' ? includeIssuesOf(target.query) : false;
  // The routes a browser opens may ask it for the key.
  const browser = operation === 'report' || operation === 'reviews';
  const account = await authorize(pool, state.accounts, req, { browser, reviewing: posting });
  const pipelineRunId = decodeRunId(target.encodedId);
  // Another user's run reads exactly like a missing one.
  const ownerUserId = account.userId;
  const versionKey = `${ownerUserId}|${pipelineRunId}`;
  if (operation === 'reviews' || (operation === 'report' && account.reviewer !== null)) {
    if (!(await runVersion(pool, pipelineRunId, ownerUserId))) throw new HttpError(404, 'pipeline run not found');
    return reviewAnswer(pool, state, req, { pipelineRunId, ownerUserId, reviewer: account.reviewer, operation, versionKey });
  }
  const version = await versionOf(pool, state.endedVersions, versionKey, pipelineRunId, ownerUserId);
  const html = operation === 'report';
  const variant = `${operation}:${includeIssues}`;
  const make = () => readRoute(pool, operation, { pipelineRunId, ownerUserId, includeIssues });
  const produce = () => (html ? state.renders.run(`${pipelineRunId}|${variant}`, make) : make());
  if (!version.ended) return { status: 200, body: await produce(), html, headers: { 'cache-control': 'no-store' } };
  return cachedAnswer(state.cache, req, { cacheKey: `${pipelineRunId}|${variant}|${version.tag}`, html, produce });
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
