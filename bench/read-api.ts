/**
 * Latency and throughput of the eval read API (`evals serve`) on a throwaway
 * stack (removed afterwards, so no bench key outlives the run):
 *   npm run bench:read-api [-- requests]
 * Seeds one finished pipeline run with issues and a key, then prints figures.
 */
import crypto from 'node:crypto';
import { createApiKey } from '../src/api/keys';
import { createApiServer, listen } from '../src/api/server';
import { createPipelineRun, finishEvalRun, finishPipelineRun, getEvalRun } from '../src/db/store';
import { createLogger } from '../src/logger';
import { openOfflineStack, runMain } from '../testkit/offline-env';

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? 1000);
  const stack = await openOfflineStack('bench-api');
  const { db } = stack;
  const server = createApiServer({ pool: db.pool, basePath: '/v1', log: createLogger('silent') });
  try {
    const temporalRunId = crypto.randomUUID();
    const { pipelineRunId } = await createPipelineRun(db.pool, { temporalRunId, executionName: `bench-${temporalRunId}`, fragmentId: `bench-${temporalRunId}`, projectId: 'bench', userId: 'bench', renderJobId: null });
    const visual = await getEvalRun(db.pool, pipelineRunId, 'VISUAL_VALIDATION_JSON');
    const issue = { severity: 'MEDIUM' as const, category: 'artifact', frameIndex: 1, frameHint: '00:00.5', description: 'Banding in the gradient.', suggestedFix: 'Dither.' };
    await finishEvalRun(db.pool, visual.id, { status: 'PASS', score: 80, maxScore: 100, summary: 'ok', provider: 'bench', model: 'bench', promptVersion: 'v1', issues: [issue, issue, issue] });
    await finishPipelineRun(db.pool, pipelineRunId, null);
    const key = await createApiKey(db.pool, { userId: 'bench', credits: 1 });
    const { url } = await listen(server, 0, '127.0.0.1');
    const target = `${url}/v1/evals/pipeline-runs/${pipelineRunId}?includeIssues=true`;
    const get = async () => {
      const response = await fetch(target, { headers: { 'x-api-key': key } });
      await response.text();
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    };

    const times: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      await get();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
    console.log(`${requests} sequential GETs (includeIssues=true): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`);

    const clients = 10;
    const started = performance.now();
    await Promise.all(Array.from({ length: clients }, async () => {
      for (let i = 0; i < requests / clients; i += 1) await get();
    }));
    console.log(`${clients} concurrent clients, ${requests} GETs: ${Math.round(requests / ((performance.now() - started) / 1000))} requests/s`);
  } finally {
    server.closeAllConnections();
    server.close();
    await stack.close();
  }
}

runMain('bench:read-api', main);
