import { execFile, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from '../../src/api/keys';
import { ErrorResponseSchema, IssuesResponseSchema, PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { createApiServer, listen } from '../../src/api/server';
import { PROJECT_ROOT } from '../../src/config';
import { createPipelineRun, finishPipelineRun } from '../../src/db/pipeline-runs';
import { finishEvalRun, getEvalRun } from '../../src/db/eval-runs';
import { createPool } from '../../src/infra/postgres';
import { createLogger } from '../../src/logger';
import { childEnv, createTestEnv, type TestEnv } from '../helpers/env';

let env: TestEnv;
let server: http.Server;
let baseUrl: string;
/** The same server over a pool that has been shut: any request reaching the database gets a 500. */
let deadServer: http.Server;
let deadBaseUrl: string;
const keys: Record<'owner' | 'other' | 'broke' | 'usageBased', string> = { owner: '', other: '', broke: '', usageBased: '' };
let ownRunId: string;
let otherRunId: string;

/** A finished pipeline run owned by `userId`, with issues on two kinds. */
async function seedRun(userId: string): Promise<string> {
  const temporalRunId = crypto.randomUUID();
  const { pipelineRunId } = await createPipelineRun(env.pool, {
    temporalRunId,
    executionName: `wf-${temporalRunId}`,
    fragmentId: `frag-${userId}`,
    projectId: 'project-1',
    userId,
    renderJobId: 'render-1',
  });
  const visual = await getEvalRun(env.pool, pipelineRunId, 'VISUAL_VALIDATION_JSON');
  await finishEvalRun(env.pool, visual.id, {
    status: 'FAIL',
    score: 20,
    maxScore: 100,
    summary: 'Blank frames.',
    provider: 'local',
    model: 'local-analyzers',
    promptVersion: 'v1',
    issues: [
      {
        severity: 'HIGH',
        category: 'blank_frame',
        frameIndex: 0,
        frameHint: '00:00.0',
        description: 'The first frame is blank.',
        suggestedFix: 'Draw something.',
      },
      { severity: 'LOW', category: 'artifact', frameIndex: null, frameHint: null, description: 'Slight banding.', suggestedFix: null },
    ],
  });
  const design = await getEvalRun(env.pool, pipelineRunId, 'DESIGN_VALIDATION_JSON');
  await finishEvalRun(env.pool, design.id, {
    status: 'PASS',
    score: 90,
    maxScore: 100,
    summary: 'Fine.',
    provider: 'local',
    model: 'local-analyzers',
    promptVersion: 'v1',
    issues: [
      {
        severity: 'MEDIUM',
        category: 'low_contrast',
        frameIndex: 2,
        frameHint: '00:01.0 top left',
        description: 'Grey on grey.',
        suggestedFix: 'Use white.',
      },
    ],
  });
  await finishPipelineRun(env.pool, pipelineRunId, null);
  return pipelineRunId;
}

beforeAll(async () => {
  env = await createTestEnv();
  ownRunId = await seedRun('user-owner');
  otherRunId = await seedRun('user-other');
  keys.owner = await createApiKey(env.pool, { userId: 'user-owner', credits: 10 });
  keys.other = await createApiKey(env.pool, { userId: 'user-other', credits: 1 });
  keys.broke = await createApiKey(env.pool, { userId: 'user-broke' });
  keys.usageBased = await createApiKey(env.pool, { userId: 'user-other', usageBased: true, credits: 0 });
  const log = createLogger('silent');
  server = createApiServer({ pool: env.pool, basePath: '/v1', log });
  baseUrl = `${(await listen(server, 0, '127.0.0.1')).url}/v1`;
  const deadPool = createPool(env.databaseUrl);
  await deadPool.end();
  deadServer = createApiServer({ pool: deadPool, basePath: '/v1', log });
  deadBaseUrl = `${(await listen(deadServer, 0, '127.0.0.1')).url}/v1`;
});
afterAll(async () => {
  for (const s of [server, deadServer]) {
    s?.closeAllConnections();
    await new Promise((resolve) => (s ? s.close(resolve) : resolve(undefined)));
  }
  await env?.close();
});

async function get(url: string, headers: Record<string, string> = {}, method = 'GET') {
  const response = await fetch(url, { method, headers });
  const text = await response.text();
  expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return { status: response.status, body: JSON.parse(text) as unknown, headers: response.headers };
}
const asOwner = (pathAndQuery: string) => get(`${baseUrl}${pathAndQuery}`, { 'x-api-key': keys.owner });

async function expectError(response: Promise<{ status: number; body: unknown }>, status: number): Promise<string> {
  const { status: actual, body } = await response;
  expect(actual).toBe(status);
  return ErrorResponseSchema.parse(body).error;
}

/** Sends bytes as they are, for requests fetch refuses to make; returns the status and the JSON body. */
function rawRequest(target: string, payload: string): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(target);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.end(payload));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, body] = received.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
  });
}

