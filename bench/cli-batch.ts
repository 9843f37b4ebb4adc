/**
 * The CLI's time, on one embedded stack (data dir):
 *   npm run bench:cli [-- count]        (count 0: the start-up split alone)
 *   BENCH_CLI_BEFORE=<checkout> npm run bench:cli -- 0
 *   BENCH_CLI_REPEATS=<n> (default 3): runs per variant, the median kept (more on a busy machine)
 * First one `evals run examples/pythagoras.mp4` split into process start (to its first output), stack
 * start (embedded PostgreSQL, dev server, worker), pipeline and shutdown, for the compiled build that
 * bin/evals.js runs and for the TypeScript sources through tsx as it ran before the build. With
 * BENCH_CLI_BEFORE, also the compiled build of another checkout, the "before" of a change: an earlier
 * commit's `git worktree add <dir> <commit>`, its node_modules linked to this one's, `npm run build`
 * run in it. The variants take turns, run after run on the same data dir, so the machine's load
 * weighs on each alike; the load average is printed with the figures, and on a virtual machine the share
 * of CPU time its host took (steal): the figures are that load's when it is more than a few percent. Then one
 * `evals run` over `count` short animations against `count` separate invocations of one animation each.
 * Each invocation starts its own Temporal dev server and worker (and opens the embedded PostgreSQL);
 * the batch starts them once and runs pipelines side by side.
 */
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import { freePort } from '../src/infra/temporal';
import { textTable } from '../src/text-table';
import { MANIM_CORPUS, corpusFile } from '../testkit/manim-corpus';
import { offlineEnv, runMain } from '../testkit/offline-env';

const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');
const SAMPLE = path.join(PROJECT_ROOT, 'examples', 'pythagoras.mp4');
const { buildIsCurrent } = require('../bin/evals.js') as { buildIsCurrent(): boolean };
const COMPILED_CLI = [EVALS];
const BEFORE = process.env.BENCH_CLI_BEFORE;
/** The CLI as bin/evals.js ran it before the compiled build: tsx compiling the sources at start. */
const SOURCES_CLI = [
  '-r',
  'tsx/cjs',
  '-e',
  `require(${JSON.stringify(path.join(PROJECT_ROOT, 'src', 'cli', 'main.ts'))}).main(process.argv.slice(1)).then((code) => process.exit(code))`,
];
const REPEATS = Number(process.env.BENCH_CLI_REPEATS ?? 3);

type Phases = [processStart: number, stackStart: number, pipeline: number, shutdown: number];

/** One `evals run` of the sample, timed from its output: first byte, `started pipeline`, the report on stdout, exit. */
async function phasesOfRun(cli: string[], env: NodeJS.ProcessEnv): Promise<Phases> {
  const spawned = performance.now();
  const child = spawn(process.execPath, [...cli, 'run', SAMPLE, '--fail-on', 'never'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  let firstOutput: number | undefined;
  let started: number | undefined;
  let report: number | undefined;
  child.stderr.on('data', (chunk: Buffer) => {
    firstOutput ??= performance.now();
    stderr += chunk.toString();
    if (started === undefined && stderr.includes('started pipeline')) started = performance.now();
  });
  child.stdout.on('data', () => {
    firstOutput ??= performance.now();
    report ??= performance.now();
  });
  const [code] = (await once(child, 'close')) as [number | null];
  const exited = performance.now();
  if (code !== 0 || firstOutput === undefined || started === undefined || report === undefined)
    throw new Error(`evals run exited ${code}:\n${stderr}`);
  return [firstOutput - spawned, started - firstOutput, report - started, exited - report].map((ms) => ms / 1000) as Phases;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The machine's CPU time so far and the part a virtual machine's host took (steal), from /proc/stat; null elsewhere. */
function cpuTime(): { steal: number; total: number } | null {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: fields[7] ?? 0, total: fields.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

async function startupSplit(env: NodeJS.ProcessEnv): Promise<void> {
  if (!buildIsCurrent()) throw new Error('dist/ is missing or older than the sources: `npm run build` first');
  const clis: Record<string, string[]> = { 'compiled (dist/)': COMPILED_CLI, 'sources (tsx)': SOURCES_CLI };
  if (BEFORE) {
    const before = path.resolve(BEFORE);
    const { buildIsCurrent: beforeIsCurrent } = require(path.join(before, 'bin', 'evals.js')) as { buildIsCurrent(root: string): boolean };
    if (!beforeIsCurrent(before)) throw new Error(`${before}: dist/ is missing or older than its sources: \`npm run build\` there first`);
    const commit = execFileSync('git', ['-C', before, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    clis[`before: ${commit}, compiled`] = [path.join(before, 'bin', 'evals.js')];
  }
  // Warm-up: the embedded database is initialised, and the sources' workflow bundle cached, outside the timings.
  for (const cli of Object.values(clis)) await phasesOfRun(cli, env);
  const runs = new Map<string, Phases[]>(Object.keys(clis).map((name) => [name, []]));
  const before = cpuTime();
  for (let i = 0; i < REPEATS; i++) for (const [name, cli] of Object.entries(clis)) runs.get(name)!.push(await phasesOfRun(cli, env));
  const after = cpuTime();
  // A host taking the virtual cores' time stretches every phase: the figures are then that load's.
  const steal =
    before && after && after.total > before.total
      ? `; the host took ${((100 * (after.steal - before.steal)) / (after.total - before.total)).toFixed(1)}% of the CPU time (steal)`
      : '';
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `evals run examples/pythagoras.mp4 (4 s), local judge, warm embedded stack; median of ${REPEATS}, seconds; ${os.availableParallelism()} cores, load average ${load}${steal}`,
  );
  const rows = [...runs].map(([name, phases]) => {
    const each = [0, 1, 2, 3].map((i) => median(phases.map((p) => p[i])));
    const total = median(phases.map((p) => p.reduce((a, b) => a + b)));
    return [`  ${name}`, ...[...each, total].map((s) => s.toFixed(2)), `${(total / each[2]).toFixed(2)}x`];
  });
  console.log(textTable([['', 'process start', 'stack start', 'pipeline', 'shutdown', 'total', 'total / pipeline'], ...rows], 1));
}

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 20);
  const files = MANIM_CORPUS.videos.slice(0, count).map((v) => corpusFile(MANIM_CORPUS, v));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-cli-'));
  fs.chmodSync(dataDir, 0o755);
  const env = { ...offlineEnv(dataDir), EVALS_EMBEDDED_PG_PORT: String(await freePort()) };
  const evals = (args: string[]) => {
    const started = performance.now();
    execFileSync(process.execPath, [EVALS, 'run', ...args, '--quiet', '--fail-on', 'never'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return (performance.now() - started) / 1000;
  };
  try {
    await startupSplit(env);
    if (files.length === 0) return;
    const separate = files.reduce((sum, file) => sum + evals([file]), 0);
    const batch = evals(files);
    console.log(`${files.length} short Manim animations (854x480, 4-14 s), local judge, ${os.availableParallelism()} cores`);
    console.log(
      `  ${files.length} separate \`evals run\` invocations   ${separate.toFixed(1)} s  (${(separate / files.length).toFixed(1)} s each)`,
    );
    console.log(
      `  one \`evals run\` of all ${files.length} (--concurrency ${os.availableParallelism()})  ${batch.toFixed(1)} s  (${(batch / files.length).toFixed(1)} s each, ${(separate / batch).toFixed(1)}x faster)`,
    );
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain('bench:cli', main);
