/**
 * What scene inspection costs:
 *
 *   npm run bench:scene
 *
 * 1. Inspection CPU per second of animation for every scene of the labelled
 *    corpora, recorded at 480p15, 720p30 and 1080p60, TeX compilation counted
 *    apart (the compiler's processes and the time spent waiting on them), cold
 *    (an empty TeX cache: each sandboxed run starts with one) and warm (the same
 *    scenes again in the same run, their TeX cached), and the Python start-up
 *    (importing Manim) once per run.
 * 2. The TeX cache: the inspection CPU of the corpora's most LaTeX-heavy scenes,
 *    each inspected alone as the product does, with an empty cache and again
 *    with the cache the first run filled (and what filling it cost).
 * 3. The pipeline's wall time with and without inspection on the same files in
 *    the same run: an offline stack, the local judge, the corpus's renders.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEvalPipeline } from '../src/client';
import { loadConfig } from '../src/config';
import { createLogger } from '../src/logger';
import { runInspector } from '../src/scene/inspector';
import { forUser } from '../src/scene/tex-cache';
import { activityDeps, createWorker } from '../src/worker';
import { installRuntime } from '../src/infra/temporal-runtime';
import { corpusFile, HOLDOUT_CORPUS, MANIM_CORPUS, type Corpus } from '../testkit/manim-corpus';
import { openOfflineStack, runMain } from '../testkit/offline-env';

const RESOLUTIONS = [
  { name: '480p15', width: 854, height: 480, fps: 15 },
  { name: '720p30', width: 1280, height: 720, fps: 30 },
  { name: '1080p60', width: 1920, height: 1080, fps: 60 },
] as const;

interface Tally {
  seconds: number;
  cpu: number;
  texCpu: number;
  compiles: number;
}

async function inspectionCost(corpora: readonly Corpus[]): Promise<void> {
  const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
  // Limits for a whole corpus in one run, not for one scene.
  const scene = { ...config.scene, limits: { ...config.scene.limits, wallMs: 30 * 60_000, cpuSeconds: 30 * 60 } };
  console.log(
    'resolution  pass   scenes  animation  inspection CPU (TeX apart)  per second of animation  TeX compiles  TeX CPU  Manim import  wall',
  );
  for (const r of RESOLUTIONS) {
    for (const corpus of corpora) {
      const source = { name: 'scenes.py', content: fs.readFileSync(path.join(corpus.dir, 'scenes.py'), 'utf8') };
      const jobs = corpus.videos.map((v) => ({ scene: v.scene, width: r.width, height: r.height, fps: r.fps, durationMs: 0 }));
      // Each scene twice in one run: the first compiles its TeX (cold: an empty TeX cache), the second finds it in the run's scratch (warm).
      const texCache = emptyTexCache();
      const ran = await runInspector([source], [...jobs, ...jobs], forUser({ ...scene, texCache }, 'bench'));
      fs.rmSync(texCache, { recursive: true, force: true });
      if (!('answer' in ran)) throw new Error(`inspection did not run: ${'refused' in ran ? ran.refused : ran.failure}`);
      const results = ran.answer.results;
      for (const [pass, slice] of [
        ['cold', results.slice(0, jobs.length)],
        ['warm', results.slice(jobs.length)],
      ] as const) {
        const t: Tally = { seconds: 0, cpu: 0, texCpu: 0, compiles: 0 };
        for (const result of slice) {
          if (result.status !== 'ok') throw new Error(`${result.scene ?? '?'}: ${result.status} ${result.error ?? ''}`);
          const tex = result.tex ?? { ownCpuSeconds: 0, compilerCpuSeconds: 0, compiles: 0 };
          t.seconds += (result.durationMs ?? 0) / 1000;
          t.cpu += (result.cpuSeconds ?? 0) - tex.ownCpuSeconds;
          t.texCpu += tex.ownCpuSeconds + tex.compilerCpuSeconds;
          t.compiles += tex.compiles;
        }
        console.log(
          `${r.name.padEnd(10)}  ${pass}   ${String(slice.length).padStart(6)}  ${t.seconds.toFixed(0).padStart(7)} s  ${t.cpu.toFixed(1).padStart(20)} s  ${(t.cpu / t.seconds).toFixed(3).padStart(19)} s/s  ${String(t.compiles).padStart(12)}  ${t.texCpu.toFixed(1).padStart(5)} s  ${pass === 'cold' ? `${(ran.answer.importCpuSeconds ?? 0).toFixed(2)} s` : '-'.padStart(4)}        ${pass === 'cold' ? `${(ran.wallMs / 1000).toFixed(1)} s (${corpus.name}, both passes)` : ''}`,
        );
      }
    }
  }
}

/** An empty TeX cache the sandbox's user can read (a root worker runs scenes as a uid of their own). */
function emptyTexCache(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-tex-cache-'));
  fs.chmodSync(dir, 0o755);
  return dir;
}

