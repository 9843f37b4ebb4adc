/**
 * One `evals run` over 20 short animations against 20 separate `evals run`
 * invocations of one animation each, on the same embedded stack (data dir):
 *   npm run bench:cli [-- count]
 * Each invocation starts its own Temporal dev server and worker (and opens the
 * embedded PostgreSQL); the batch starts them once and runs pipelines side by side.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import { freePort } from '../src/infra/temporal';
import { MANIM_CORPUS, corpusFile } from '../testkit/manim-corpus';
import { offlineEnv, runMain } from '../testkit/offline-env';

const EVALS = path.join(PROJECT_ROOT, 'bin', 'evals.js');

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 20);
  const files = MANIM_CORPUS.videos.slice(0, count).map((v) => corpusFile(MANIM_CORPUS, v));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-cli-'));
  fs.chmodSync(dataDir, 0o755);
  const env = { ...offlineEnv(dataDir), EVALS_EMBEDDED_PG_PORT: String(await freePort()) };
  const evals = (args: string[]) => {
    const started = performance.now();
    execFileSync(process.execPath, [EVALS, 'run', ...args, '--quiet', '--fail-on', 'never'], { env, stdio: ['ignore', 'ignore', 'inherit'] });
    return (performance.now() - started) / 1000;
  };
  try {
    // Warm-up: the embedded database is initialised and the workflow bundle built once, outside both timings.
    evals([files[0]]);
    const separate = files.reduce((sum, file) => sum + evals([file]), 0);
    const batch = evals(files);
    console.log(`${files.length} short Manim animations (854x480, 4-14 s), local judge, ${os.availableParallelism()} cores`);
    console.log(`  ${files.length} separate \`evals run\` invocations   ${separate.toFixed(1)} s  (${(separate / files.length).toFixed(1)} s each)`);
    console.log(`  one \`evals run\` of all ${files.length} (--concurrency ${os.availableParallelism()})  ${batch.toFixed(1)} s  (${(batch / files.length).toFixed(1)} s each, ${(separate / batch).toFixed(1)}x faster)`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

runMain('bench:cli', main);
