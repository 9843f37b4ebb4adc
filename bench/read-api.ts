/**
 * The eval read API (`evals serve`, a child process, so its memory is its own)
 * on a throwaway stack (removed afterwards, so no bench key outlives it):
 *   npm run bench:read-api [-- requests]
 * Evaluates RUNS Manim renders (frames, signal, issues: real reports), then
 *  1. `requests` sequential GETs of one run with its issues, and 10 clients at once;
 *  2. a burst: BENCH_CLIENTS (200) clients for BENCH_SECONDS (30) s over the
 *     runs, their issues and their reports, each client sending back the
 *     report ETags it was given (as a browser revalidates its cache), each
 *     request with a 15 s timeout, each client pausing BENCH_PAUSE_MS (100-300)
 *     between an answer and its next request (0: none);
 *  3. the server's RSS before the burst (after the JSON requests above and one
 *     report of a run the burst does not ask for) and BENCH_SETTLE_SECONDS (60) s after it.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApiKey } from '../src/api/keys';
import { startEvalPipeline } from '../src/client';
import { PROJECT_ROOT } from '../src/config';
import { createLogger } from '../src/logger';
import { activityDeps, createWorker } from '../src/worker';
import { installRuntime } from '../src/infra/temporal-runtime';
import { corpusFile, MANIM_CORPUS } from '../testkit/manim-corpus';
import { openOfflineStack, runMain } from '../testkit/offline-env';

const RUNS = 12;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const SETTLE_SECONDS = Number(process.env.BENCH_SETTLE_SECONDS ?? 60);
const TIMEOUT_MS = 15_000;
/** Each client pauses between an answer and its next request, uniformly within this range (ms); BENCH_PAUSE_MS=0 for none. */
const [PAUSE_MIN, PAUSE_MAX = PAUSE_MIN] = (process.env.BENCH_PAUSE_MS ?? '100-300').split('-').map(Number);

const rssMiB = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
/** CPU seconds a process has used (user + system). */
const cpuSeconds = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;

type Kind = 'run' | 'issues' | 'report';

/** One GET over a kept-alive connection (node:http: lighter than fetch, so the client takes less of the two cores). */
function request(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; etag: string | undefined; retryAfter: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers, timeout: timeoutMs }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, etag: res.headers.etag, retryAfter: Number(res.headers['retry-after'] ?? 1) }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { name: 'TimeoutError' })));
    req.on('error', reject);
  });
}