describe('GET /evals/pipeline-runs/{pipelineRunId}', () => {
  it('returns the run in the exact seed shape, without issues unless asked', async () => {
    for (const query of ['', '?includeIssues=0', '?includeIssues=false']) {
      const { status, body } = await asOwner(`/evals/pipeline-runs/${ownRunId}${query}`);
      expect(status).toBe(200);
      const run = PipelineRunResponseSchema.parse(body).evalPipelineRun;
      expect(run).toMatchObject({
        id: ownRunId,
        userId: 'user-owner',
        fragmentId: 'frag-user-owner',
        attemptNumber: 1,
        status: 'COMPLETED',
        overallStatus: 'FAIL',
        renderJobId: 'render-1',
      });
      expect(run.evalRuns).toHaveLength(5);
      expect(run.evalRuns.every((r) => !('issues' in r))).toBe(true);
      expect(run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')).toMatchObject({
        status: 'FAIL',
        score: 20,
        maxScore: 100,
        issueCount: 2,
        highSeverityCount: 1,
      });
    }
  });

  it("embeds every eval run's issues with includeIssues=1 or true", async () => {
    for (const flag of ['1', 'true']) {
      const { status, body } = await asOwner(`/evals/pipeline-runs/${ownRunId}?includeIssues=${flag}`);
      expect(status).toBe(200);
      const run = PipelineRunResponseSchema.parse(body).evalPipelineRun;
      for (const evalRun of run.evalRuns) expect(evalRun.issues).toHaveLength(evalRun.issueCount);
      expect(run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')?.issues?.[0]).toMatchObject({
        severity: 'HIGH',
        category: 'blank_frame',
        frameIndex: 0,
        frameHint: '00:00.0',
        description: 'The first frame is blank.',
        suggestedFix: 'Draw something.',
      });
    }
  });

  it('rejects any other includeIssues value with 400', async () => {
    for (const query of ['yes', 'TRUE', '', '2', '1&includeIssues=1']) {
      expect(await expectError(asOwner(`/evals/pipeline-runs/${ownRunId}?includeIssues=${query}`), 400)).toMatch(/includeIssues/);
    }
  });

  it('accepts the key as Authorization: Bearer too', async () => {
    const { status, body } = await get(`${baseUrl}/evals/pipeline-runs/${ownRunId}`, { authorization: `Bearer ${keys.owner}` });
    expect(status).toBe(200);
    expect(PipelineRunResponseSchema.parse(body).evalPipelineRun.id).toBe(ownRunId);
  });
});

