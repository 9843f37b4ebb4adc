import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PermanentError } from '../errors';
import type { MediaTools } from '../infra/ffmpeg';
import { formatTimestamp, type FrameManifest, type VideoSignal } from './manifest';
import { evenlySpaced, groupByKeyframe, mergePlan } from './plan';
import { INPUT_GUARD, probeVideo, type VideoProbe } from './probe';
import { fetchAnimation, type SourceOptions } from './source';

export interface ExtractOptions extends SourceOptions {
  /** Parent of the per-call temp directory (removed before the call returns). */
  workDir: string;
  /** Decode every frame once for the whole-video signal and scene changes. */
  withSignal: boolean;
}

export interface ExtractedFrame {
  index: number;
  timestampMs: number;
  width: number;
  height: number;
  jpeg: Buffer;
}

/** How the frames were chosen; stored with the run as `frame_plan`. */
export interface FramePlan {
  durationMs: number;
  width: number;
  height: number;
  fps: number | null;
  codec: string;
  format: string;
  strategy: 'keyframe-seek' | 'single-pass';
  videoFrames: number;
  keyframes: number;
  /** Positions (in presentation order) of the kept frames, and which of them are scene changes. */
  picks: number[];
  scenePicks: number[];
}

export interface Extraction {
  plan: FramePlan;
  frames: ExtractedFrame[];
  signal: VideoSignal | null;
}

export type Progress = (phase: 'download' | 'probe' | 'decode', done: number, total: number) => void;

/** A hard cut on a dark background scores only 0.12-0.18 (DESIGN.md section 10). */
export const SCENE_THRESHOLD = 0.1;
/** Width of the per-frame luma grid of the whole-video signal. */
export const SIGNAL_WIDTH = 64;
const JPEG_QUALITY = '3';
/** Keyframe intervals decoded at once: one per core. */
const PARALLEL_SEEKS = 2;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Downloads (or opens) the animation, validates it with ffprobe, plans the frames
 * and writes them as JPEG at the judge's width. Without the signal, only the
 * keyframe intervals that hold planned frames are decoded; with it, one pass
 * decodes every frame once and yields frames, scene changes and luma together.
 * Temp files and ffmpeg processes never outlive the call.
 */
