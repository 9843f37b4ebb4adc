import crypto from 'node:crypto';
import type { Server } from 'node:http';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, BurstEnd } from '../../src/api/cache';
import { createApiKey } from '../../src/api/keys';
import { createApiServer, listen, type ApiServerOptions } from '../../src/api/server';
import { startEvalPipeline } from '../../src/client';
import { createPipelineRun } from '../../src/db/pipeline-runs';
import { createPool } from '../../src/infra/postgres';
import { freePort } from '../../src/infra/temporal';
import { createLogger } from '../../src/logger';
import { sampleAnimation } from '../../testkit/videos';
import { createTestEnv, type TestEnv } from '../helpers/env';

/**
 * The read API under load (issue 23, finding 5): ended runs' answers made once
 * and revalidated by ETag, report rendering bounded with 503 + Retry-After past
 * the bound, and a database that is down answered 503 + Retry-After on every
 * endpoint, never 500. (Throughput, latency and memory: npm run bench:read-api.)
 */

const USER = 'user-read-load';
let env: TestEnv;
let key: string;
let finished: string;
const servers: Server[] = [];

async function serve(opts: Partial<ApiServerOptions> = {}, pool: pg.Pool = env.pool): Promise<string> {
  const server = createApiServer({ pool, basePath: '/v1', log: createLogger('silent'), ...opts });
  servers.push(server);
  return `${(await listen(server, 0, '127.0.0.1')).url}/v1`;
}

const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers: { 'x-api-key': key, ...headers } });

beforeAll(async () => {
  env = await createTestEnv();
  await env.startWorker();
  const handle = await startEvalPipeline(env.client, env.taskQueue, {
    fragmentId: 'frag-read-load',
    projectId: 'p',
    userId: USER,
    animation: { url: sampleAnimation() },
  });
  finished = (await handle.result()).pipelineRunId;
  key = await createApiKey(env.pool, { userId: USER, credits: 1 });
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await env?.close();
});

