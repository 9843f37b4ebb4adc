/**
 * Load bench: N pipelines (default 100) started at once, twice in one run on
 * the same dev server and embedded PostgreSQL: against ONE `evals worker`
 * process running every pool, then against the pools split into three
 * processes (`--pools workflows`, `--pools media`, `--pools judge`). The judge
 * has a fixed latency (the local provider's test/bench knob
 * EVALS_LOCAL_JUDGE_DELAY_MS). Prints, side by side, wall time against the
 * judge-latency bound (judge calls / judge slots x latency) and the media
 * bound (extractions x their measured mean / media slots), pipeline
 * durations, the processes' CPU and peak memory and Temporal events per
 * pipeline. Real dev server, embedded PostgreSQL, real ffmpeg.
 *
 *   npm run bench:load
 *   BENCH_PIPELINES=100 BENCH_JUDGE_MS=1000 EVALS_JUDGE_CONCURRENCY=16 EVALS_MEDIA_CONCURRENCY=2 npm run bench:load
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEvalPipeline } from '../src/client';
import { PROJECT_ROOT } from '../src/config';
import { EVAL_KINDS } from '../src/domain/types';
import { freePort } from '../src/infra/temporal';
import { PROBE_PATHS } from '../src/metrics';
import { textTable } from '../src/text-table';
import { workflowBundle } from '../src/workflow-bundle';
import { startFileServer } from '../testkit/file-server';
import { sampleAnimation } from '../testkit/videos';
import { openOfflineStack, runMain, type OfflineStack } from '../testkit/offline-env';

const PIPELINES = Number(process.env.BENCH_PIPELINES ?? 100);
const JUDGE_MS = Number(process.env.BENCH_JUDGE_MS ?? 1000);
// The workers' concurrency: from the environment when set, else these bench defaults (media: one slot per core).
const WORKER_ENV = {
  EVALS_WORKFLOW_TASK_CONCURRENCY: process.env.EVALS_WORKFLOW_TASK_CONCURRENCY ?? '10',
  EVALS_ACTIVITY_CONCURRENCY: process.env.EVALS_ACTIVITY_CONCURRENCY ?? '32',
  EVALS_MEDIA_CONCURRENCY: process.env.EVALS_MEDIA_CONCURRENCY ?? String(os.availableParallelism()),
  EVALS_JUDGE_CONCURRENCY: process.env.EVALS_JUDGE_CONCURRENCY ?? '16',
};
/** The two fleets measured: each a list of processes, each the pools it runs. */
const FLEETS: { name: string; processes: string[] }[] = [
  { name: 'one process', processes: ['workflows,media,judge'] },
  { name: 'split pools', processes: ['workflows', 'media', 'judge'] },
];

const say = (line: string) => process.stderr.write(`${line}\n`);

/** Peak resident set size of a process (kernel high-water mark), in MiB. */
function peakRssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** CPU seconds the whole machine has spent busy (every process: workers, ffmpeg, the dev server, PostgreSQL, this bench), from /proc/stat. */
function machineBusySeconds(): number {
  const [, ...fields] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return (user + nice + system + irq + softirq + steal) / 100; // USER_HZ: 100 on Linux
}

