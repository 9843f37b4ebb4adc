/**
 * Load bench: N pipelines (default 100) started at once against ONE `evals worker`
 * process whose judge has a fixed latency (the local provider's test/bench knob
 * EVALS_LOCAL_JUDGE_DELAY_MS). Prints wall time against the ideal bound the
 * configured concurrency allows, the worker's peak memory and Temporal events per
 * pipeline. Real dev server, embedded PostgreSQL, real ffmpeg.
 *
 *   npm run bench:load
 *   BENCH_PIPELINES=100 BENCH_JUDGE_MS=1000 EVALS_ACTIVITY_CONCURRENCY=32 EVALS_JUDGE_CONCURRENCY=16 npm run bench:load
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEvalPipeline } from '../src/client';
import { PROJECT_ROOT } from '../src/config';
import { EVAL_KINDS } from '../src/domain/types';
import { freePort } from '../src/infra/temporal';
import { workflowBundle } from '../src/workflow-bundle';
import { startFileServer } from '../testkit/file-server';
import { sampleAnimation } from '../testkit/videos';
import { openOfflineStack, runMain } from '../testkit/offline-env';

const PIPELINES = Number(process.env.BENCH_PIPELINES ?? 100);
const JUDGE_MS = Number(process.env.BENCH_JUDGE_MS ?? 1000);
// The worker's concurrency: from the environment when set, else these bench defaults.
const WORKER_ENV = {
  EVALS_WORKFLOW_TASK_CONCURRENCY: process.env.EVALS_WORKFLOW_TASK_CONCURRENCY ?? '10',
  EVALS_ACTIVITY_CONCURRENCY: process.env.EVALS_ACTIVITY_CONCURRENCY ?? '32',
  EVALS_JUDGE_CONCURRENCY: process.env.EVALS_JUDGE_CONCURRENCY ?? '16',
};

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Peak resident set size of a process (kernel high-water mark), in MiB. */
function peakRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Sum of a metric's samples over all label sets in a Prometheus scrape. */
function metric(scrape: string, name: string): number {
  return scrape
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main(): Promise<void> {
  const stack = await openOfflineStack('bench-load', { TEMPORAL_TASK_QUEUE: 'bench-load' });
  const { config, dataDir, db, temporal } = stack;
  const files = await startFileServer();
  await workflowBundle(dataDir);
  const metricsPort = await freePort();
  const worker = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'evals.js'), 'worker'], {
    env: {
      ...process.env,
      ...WORKER_ENV,
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: config.temporal.taskQueue,
      DATABASE_URL: db.url,
      EVALS_DATA_DIR: dataDir,
      EVALS_PROVIDER: 'local',
      OPENAI_API_KEY: '',
      EVALS_LOCAL_JUDGE_DELAY_MS: String(JUDGE_MS),
      EVALS_ALLOW_PRIVATE_ADDRESSES: 'true',
      EVALS_METRICS_PORT: String(metricsPort),
      EVALS_METRICS_HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    // The worker is ready once it has registered as a poller on the task queue.
    for (;;) {
      const described = await temporal.client.workflowService.describeTaskQueue({ namespace: config.temporal.namespace, taskQueue: { name: config.temporal.taskQueue }, taskQueueType: 2 });
      if ((described.pollers ?? []).length > 0) break;
      if (worker.exitCode !== null) throw new Error(`worker exited (${worker.exitCode})`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const url = files.url(sampleAnimation());
    say(`starting ${PIPELINES} pipelines, judge latency ${JUDGE_MS} ms, worker ${JSON.stringify(WORKER_ENV)}`);
    const started = Date.now();
    const handles = await Promise.all(
      Array.from({ length: PIPELINES }, (_, i) =>
        startEvalPipeline(temporal.client, config.temporal.taskQueue, {
          fragmentId: `bench-${i}`,
          projectId: 'bench',
          userId: 'bench',
          userInput: 'Animate the Pythagorean theorem',
          animation: { url, title: 'Pythagoras', description: 'a^2 + b^2 = c^2' },
        }),
      ),
    );
    const results = await Promise.all(handles.map((h) => h.result()));
    const wallSeconds = (Date.now() - started) / 1000;
    const peak = peakRssMiB(worker.pid!);
    const scrape = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();

    const events = await Promise.all(handles.map(async (h) => (await h.fetchHistory()).events?.length ?? 0));
    const durations = (await Promise.all(handles.map(async (h) => {
      const d = await h.describe();
      return (d.closeTime!.getTime() - d.startTime.getTime()) / 1000;
    }))).sort((a, b) => a - b);
    const judgeCalls = PIPELINES * EVAL_KINDS.length;
    const slots = Math.min(Number(WORKER_ENV.EVALS_JUDGE_CONCURRENCY), Number(WORKER_ENV.EVALS_ACTIVITY_CONCURRENCY));
    const ideal = Math.ceil(judgeCalls / slots) * (JUDGE_MS / 1000);
    const completed = results.filter((r) => r.status === 'COMPLETED').length;

    const rows: [string, string][] = [
      ['pipelines (completed)', `${PIPELINES} (${completed})`],
      ['judge calls x latency', `${judgeCalls} x ${JUDGE_MS} ms`],
      ['concurrency (workflow tasks / activities / judge)', `${WORKER_ENV.EVALS_WORKFLOW_TASK_CONCURRENCY} / ${WORKER_ENV.EVALS_ACTIVITY_CONCURRENCY} / ${WORKER_ENV.EVALS_JUDGE_CONCURRENCY}`],
      ['ideal bound (judge calls / min(judge, activity) slots x latency)', `${ideal.toFixed(1)} s`],
      ['wall time', `${wallSeconds.toFixed(1)} s (${(wallSeconds / ideal).toFixed(2)} x ideal)`],
      ['pipeline duration p50 / p95 / max', `${percentile(durations, 50).toFixed(1)} / ${percentile(durations, 95).toFixed(1)} / ${durations[durations.length - 1].toFixed(1)} s`],
      ['extraction activity mean', `${(metric(scrape, 'evals_extraction_seconds_sum') / metric(scrape, 'evals_extraction_seconds_count')).toFixed(2)} s`],
      ['judge call mean (slot wait excluded)', `${(metric(scrape, 'evals_judge_latency_seconds_sum') / metric(scrape, 'evals_judge_latency_seconds_count')).toFixed(2)} s`],
      ['worker CPU (ffmpeg children excluded)', `${metric(scrape, 'process_cpu_seconds_total').toFixed(1)} s`],
      ['worker peak RSS', `${peak.toFixed(0)} MiB`],
      ['Temporal events per pipeline (min / mean / max)', `${Math.min(...events)} / ${(events.reduce((a, b) => a + b, 0) / events.length).toFixed(1)} / ${Math.max(...events)}`],
      ['machine', `${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    process.stdout.write(`${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`);
  } finally {
    if (worker.exitCode === null && worker.signalCode === null) {
      worker.kill('SIGTERM');
      await new Promise((r) => worker.once('exit', r));
    }
    await files.close();
    await stack.close();
  }
}

runMain('bench:load', main);