describe('GET /evals/pipeline-runs/{pipelineRunId}/issues', () => {
  it('returns the flat issue list in the exact seed shape', async () => {
    const { status, body } = await asOwner(`/evals/pipeline-runs/${ownRunId}/issues`);
    expect(status).toBe(200);
    const flat = IssuesResponseSchema.parse(body);
    expect(flat.pipelineRunId).toBe(ownRunId);
    expect(flat.issues.map((i) => [i.kind, i.severity])).toEqual([
      ['VISUAL_VALIDATION_JSON', 'HIGH'],
      ['VISUAL_VALIDATION_JSON', 'LOW'],
      ['DESIGN_VALIDATION_JSON', 'MEDIUM'],
    ]);
    const run = PipelineRunResponseSchema.parse((await asOwner(`/evals/pipeline-runs/${ownRunId}?includeIssues=1`)).body).evalPipelineRun;
    const visual = run.evalRuns.find((r) => r.kind === 'VISUAL_VALIDATION_JSON')!;
    expect(flat.issues[0].evalRunId).toBe(visual.id);
    expect(flat.issues[0].id).toBe(visual.issues![0].id);
  });
});

describe('authentication and ownership', () => {
  const runPath = () => `${baseUrl}/evals/pipeline-runs/${ownRunId}`;

  it('answers 401 to a missing, malformed, unknown or conflicting key', async () => {
    expect(await expectError(get(runPath()), 401)).toBe('missing API key');
    const unknown = `evk_${crypto.randomBytes(32).toString('hex')}`;
    const badCredentials: Record<string, string>[] = [
      { 'x-api-key': 'not-a-key' },
      { 'x-api-key': `${keys.owner}0` },
      { 'x-api-key': unknown },
      { authorization: `Bearer ${unknown}` },
      { authorization: `Basic ${keys.owner}` },
      { 'x-api-key': keys.owner, authorization: `Bearer ${keys.other}` },
    ];
    for (const headers of badCredentials) {
      expect(await expectError(get(runPath(), headers), 401)).toBe('invalid API key');
    }
  });

  it('answers 403 to an account with no credits and no usage-based subscription', async () => {
    expect(await expectError(get(runPath(), { 'x-api-key': keys.broke }), 403)).toMatch(/credits/);
    expect(await expectError(get(`${runPath()}/issues`, { 'x-api-key': keys.broke }), 403)).toMatch(/credits/);
  });

  it('serves a usage-based account with no credits', async () => {
    const { status } = await get(`${baseUrl}/evals/pipeline-runs/${otherRunId}`, { 'x-api-key': keys.usageBased });
    expect(status).toBe(200);
  });

  it("answers 404 for another owner's run exactly as for a missing one", async () => {
    for (const suffix of ['', '/issues', '?includeIssues=1']) {
      const others = await get(`${baseUrl}/evals/pipeline-runs/${otherRunId}${suffix}`, { 'x-api-key': keys.owner });
      const missing = await get(`${baseUrl}/evals/pipeline-runs/${crypto.randomUUID()}${suffix}`, { 'x-api-key': keys.owner });
      expect(others.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(others.body).toEqual(missing.body);
      ErrorResponseSchema.parse(others.body);
    }
    // ...and the owner does see it.
    expect((await get(`${baseUrl}/evals/pipeline-runs/${otherRunId}`, { 'x-api-key': keys.other })).status).toBe(200);
  });
});

describe('routes, methods and malformed requests', () => {
  it('answers unknown routes with 404 and wrong methods with 405, as { error }', async () => {
    for (const route of [
      '/',
      '/v1',
      '/v1/evals',
      '/v1/evals/pipeline-runs',
      '/v1/evals/pipeline-runs/',
      '/v2/evals/pipeline-runs/x',
      '/v1/evals/pipeline-runs/x/issues/extra',
      '/v1/evals/pipeline-runs/x/frames',
    ]) {
      await expectError(get(`${baseUrl.replace(/\/v1$/, '')}${route}`, { 'x-api-key': keys.owner }), 404);
    }
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      const { status, body, headers } = await get(`${baseUrl}/evals/pipeline-runs/${ownRunId}`, { 'x-api-key': keys.owner }, method);
      expect(status).toBe(405);
      expect(headers.get('allow')).toBe('GET, HEAD');
      ErrorResponseSchema.parse(body);
    }
  });

  it('rejects oversized and malformed requests without touching the database', async () => {
    const runPath = `${deadBaseUrl}/evals/pipeline-runs/${ownRunId}`;
    // The database really is out of reach for this server: a well-formed request fails.
    await expectError(get(runPath, { 'x-api-key': keys.owner }), 500);

    await expectError(get(`${runPath}?includeIssues=maybe`, { 'x-api-key': keys.owner }), 400);
    await expectError(get(`${runPath}?pad=${'x'.repeat(3000)}`, { 'x-api-key': keys.owner }), 414);
    await expectError(get(runPath), 401);
    await expectError(get(runPath, { 'x-api-key': 'evk_short' }), 401);
    await expectError(get(`${deadBaseUrl}/nowhere`, { 'x-api-key': keys.owner }), 404);
    await expectError(get(runPath, { 'x-api-key': keys.owner }, 'POST'), 405);

    const { port } = new URL(deadBaseUrl);
    const withBody = await new Promise<{ status: number; body: unknown }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: `/v1/evals/pipeline-runs/${ownRunId}`,
          method: 'GET',
          headers: { 'x-api-key': keys.owner, 'content-type': 'application/json' },
        },
        (res) => {
          let text = '';
          res.on('data', (c) => (text += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ large: 'x'.repeat(10_000) }));
    });
    await expectError(Promise.resolve(withBody), 400);

    const hugeHeader = `GET /v1/evals/pipeline-runs/${ownRunId} HTTP/1.1\r\nHost: x\r\nx-api-key: ${keys.owner}\r\nx-pad: ${'y'.repeat(20_000)}\r\n\r\n`;
    expect(await expectError(rawRequest(deadBaseUrl, hugeHeader), 431)).toBe('request headers too large');
    expect(await expectError(rawRequest(deadBaseUrl, 'NOT HTTP AT ALL\r\n\r\n'), 400)).toBe('malformed HTTP request');
  });
});

