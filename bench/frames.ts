/**
 * Frame extraction against hand-written ffmpeg commands for the same frames.
 *
 *   npm run bench:frames            (BENCH_RUNS=5 for the median of five;
 *                                    BENCH_INPUTS=10s-480p15 for that input alone)
 *
 * Generates three inputs once (30 s 1080p30, 60 s 1080p60, 10 s 480p15 H.264,
 * dark background, moving shapes, a hard cut every 5 s), then for each prints:
 * - the cheap path (probe + plan + frames written) against the GOP-aware
 *   command set (one ffmpeg per keyframe interval holding targets, two at a time);
 * - the signal path (one decode: frames, scene changes, per-frame luma,
 *   flashing by area) against a single `select='gt(scene,0.3)'` pass;
 * - the signal path against the same extraction measuring what
 *   local-analyzers/v4 did (the luma plane alone, no flashing): the cost of
 *   measuring flashing by area, in one run on one machine;
 * with the ratio and the peak memory (ffmpeg children together; this process).
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { resolveMediaTools, type MediaTools } from '../src/infra/ffmpeg';
import { extractFrames } from '../src/media/extract';
import { even, evenlySpaced, groupByKeyframe } from '../src/media/plan';
import { probeVideo } from '../src/media/probe';
import type { VideoProbe } from '../src/media/video-index';
import { frameSplitter, GridMeasures, type SignalMeasure } from '../src/media/signal';
import { runMain } from '../testkit/offline-env';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const INPUTS_DIR = path.join(os.tmpdir(), 'evals-bench-inputs');
const config = loadConfig({ ...process.env, EVALS_PROVIDER: 'local', OPENAI_API_KEY: '' });
const tools = resolveMediaTools(config);
const { maxFrames, judgeFrameWidth } = config.media;

const INPUTS = [
  { name: '30s-1080p30', width: 1920, height: 1080, fps: 30, seconds: 30 },
  { name: '60s-1080p60', width: 1920, height: 1080, fps: 60, seconds: 60 },
  { name: '10s-480p15', width: 854, height: 480, fps: 15, seconds: 10 },
].filter((input) => !process.env.BENCH_INPUTS || process.env.BENCH_INPUTS.split(',').includes(input.name));

function generate(input: (typeof INPUTS)[number]): string {
  const file = path.join(INPUTS_DIR, `${input.name}.mp4`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(INPUTS_DIR, { recursive: true });
  const { width: w, height: h, fps, seconds } = input;
  const box = Math.round(h / 6);
  // Shapes glide within each 5 s segment and jump at every segment boundary: a hard cut.
  const graph =
    `color=c=0x1e1e2e:s=${w}x${h}:r=${fps}:d=${seconds}[bg];color=c=0xf5c542:s=${box}x${box}:r=${fps}[a];color=c=0x89b4fa:s=${box * 2}x${box / 2}:r=${fps}[b];` +
    `[bg][a]overlay=x='${w / 8}+mod(t,5)*${w / 10}':y='${h / 6}+mod(floor(t/5),3)*${h / 4}':shortest=1[ab];` +
    `[ab][b]overlay=x='${w / 2}-mod(t,5)*${w / 20}':y='${h * 0.7}-mod(floor(t/5),2)*${h / 3}':shortest=1`;
  process.stderr.write(`generating ${file} ...\n`);
  execFileSync(tools.ffmpeg, [
    '-y',
    '-loglevel',
    'error',
    '-filter_complex',
    graph,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    `${file}.tmp.mp4`,
  ]);
  fs.renameSync(`${file}.tmp.mp4`, file);
  return file;
}

/** Peak RSS of the ffmpeg/ffprobe children together, and of this process, sampled every 20 ms while fn runs. */
async function measured<T>(fn: () => Promise<T>): Promise<{ ms: number; childrenMb: number; nodeMb: number; result: T }> {
  const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const children = () =>
    fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  let childrenPeak = 0;
  let nodePeak = 0;
  const sample = () => {
    let total = 0;
    for (const pid of children()) {
      try {
        total += rssKb(pid);
      } catch {
        // exited between listing and reading
      }
    }
    childrenPeak = Math.max(childrenPeak, total);
    nodePeak = Math.max(nodePeak, rssKb(process.pid));
  };
  const timer = setInterval(sample, 20);
  const started = performance.now();
  try {
    const result = await fn();
    return { ms: performance.now() - started, childrenMb: childrenPeak / 1024, nodeMb: nodePeak / 1024, result };
  } finally {
    clearInterval(timer);
  }
}