describe('an ended run is made once and revalidated by ETag', () => {
  it('serves the report with an ETag, 304 on If-None-Match, and from its cache even when the stored frames change', async () => {
    const base = await serve();
    const first = await get(`${base}/reports/pipeline-runs/${finished}`);
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(await first.text()).toMatch(/<figure id="frame-/);

    const revalidated = await get(`${base}/reports/pipeline-runs/${finished}`, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');

    // Frames removed behind the server's back: the cached render is served, not a new one.
    await env.pool.query('DELETE FROM frames WHERE pipeline_run_id = $1', [finished]);
    expect(await (await get(`${base}/reports/pipeline-runs/${finished}`)).text()).toMatch(/<figure id="frame-/);
    // A fresh server renders what is stored now (so the one above did not render again).
    expect(await (await get(`${await serve()}/reports/pipeline-runs/${finished}`)).text()).not.toMatch(/<figure id="frame-/);

    // Pruning is the one change an ended run sees: it changes the ETag and the page (a running server sees it within 10 s).
    await env.pool.query('UPDATE pipeline_runs SET frames_pruned_at = now() WHERE id = $1', [finished]);
    const pruned = await get(`${await serve()}/reports/pipeline-runs/${finished}`, { 'if-none-match': etag });
    expect(pruned.status).toBe(200);
    expect(pruned.headers.get('etag')).not.toBe(etag);
    expect(await pruned.text()).toMatch(/were pruned on/);
  });

  it('serves the JSON shapes of an ended run with an ETag too, and a running one uncached', async () => {
    const base = await serve();
    for (const path of [`pipeline-runs/${finished}`, `pipeline-runs/${finished}?includeIssues=true`, `pipeline-runs/${finished}/issues`]) {
      const first = await get(`${base}/evals/${path}`);
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect((await get(`${base}/evals/${path}`, { 'if-none-match': etag })).status).toBe(304);
    }
    const { pipelineRunId: pending } = await createPipelineRun(env.pool, {
      temporalRunId: crypto.randomUUID(),
      executionName: 'wf-pending-read',
      fragmentId: 'frag-pending-read',
      projectId: 'p',
      userId: USER,
      renderJobId: null,
    });
    const running = await get(`${base}/evals/pipeline-runs/${pending}`);
    expect(running.status).toBe(200);
    expect(running.headers.get('etag')).toBeNull();
    expect(running.headers.get('cache-control')).toBe('no-store');
  });
});

describe('bounded report rendering', () => {
  it('renders one report at a time with one waiting, and answers 503 with Retry-After past that, never 500', async () => {
    const base = await serve({ renderConcurrency: 1 });
    const runs = await Promise.all(
      Array.from(
        { length: 4 },
        async (_, i) =>
          (
            await createPipelineRun(env.pool, {
              temporalRunId: crypto.randomUUID(),
              executionName: `wf-render-${i}`,
              fragmentId: `frag-render-${i}`,
              projectId: 'p',
              userId: USER,
              renderJobId: null,
            })
          ).pipelineRunId,
      ),
    );
    // Renders read frames: holding the table makes every render wait, so the slot and the queue stay full.
    const blocker = await env.pool.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE frames IN ACCESS EXCLUSIVE MODE');
    const answered: Response[] = [];
    const answers = runs.map((id) => get(`${base}/reports/pipeline-runs/${id}`).then((r) => (answered.push(r), r)));
    // One rendering and one waiting: the two others are refused at once, while the table is still held.
    const deadline = Date.now() + 10_000;
    while (answered.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const refusedWhileHeld = [...answered];
    await blocker.query('COMMIT');
    blocker.release();
    expect(refusedWhileHeld).toHaveLength(2);
    for (const refused of refusedWhileHeld) {
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('1');
      expect(await refused.json()).toEqual({ error: 'too many reports being rendered; retry shortly' });
    }
    const statuses = (await Promise.all(answers)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 503, 503]);
    // Once the renders are done, the refused ones are served.
    for (const id of runs) expect((await get(`${base}/reports/pipeline-runs/${id}`)).status).toBe(200);
  });
});

describe('a database that is down', () => {
  it('answers 503 with Retry-After on every endpoint, never 500', async () => {
    const down = createPool(`postgres://evals:evals@127.0.0.1:${await freePort()}/evals`);
    try {
      const base = await serve({}, down);
      const id = finished;
      for (const url of [
        `${base}/evals/pipeline-runs/${id}`,
        `${base}/evals/pipeline-runs/${id}?includeIssues=true`,
        `${base}/evals/pipeline-runs/${id}/issues`,
        `${base}/reports/pipeline-runs/${id}`,
        `${base.replace(/\/v1$/, '')}/healthz`,
      ]) {
        const response = await get(url);
        expect([url, response.status]).toEqual([url, 503]);
        expect(response.headers.get('retry-after')).toBe('5');
        expect(Object.keys((await response.json()) as object)).toEqual(['error']);
      }
    } finally {
      await down.end();
    }
  });
});

it('keeps the answer cache within its byte bound, least recently used out', () => {
  const cache = new AnswerCache(10);
  cache.set('a', Buffer.alloc(4));
  cache.set('b', Buffer.alloc(4));
  cache.get('a');
  cache.set('c', Buffer.alloc(4));
  expect([cache.get('a')?.length, cache.get('b'), cache.get('c')?.length]).toEqual([4, undefined, 4]);
  cache.set('huge', Buffer.alloc(11));
  expect(cache.get('huge')).toBeUndefined();
});

it('tells when a burst of requests is over, once, and not for a trickle of health checks', () => {
  const bursts = new BurstEnd(20);
  const window = (requests: number) => {
    for (let i = 0; i < requests; i += 1) bursts.request();
    return bursts.endWindow();
  };
  // Health checks alone, then a burst over two windows, then quiet again, twice over.
  expect([5, 5, 0, 500, 300, 5, 0, 3, 20, 19, 0].map(window)).toEqual([
    false,
    false,
    false,
    false,
    false,
    true,
    false,
    false,
    false,
    true,
    false,
  ]);
});