describe('ids that cannot name a run', () => {
  // A NUL byte used to reach PostgreSQL, which refused it: 500.
  const badIds = ['%00', 'abc%00def', '%0A', '%1F', '%7F', '%C2%85', '%E0%A4%A', '%ZZ', '%', '%FF'];

  it('answers 400 to a NUL or control byte and to a malformed percent-encoding, on both endpoints', async () => {
    for (const id of badIds) {
      for (const suffix of ['', '/issues']) {
        expect(await expectError(asOwner(`/evals/pipeline-runs/${id}${suffix}`), 400)).toBe('malformed pipeline run id');
      }
    }
  });

  it('checks the key first: an unauthenticated caller learns nothing about ids', async () => {
    for (const id of badIds) {
      expect(await expectError(get(`${baseUrl}/evals/pipeline-runs/${id}`), 401)).toBe('missing API key');
      expect(await expectError(get(`${baseUrl}/evals/pipeline-runs/${id}/issues`, { 'x-api-key': `evk_${'0'.repeat(64)}` }), 401)).toBe(
        'invalid API key',
      );
      await expectError(get(`${baseUrl}/evals/pipeline-runs/${id}`, { 'x-api-key': keys.broke }), 403);
    }
  });

  it('still serves ids with percent-encoded characters that are allowed', async () => {
    await expectError(asOwner(`/evals/pipeline-runs/${encodeURIComponent('no such run é')}`), 404);
  });
});