function ffmpeg(args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tools.ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], { stdio: 'ignore' });
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg exited ${code}`))));
  });
}

/** The hand-written GOP-aware command set for the same evenly spaced frames (keyframes known beforehand). */
async function handWritten(file: string, times: number[], keyframes: number[], width: number, height: number, out: string): Promise<void> {
  const groups = groupByKeyframe(evenlySpaced(times.length, maxFrames), keyframes);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < groups.length) {
        const g = next++;
        const t = groups[g].targets;
        const seek = t[0] === 0 ? [] : ['-ss', ((times[t[0] - 1] + times[t[0]]) / 2000).toFixed(6)];
        await ffmpeg([
          ...seek,
          '-i',
          file,
          '-an',
          '-vf',
          `select='${t.map((n) => `eq(n,${n - t[0]})`).join('+')}',scale=${width}:${height}`,
          '-vsync',
          '0',
          '-frames:v',
          String(t.length),
          '-q:v',
          '3',
          path.join(out, `g${g}-%03d.jpg`),
        ]);
      }
    }),
  );
}

/** The signal pass of local-analyzers/v4, the reference for the cost of flashing by area: the luma plane alone, 64 cells wide. */
function lumaOnlyMeasure(probe: VideoProbe): SignalMeasure {
  const width = 64;
  const height = even((width * probe.height) / probe.width);
  const luma = new GridMeasures(!probe.planarYuv || probe.fullRange, probe.frameTimesMs);
  return {
    filter: probe.planarYuv ? `extractplanes=y,scale=${width}:${height}:flags=area` : `scale=${width}:${height}:flags=area,format=gray`,
    push: frameSplitter(width * height, (grid) => luma.add(grid)),
    get frames() {
      return luma.luma.length;
    },
    sceneFrames: (decoded) => luma.sceneFrames(decoded),
    toSignal: (frameTimesMs, decoded) => luma.toSignal(frameTimesMs, decoded),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-bench-frames-'));
  const opts = (withSignal: boolean) => ({ media: config.media, allowLocalFiles: true, workDir: scratch, withSignal });
  console.log(
    `ffmpeg ${execFileSync(tools.ffmpeg, ['-version']).toString().split('\n')[0].split(' ')[2]}, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}, median of ${RUNS}, ${maxFrames} frames at ${judgeFrameWidth} px`,
  );
  console.log('input          path     ours(ms)  reference(ms)  ratio  ffmpeg MB  node MB  frames');
  try {
    for (const input of INPUTS) {
      const file = generate(input);
      const probe = await probeVideo(tools as MediaTools, file, config.media);
      const width = Math.min(judgeFrameWidth, probe.width);
      const height = Math.round((probe.height * width) / probe.width / 2) * 2;
      const rows: { label: string; ours: () => Promise<number>; reference: () => Promise<void> }[] = [
        {
          label: 'cheap ',
          ours: async () => (await extractFrames(file, tools, opts(false), () => undefined)).frames.length,
          reference: async () => {
            const out = fs.mkdtempSync(path.join(scratch, 'ref-'));
            await handWritten(file, probe.frameTimesMs, probe.keyframes, width, height, out);
            fs.rmSync(out, { recursive: true });
          },
        },
        {
          label: 'signal',
          ours: async () => (await extractFrames(file, tools, opts(true), () => undefined)).frames.length,
          reference: () => ffmpeg(['-i', file, '-an', '-vf', "select='gt(scene,0.3)'", '-f', 'null', '-']),
        },
        {
          label: 'sig/v4',
          ours: async () => (await extractFrames(file, tools, opts(true), () => undefined)).frames.length,
          reference: async () =>
            void (await extractFrames(file, tools, { ...opts(true), signalMeasure: lumaOnlyMeasure }, () => undefined)),
        },
      ];
      for (const row of rows) {
        const ours: number[] = [];
        const reference: number[] = [];
        let childrenMb = 0;
        let nodeMb = 0;
        let frames = 0;
        for (let i = 0; i < RUNS; i++) {
          const r = await measured(row.reference);
          reference.push(r.ms);
          const o = await measured(row.ours);
          ours.push(o.ms);
          childrenMb = Math.max(childrenMb, o.childrenMb);
          nodeMb = Math.max(nodeMb, o.nodeMb);
          frames = o.result;
        }
        const ratio = median(ours) / median(reference);
        console.log(
          `${input.name.padEnd(14)} ${row.label}  ${median(ours).toFixed(0).padStart(8)}  ${median(reference).toFixed(0).padStart(13)}  ${ratio.toFixed(2).padStart(5)}  ${childrenMb.toFixed(0).padStart(9)}  ${nodeMb.toFixed(0).padStart(7)}  ${frames}`,
        );
      }
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  console.log('sig/v4: the signal path against the same extraction measuring only what local-analyzers/v4 did (luma plane, no flashing)');
  console.log('ffmpeg MB: peak RSS of all ffmpeg/ffprobe children at once; node MB: peak RSS of this process (tsx and modules included)');
}

runMain('bench:frames', main);