async function texCacheCost(): Promise<void> {
  const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
  console.log('\nTeX cache: one LaTeX-heavy scene inspected alone (480p15), an empty cache, then the cache that run filled');
  console.log(
    'scene                                pass  TeX compiles  cache hits  inspection CPU (TeX and import included)  wall  filling the cache (wall)',
  );
  for (const [corpus, name] of [
    [HOLDOUT_CORPUS, 'DefectClutterFormulas'],
    [MANIM_CORPUS, 'DefectClutterShapes'],
  ] as const) {
    const source = { name: 'scenes.py', content: fs.readFileSync(path.join(corpus.dir, 'scenes.py'), 'utf8') };
    const scene = forUser({ ...config.scene, texCache: emptyTexCache() }, 'bench');
    for (const pass of ['cold', 'warm']) {
      const started = performance.now();
      const ran = await runInspector([source], [{ scene: name, width: 854, height: 480, fps: 15, durationMs: 0 }], scene);
      const wall = performance.now() - started;
      if (!('answer' in ran)) throw new Error(`inspection did not run: ${'refused' in ran ? ran.refused : ran.failure}`);
      const [result] = ran.answer.results;
      const tex = result.tex ?? { compiles: 0, cacheHits: 0, compilerCpuSeconds: 0 };
      const cpu = (ran.answer.importCpuSeconds ?? 0) + (result.cpuSeconds ?? 0) + tex.compilerCpuSeconds;
      console.log(
        `${`${corpus.name}/${name}`.padEnd(36)} ${pass}  ${String(tex.compiles).padStart(12)}  ${String(tex.cacheHits ?? 0).padStart(10)}  ${cpu.toFixed(2).padStart(40)} s  ${(ran.wallMs / 1000).toFixed(1).padStart(4)} s  ${((wall - ran.wallMs) / 1000).toFixed(1).padStart(6)} s`,
      );
    }
    fs.rmSync(scene.texCache, { recursive: true, force: true });
  }
}

async function pipelineWallTime(): Promise<void> {
  const corpus = MANIM_CORPUS;
  const videos = corpus.videos.filter((_, i) => i % 5 === 0);
  const source = { name: 'scenes.py', content: fs.readFileSync(path.join(corpus.dir, 'scenes.py'), 'utf8') };
  const stack = await openOfflineStack('bench-scene');
  try {
    const log = createLogger('error');
    const worker = await createWorker({
      connection: stack.temporal.nativeConnection,
      config: stack.config,
      deps: activityDeps(stack.config, stack.db.pool, log, { allowLocalFiles: true }),
    });
    const walls: Record<'without' | 'with', number[]> = { without: [], with: [] };
    await worker.runUntil(async () => {
      for (const video of videos) {
        for (const mode of ['without', 'with'] as const) {
          const started = performance.now();
          const handle = await startEvalPipeline(stack.temporal.client, stack.config.temporal.taskQueue, {
            fragmentId: `bench-scene-${mode}-${video.scene}`,
            projectId: 'bench',
            userId: 'bench',
            animation: { url: corpusFile(corpus, video), ...(mode === 'with' ? { sources: [source], scene: video.scene } : {}) },
          });
          await handle.result();
          walls[mode].push(performance.now() - started);
        }
      }
    });
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length / 1000;
    console.log(`\npipeline wall time, ${videos.length} corpus renders (480p15) one after another, same stack and run:`);
    console.log(`  without scene inspection: ${mean(walls.without).toFixed(2)} s per pipeline`);
    console.log(
      `  with scene inspection:    ${mean(walls.with).toFixed(2)} s per pipeline (${((mean(walls.with) / mean(walls.without) - 1) * 100).toFixed(0)}% more)`,
    );
  } finally {
    await stack.close();
  }
}

runMain('bench:scene', async () => {
  installRuntime(createLogger('error'));
  await inspectionCost([MANIM_CORPUS, HOLDOUT_CORPUS]);
  await texCacheCost();
  await pipelineWallTime();
});