describe('conditional requests', () => {
  it('answers If-None-Match with 304 only for a representation that exists: a run without fixes is a 404 with the header as without', async () => {
    const run = `${baseUrl}/evals/pipeline-runs/${ownRunId}`;
    const owner = { 'x-api-key': keys.owner };
    // The run has no repair: its fixes do not exist, whatever the request's conditions.
    expect(await expectError(get(`${run}/fixes`, owner), 404)).toMatch(/has no fixes/);
    for (const tag of ['*', ' * ']) {
      expect(await expectError(get(`${run}/fixes`, { ...owner, 'if-none-match': tag }), 404)).toMatch(/has no fixes/);
    }
    // The run itself exists: `*` matches it, and so does its own ETag.
    const whole = await fetch(run, { headers: owner });
    await whole.text();
    for (const tag of ['*', whole.headers.get('etag')!]) {
      const again = await fetch(run, { headers: { ...owner, 'if-none-match': tag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
    }
  });
});

describe('HEAD and the health endpoint', () => {
  async function head(url: string, headers: Record<string, string> = {}) {
    const response = await fetch(url, { method: 'HEAD', headers });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  it('answers HEAD like GET, without a body', async () => {
    for (const suffix of ['', '/issues', '?includeIssues=1']) {
      const url = `${baseUrl}/evals/pipeline-runs/${ownRunId}${suffix}`;
      const got = await fetch(url, { headers: { 'x-api-key': keys.owner } });
      const body = await got.text();
      const headed = await head(url, { 'x-api-key': keys.owner });
      expect(headed.status).toBe(200);
      expect(headed.text).toBe('');
      expect(headed.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(headed.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    }
    expect((await head(`${baseUrl}/evals/pipeline-runs/${ownRunId}`)).status).toBe(401);
    expect((await head(`${baseUrl}/evals/pipeline-runs/${crypto.randomUUID()}`, { 'x-api-key': keys.owner })).status).toBe(404);
  });

  it('serves GET /healthz without a key: 200 when the database answers, 503 with { error } when it does not', async () => {
    const origin = (url: string) => url.replace(/\/v1$/, '');
    const ok = await get(`${origin(baseUrl)}/healthz`);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'ok' });
    expect((await head(`${origin(baseUrl)}/healthz`)).status).toBe(200);
    expect(await expectError(get(`${origin(deadBaseUrl)}/healthz`), 503)).toBe('database unreachable');
    expect((await get(`${origin(baseUrl)}/healthz`, {}, 'POST')).status).toBe(405);
  });
});

describe('the CLI', () => {
  const evals = (...args: string[]) =>
    promisify(execFile)(process.execPath, [path.join(PROJECT_ROOT, 'bin/evals.js'), ...args], { env: childEnv(env) });

  it('creates a key that is printed once and stored only as its hash', async () => {
    const { stdout } = await evals('keys', 'create', '--user-id', 'user-cli', '--credits', '3');
    const key = stdout.trim();
    expect(key).toMatch(/^evk_[0-9a-f]{64}$/);
    const stored = await env.pool.query<{ key_hash: Buffer; credits: string; usage_based: boolean }>(
      'SELECT k.key_hash, a.credits, a.usage_based FROM api_keys k JOIN api_accounts a ON a.user_id = k.user_id WHERE k.user_id = $1',
      ['user-cli'],
    );
    expect(stored.rows).toHaveLength(1);
    expect(stored.rows[0].key_hash.equals(crypto.createHash('sha256').update(key).digest())).toBe(true);
    expect(stored.rows[0]).toMatchObject({ credits: '3', usage_based: false });
    const dump = await env.pool.query(
      "SELECT count(*)::int AS n FROM api_keys k, api_accounts a WHERE row_to_json(k)::text LIKE '%' || $1 || '%' OR row_to_json(a)::text LIKE '%' || $1 || '%'",
      [key.slice(4)],
    );
    expect(dump.rows[0].n).toBe(0);
    // The key works: a missing run is 404, not 401.
    await expectError(get(`${baseUrl}/evals/pipeline-runs/${ownRunId}`, { 'x-api-key': key }), 404);
  });

  it('serves the read API with `evals serve` under the configured base path', async () => {
    const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin/evals.js'), 'serve', '--port', '0'], {
      env: childEnv(env, { EVALS_API_HOST: '127.0.0.1', EVALS_API_BASE_PATH: '/api/v1' }),
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
          const match = /serving the eval read API on (\S+)/.exec(stderr);
          if (match) resolve(match[1]);
        });
        child.once('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      expect(url).toMatch(/\/api\/v1$/);
      const { status, body } = await get(`${url}/evals/pipeline-runs/${ownRunId}/issues`, { authorization: `Bearer ${keys.owner}` });
      expect(status).toBe(200);
      expect(IssuesResponseSchema.parse(body).issues).toHaveLength(3);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