export async function extractFrames(url: string, tools: MediaTools, opts: ExtractOptions, onProgress: Progress, cancel?: AbortSignal): Promise<Extraction> {
  fs.mkdirSync(opts.workDir, { recursive: true });
  const dir = await fs.promises.mkdtemp(path.join(opts.workDir, 'run-'));
  try {
    onProgress('download', 0, 1);
    const file = await fetchAnimation(url, dir, opts, cancel);
    const deadline = AbortSignal.timeout(opts.media.extractTimeoutMs);
    const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
    try {
      onProgress('probe', 0, 1);
      const probe = await probeVideo(tools, file, opts.media, signal);
      const size = judgeSize(probe, opts.media.judgeFrameWidth);
      const job: Job = { tools, file, dir, probe, size, signal, onProgress, maxFrames: opts.media.maxFrames };
      return opts.withSignal ? await singlePass(job) : await keyframeSeek(job);
    } catch (err) {
      if (deadline.aborted && !cancel?.aborted) {
        throw new PermanentError('too-large', `decoding the animation took longer than the ${opts.media.extractTimeoutMs / 1000} s limit`);
      }
      throw err;
    }
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

interface Job {
  tools: MediaTools;
  file: string;
  dir: string;
  probe: VideoProbe;
  size: { width: number; height: number };
  signal: AbortSignal;
  onProgress: Progress;
  maxFrames: number;
}

function judgeSize(probe: VideoProbe, judgeWidth: number): { width: number; height: number } {
  const width = even(Math.min(judgeWidth, probe.width));
  return { width, height: even((probe.height * width) / probe.width) };
}

function planOf(job: Job, strategy: FramePlan['strategy'], picks: number[], scenePicks: number[]): FramePlan {
  const { probe } = job;
  return {
    durationMs: probe.durationMs,
    width: probe.width,
    height: probe.height,
    fps: probe.fps,
    codec: probe.codec,
    format: probe.format,
    strategy,
    videoFrames: probe.frameTimesMs.length,
    keyframes: probe.keyframes.length,
    picks,
    scenePicks,
  };
}

/**
 * The cheap path: evenly spaced frames, one ffmpeg per keyframe interval that
 * holds some (two at a time), seeking accurately to the interval's first target
 * and picking later ones by frame offset, so nothing past the last target and
 * nothing between intervals is decoded.
 */
async function keyframeSeek(job: Job): Promise<Extraction> {
  const { probe, size } = job;
  const times = probe.frameTimesMs;
  const picks = evenlySpaced(times.length, job.maxFrames);
  const groups = groupByKeyframe(picks, probe.keyframes);
  const jpegs = new Map<number, Buffer>();
  let next = 0;
  let done = 0;
  job.onProgress('decode', 0, groups.length);
  await Promise.all(
    Array.from({ length: PARALLEL_SEEKS }, async () => {
      while (next < groups.length) {
        const g = next++;
        const { targets } = groups[g];
        const first = targets[0];
        // Seek half way between the previous frame and the target, so float rounding cannot skip it.
        const seek = first === 0 ? [] : ['-ss', ((times[first - 1] + times[first]) / 2000).toFixed(6)];
        const select = targets.map((t) => `eq(n,${t - first})`).join('+');
        const pattern = path.join(job.dir, `g${g}-%03d.jpg`);
        await runFfmpeg(job.tools, [
          ...INPUT_GUARD, ...seek, '-i', job.file, '-an', '-sn', '-dn',
          '-vf', `select='${select}',scale=${size.width}:${size.height},format=yuvj420p`,
          '-vsync', '0', '-frames:v', String(targets.length), '-q:v', JPEG_QUALITY, pattern,
        ], job.signal);
        for (const [i, t] of targets.entries()) jpegs.set(t, await readFrame(pattern, i + 1, times[t]));
        job.onProgress('decode', ++done, groups.length);
      }
    }),
  );
  return { plan: planOf(job, 'keyframe-seek', picks, []), frames: framesOf(job, picks, (p) => jpegs.get(p)!, times), signal: null };
}

/**
 * The full path, one decode of every frame: ffmpeg scores scene changes on the
 * full frames, writes the evenly spaced frames and the scene-change frames
 * (scaled after selection), and streams a small luma grid of every frame to us.
 */
async function singlePass(job: Job): Promise<Extraction> {
  const { probe, size, dir } = job;
  const frameCount = probe.frameTimesMs.length;
  const evenPicks = evenlySpaced(frameCount, job.maxFrames);
  // At most about one scene-change frame per planned slot, whatever the video does (a flashing video cuts every frame).
  const minGap = (probe.durationMs / 1000 / job.maxFrames).toFixed(3);
  const scores = path.join(dir, 'scores.txt');
  const sceneLog = path.join(dir, 'scenes.txt');
  const grid = { width: SIGNAL_WIDTH, height: even((SIGNAL_WIDTH * probe.height) / probe.width) };
  const filter = [
    `[0:v]select='gte(scene,0)',metadata=print:key=lavfi.scene_score:file='${scores}',split=3[a][b][c]`,
    `[a]select='${evenPicks.map((n) => `eq(n,${n})`).join('+')}',scale=${size.width}:${size.height},format=yuvj420p[even]`,
    `[b]metadata=select:key=lavfi.scene_score:value=${SCENE_THRESHOLD}:function=greater,select='isnan(prev_selected_t)+gte(t-prev_selected_t,${minGap})',` +
      `metadata=print:key=lavfi.scene_score:file='${sceneLog}',scale=${size.width}:${size.height},format=yuvj420p[scene]`,
    `[c]scale=${grid.width}:${grid.height}:flags=area,format=gray[grid]`,
  ].join(';');

  const luma: number[] = [];
  const motion: number[] = [];
  const frameBytes = grid.width * grid.height;
  let pending: Buffer = Buffer.alloc(0);
  let previous: Buffer | null = null;
  const onGrid = (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length >= frameBytes) {
      const frame = pending.subarray(0, frameBytes);
      let sum = 0;
      let diff = 0;
      for (let i = 0; i < frameBytes; i++) {
        sum += frame[i];
        if (previous) diff += Math.abs(frame[i] - previous[i]);
      }
      luma.push(sum / frameBytes);
      motion.push(previous ? diff / frameBytes : 0);
      previous = Buffer.from(frame);
      pending = pending.subarray(frameBytes);
      if (luma.length % 30 === 0) job.onProgress('decode', luma.length, frameCount);
    }
  };
  await runFfmpeg(job.tools, [
    ...INPUT_GUARD, '-i', job.file, '-an', '-sn', '-dn', '-filter_complex', filter, '-vsync', '0',
    '-map', '[even]', '-q:v', JPEG_QUALITY, path.join(dir, 'even-%03d.jpg'),
    '-map', '[scene]', '-q:v', JPEG_QUALITY, path.join(dir, 'scene-%03d.jpg'),
    '-map', '[grid]', '-f', 'rawvideo', 'pipe:1',
  ], job.signal, onGrid);

  const scored = parseMetadataLog(await fs.promises.readFile(scores, 'utf8'));
  const scenes = parseMetadataLog(await fs.promises.readFile(sceneLog, 'utf8').catch(() => ''));
  const decodedTimes = scored.map((f) => f.ms);
  if (decodedTimes.length === 0) throw new PermanentError('unreadable-media', 'no frame of the animation could be decoded');
  const frameAt = (ms: number) => nearest(decodedTimes, ms);
  const scenePicks = scenes.map((s) => frameAt(s.ms)).filter((p) => !evenPicks.includes(p));
  const picks = mergePlan(evenPicks.filter((p) => p < decodedTimes.length), scenePicks, job.maxFrames);
  const jpegs = new Map<number, Promise<Buffer>>();
  for (const [i, p] of evenPicks.entries()) jpegs.set(p, readFrame(path.join(dir, 'even-%03d.jpg'), i + 1, probe.frameTimesMs[p]));
  for (const [i, s] of scenes.entries()) {
    const p = frameAt(s.ms);
    if (!jpegs.has(p)) jpegs.set(p, readFrame(path.join(dir, 'scene-%03d.jpg'), i + 1, s.ms));
  }
  const loaded = new Map<number, Buffer>();
  for (const p of picks) loaded.set(p, await jpegs.get(p)!);
  const signal: VideoSignal = {
    frameTimesMs: decodedTimes.slice(0, luma.length),
    luma: luma.map(round2),
    motion: motion.map(round2),
    sceneChangesMs: scored.filter((f) => f.score > SCENE_THRESHOLD).map((f) => f.ms),
  };
  return {
    plan: planOf(job, 'single-pass', picks, picks.filter((p) => scenePicks.includes(p))),
    frames: framesOf(job, picks, (p) => loaded.get(p)!, decodedTimes),
    signal,
  };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function nearest(sorted: readonly number[], value: number): number {
  let best = 0;
  for (let i = 0; i < sorted.length; i++) if (Math.abs(sorted[i] - value) < Math.abs(sorted[best] - value)) best = i;
  return best;
}

/** ffmpeg's `metadata=print` log: a `frame:N pts:P pts_time:T` line, then `key=value` lines. */
function parseMetadataLog(text: string): { ms: number; score: number }[] {
  const frames: { ms: number; score: number }[] = [];
  for (const line of text.split('\n')) {
    const time = /pts_time:(\S+)/.exec(line);
    if (time) frames.push({ ms: Math.round(Number(time[1]) * 1000), score: 0 });
    const score = /^lavfi\.scene_score=(\S+)/.exec(line);
    if (score && frames.length) frames[frames.length - 1].score = Number(score[1]);
  }
  return frames;
}

function framesOf(job: Job, picks: readonly number[], jpegOf: (pick: number) => Buffer, times: readonly number[]): ExtractedFrame[] {
  return picks.map((p, index) => ({ index, timestampMs: Math.round(times[p]), width: job.size.width, height: job.size.height, jpeg: jpegOf(p) }));
}

async function readFrame(pattern: string, n: number, ms: number): Promise<Buffer> {
  try {
    return await fs.promises.readFile(pattern.replace('%03d', String(n).padStart(3, '0')));
  } catch {
    throw new PermanentError('unreadable-media', `animation is truncated or corrupt: no frame could be decoded at ${formatTimestamp(ms)}`);
  }
}

/** Runs ffmpeg to completion; aborting the signal kills it at once. */
function runFfmpeg(tools: MediaTools, args: string[], signal: AbortSignal, onStdout?: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const child = spawn(tools.ffmpeg, ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args], {
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
    });
    const kill = () => child.kill('SIGKILL');
    signal.addEventListener('abort', kill, { once: true });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    if (onStdout) child.stdout!.on('data', onStdout);
    child.on('error', (err) => {
      signal.removeEventListener('abort', kill);
      reject(err);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (signal.aborted) return reject(signal.reason);
      if (code === 0) return resolve();
      const last = stderr.trim().split('\n').pop()?.replaceAll(args[args.indexOf('-i') + 1], 'input') ?? '';
      reject(new PermanentError('unreadable-media', `animation could not be decoded${last ? ` (${last})` : ''}`));
    });
  });
}

export function manifestOf(plan: FramePlan, frames: readonly Omit<ExtractedFrame, 'jpeg'>[], keyOf: (index: number) => string): FrameManifest {
  return {
    durationMs: plan.durationMs,
    width: plan.width,
    height: plan.height,
    fps: plan.fps,
    frames: frames.map((f) => ({ index: f.index, timestampMs: f.timestampMs, width: f.width, height: f.height, key: keyOf(f.index) })),
  };
}