async function main(): Promise<void> {
  const requests = Number(process.argv[2] ?? 1000);
  installRuntime(createLogger('error'));
  const stack = await openOfflineStack('bench-api');
  const { db, temporal, config } = stack;
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const worker = await createWorker({
      connection: temporal.nativeConnection,
      config,
      deps: activityDeps(config, db.pool, createLogger('error'), { allowLocalFiles: true }),
    });
    // One run more than the burst uses: its report warms the server (libvips loaded, its threads started) before the baseline.
    const videos = MANIM_CORPUS.videos.slice(0, RUNS + 1);
    const [warmUp, ...runs] = await worker.runUntil(
      Promise.all(
        videos.map(async (v, i) => {
          const handle = await startEvalPipeline(temporal.client, config.temporal.taskQueue, {
            fragmentId: `bench-read-${i}`,
            projectId: 'bench',
            userId: 'bench',
            userInput: 'Animate it',
            animation: { url: corpusFile(MANIM_CORPUS, v) },
          });
          return (await handle.result()).pipelineRunId;
        }),
      ),
    );
    const key = await createApiKey(db.pool, { userId: 'bench', credits: 1 });

    server = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'evals.js'), 'serve', '--port', '0'], {
      env: { ...process.env, DATABASE_URL: db.url, TEMPORAL_ADDRESS: '', LOG_LEVEL: 'warn', EVALS_DATA_DIR: stack.dataDir },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const base = await new Promise<string>((resolve, reject) => {
      let err = '';
      server!.stderr!.on('data', (chunk: Buffer) => {
        err += chunk.toString();
        const m = /serving the eval read API on (\S+)/.exec(err);
        if (m) resolve(m[1]);
      });
      server!.once('exit', (code) => reject(new Error(`evals serve exited ${code}: ${err}`)));
    });
    const pid = server.pid!;
    const headers = { 'x-api-key': key };

    const one = `${base}/evals/pipeline-runs/${runs[0]}?includeIssues=true`;
    const get = async (url: string) => {
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    };
    const times: number[] = [];
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now();
      await get(one);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${requests} sequential GETs (includeIssues=true): p50 ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, p99 ${quantile(times, 0.99).toFixed(2)} ms`,
    );
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        for (let i = 0; i < requests / 10; i += 1) await get(one);
      }),
    );
    console.log(`10 concurrent clients, ${requests} GETs: ${Math.round(requests / ((performance.now() - started) / 1000))} requests/s`);

    await get(`${base}/reports/pipeline-runs/${warmUp}`);
    const before = rssMiB(pid);
    const cpuBefore = cpuSeconds(pid);
    // Idle sockets are dropped before the server's 5 s keep-alive timeout would close them under a request.
    const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS, timeout: 4_000 });
    let resets = 0;
    const latencies: Record<Kind, number[]> = { run: [], issues: [], report: [] };
    // The same, for requests sent after the first WARM_SECONDS, when every client has fetched each report once.
    const WARM_SECONDS = 5;
    const warmLatencies: Record<Kind, number[]> = { run: [], issues: [], report: [] };
    const burstStart = Date.now();
    const statuses = new Map<string, number>();
    let timeouts = 0;
    const until = Date.now() + SECONDS * 1000;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 250);
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        // Each client keeps the reports' ETags it was given, as a browser keeps its cache; the JSON is read whole, as API pollers do.
        const etags = new Map<string, string>();
        for (let n = client; Date.now() < until; n += 1) {
          const run = runs[n % runs.length];
          const kind: Kind = (['run', 'run', 'issues', 'issues', 'report'] as const)[(n * 7 + client) % 5];
          const url =
            kind === 'report'
              ? `${base}/reports/pipeline-runs/${run}`
              : kind === 'issues'
                ? `${base}/evals/pipeline-runs/${run}/issues`
                : `${base}/evals/pipeline-runs/${run}${n % 2 ? '?includeIssues=true' : ''}`;
          const conditional: Record<string, string> = etags.has(url) ? { 'if-none-match': etags.get(url)! } : {};
          const t0 = performance.now();
          try {
            const response = await request(agent, url, { ...headers, ...conditional }, TIMEOUT_MS);
            latencies[kind].push(performance.now() - t0);
            if (Date.now() - burstStart > WARM_SECONDS * 1000) warmLatencies[kind].push(performance.now() - t0);
            const status = `${kind} ${response.status}`;
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (kind === 'report' && response.etag) etags.set(url, response.etag);
            if (response.status === 503) await sleep(response.retryAfter * 1000);
            else if (PAUSE_MAX > 0) await sleep(PAUSE_MIN + Math.random() * (PAUSE_MAX - PAUSE_MIN));
          } catch (err) {
            if ((err as Error).name === 'TimeoutError') timeouts += 1;
            // A kept-alive socket closed by the server as it was reused: retried, as browsers retry a GET.
            else if ((err as NodeJS.ErrnoException).code === 'ECONNRESET') resets += 1;
            else throw err;
          }
        }
      }),
    );
    clearInterval(sampler);
    agent.destroy();
    const serverCpu = cpuSeconds(pid) - cpuBefore;
    const total = [...statuses.values()].reduce((a, b) => a + b, 0);
    const fivexx = [...statuses].filter(([s]) => /\s5\d\d$/.test(s) && !s.endsWith(' 503')).reduce((a, [, n]) => a + n, 0);
    const shed = [...statuses].filter(([s]) => s.endsWith(' 503')).reduce((a, [, n]) => a + n, 0);
    console.log(
      `burst: ${CLIENTS} clients (pausing ${PAUSE_MIN}-${PAUSE_MAX} ms between requests) for ${SECONDS} s over ${runs.length} runs: ${total} answers (${Math.round(total / SECONDS)}/s), ${timeouts} timeouts, ${fivexx} 5xx other than 503, ${shed} deliberate 503s, ${resets} reused connections reset (retried); server CPU ${serverCpu.toFixed(1)} s of ${SECONDS} s`,
    );
    console.log(
      `  answers by endpoint and status: ${[...statuses]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    for (const [label, set] of [
      ['whole burst', latencies],
      [`after the first ${WARM_SECONDS} s`, warmLatencies],
    ] as const) {
      console.log(`  ${label}:`);
      for (const kind of ['run', 'issues', 'report'] as const) {
        const sorted = set[kind].sort((a, b) => a - b);
        console.log(
          `    ${kind.padEnd(6)} p50 ${quantile(sorted, 0.5).toFixed(1)} ms, p95 ${quantile(sorted, 0.95).toFixed(1)} ms, p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
        );
      }
    }
    await sleep(SETTLE_SECONDS * 1000);
    const after = rssMiB(pid);
    console.log(
      `server RSS: ${before.toFixed(0)} MiB before the burst, peak ${peak.toFixed(0)} MiB, ${after.toFixed(0)} MiB ${SETTLE_SECONDS} s after it (${(after / before).toFixed(2)}x)`,
    );
  } finally {
    server?.kill('SIGTERM');
    await stack.close();
  }
}

runMain('bench:read-api', main);