/** Sum of a metric's samples over all label sets in a Prometheus scrape. */
function metric(scrape: string, name: string): number {
  return scrape
    .split('\n')
    .filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

interface WorkerProcess {
  child: ChildProcess;
  metricsPort: number;
}

async function startWorker(stack: OfflineStack, taskQueue: string, pools: string): Promise<WorkerProcess> {
  const metricsPort = await freePort();
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'bin', 'evals.js'), 'worker', '--pools', pools], {
    env: {
      ...process.env,
      ...WORKER_ENV,
      TEMPORAL_ADDRESS: stack.temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      DATABASE_URL: stack.db.url,
      EVALS_DATA_DIR: stack.dataDir,
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
  // Ready once its pools poll (its /readyz).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`worker --pools ${pools} exited (${child.exitCode})`);
    const ready = await fetch(`http://127.0.0.1:${metricsPort}${PROBE_PATHS.readiness}`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { child, metricsPort };
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopWorker({ child }: WorkerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** One fleet's burst: its figures, by row. */
async function measure(stack: OfflineStack, url: string, fleet: (typeof FLEETS)[number]): Promise<Map<string, string>> {
  const taskQueue = `bench-load-${fleet.processes.length}`;
  const workers: WorkerProcess[] = [];
  try {
    for (const pools of fleet.processes) workers.push(await startWorker(stack, taskQueue, pools));
    say(`${fleet.name}: starting ${PIPELINES} pipelines, judge latency ${JUDGE_MS} ms, workers ${JSON.stringify(WORKER_ENV)}`);
    const started = Date.now();
    const busyAtStart = machineBusySeconds();
    const handles = await Promise.all(
      Array.from({ length: PIPELINES }, (_, i) =>
        startEvalPipeline(stack.temporal.client, taskQueue, {
          fragmentId: `bench-${taskQueue}-${i}`,
          projectId: 'bench',
          userId: 'bench',
          userInput: 'Animate the Pythagorean theorem',
          animation: { url, title: 'Pythagoras', description: 'a^2 + b^2 = c^2' },
        }),
      ),
    );
    const results = await Promise.all(handles.map((h) => h.result()));
    const wallSeconds = (Date.now() - started) / 1000;
    // What the cores alone allow: all the CPU the machine spent during the burst, spread over every core.
    const cpuBound = (machineBusySeconds() - busyAtStart) / os.availableParallelism();
    const peaks = workers.map((w) => peakRssMiB(w.child.pid!));
    const scrapes = await Promise.all(
      workers.map(async (w) => (await fetch(`http://127.0.0.1:${w.metricsPort}${PROBE_PATHS.metrics}`)).text()),
    );
    const total = (name: string) => scrapes.reduce((sum, scrape) => sum + metric(scrape, name), 0);

    const events = await Promise.all(handles.map(async (h) => (await h.fetchHistory()).events?.length ?? 0));
    const durations = (
      await Promise.all(
        handles.map(async (h) => {
          const d = await h.describe();
          return (d.closeTime!.getTime() - d.startTime.getTime()) / 1000;
        }),
      )
    ).sort((a, b) => a - b);
    const ideal = Math.ceil((PIPELINES * EVAL_KINDS.length) / Number(WORKER_ENV.EVALS_JUDGE_CONCURRENCY)) * (JUDGE_MS / 1000);
    const extractionMean = total('evals_extraction_seconds_sum') / total('evals_extraction_seconds_count');
    // What the media pool alone needs: every extraction at its measured mean, media slots at a time.
    const mediaBound = (PIPELINES * extractionMean) / Number(WORKER_ENV.EVALS_MEDIA_CONCURRENCY);
    const completed = results.filter((r) => r.status === 'COMPLETED').length;
    return new Map([
      ['processes (pools)', fleet.processes.map((p) => p.replaceAll(',', '+')).join(' | ')],
      ['pipelines (completed)', `${PIPELINES} (${completed})`],
      ['judge-latency bound (judge calls / judge slots x latency)', `${ideal.toFixed(1)} s`],
      ['media bound (extractions x mean / media slots)', `${mediaBound.toFixed(1)} s`],
      ["CPU bound (the machine's busy CPU during the burst / cores)", `${cpuBound.toFixed(1)} s`],
      [
        'wall time',
        `${wallSeconds.toFixed(1)} s (${(wallSeconds / ideal).toFixed(2)} x judge bound, ${(wallSeconds / Math.max(ideal, mediaBound, cpuBound)).toFixed(2)} x the largest bound)`,
      ],
      [
        'pipeline duration p50 / p95 / max',
        `${percentile(durations, 50).toFixed(1)} / ${percentile(durations, 95).toFixed(1)} / ${durations[durations.length - 1].toFixed(1)} s`,
      ],
      ['extraction activity mean', `${extractionMean.toFixed(2)} s`],
      [
        'judge call mean (slot wait excluded)',
        `${(total('evals_judge_latency_seconds_sum') / total('evals_judge_latency_seconds_count')).toFixed(2)} s`,
      ],
      ['workers CPU (ffmpeg children excluded)', `${total('process_cpu_seconds_total').toFixed(1)} s`],
      ['workers peak RSS', `${peaks.map((p) => p.toFixed(0)).join(' + ')} MiB`],
      [
        'Temporal events per pipeline (min / mean / max)',
        `${Math.min(...events)} / ${(events.reduce((a, b) => a + b, 0) / events.length).toFixed(1)} / ${Math.max(...events)}`,
      ],
    ]);
  } finally {
    for (const worker of workers) await stopWorker(worker);
  }
}

async function main(): Promise<void> {
  const stack = await openOfflineStack('bench-load');
  const files = await startFileServer();
  try {
    await workflowBundle(stack.dataDir);
    const url = files.url(sampleAnimation());
    const figures: Map<string, string>[] = [];
    for (const fleet of FLEETS) figures.push(await measure(stack, url, fleet));
    const rows = [['', ...FLEETS.map((f) => f.name)], ...[...figures[0].keys()].map((key) => [key, ...figures.map((f) => f.get(key)!)])];
    rows.push([
      'slots (workflow tasks / workflows / media / judge)',
      ...FLEETS.map(
        () =>
          `${WORKER_ENV.EVALS_WORKFLOW_TASK_CONCURRENCY} / ${WORKER_ENV.EVALS_ACTIVITY_CONCURRENCY} / ${WORKER_ENV.EVALS_MEDIA_CONCURRENCY} / ${WORKER_ENV.EVALS_JUDGE_CONCURRENCY}`,
      ),
    ]);
    rows.push([
      'machine',
      `${os.cpus().length} cores, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
      '',
    ]);
    process.stdout.write(`${textTable(rows)}\n`);
  } finally {
    await files.close();
    await stack.close();
  }
}

runMain('bench:load', main);
