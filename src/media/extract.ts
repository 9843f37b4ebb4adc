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
export interface FramePlan extends Pick<VideoProbe, 'durationMs' | 'width' | 'height' | 'fps' | 'codec' | 'format'> {
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

export type Progress = (phase: 'download' | 'probe' | 'decode' | 'scenes', done: number, total: number) => void;

/** A hard cut on a dark background scores only 0.12-0.18 (DESIGN.md section 10). */
export const SCENE_THRESHOLD = 0.1;
/** Width of the per-frame luma grid of the whole-video signal. */
export const SIGNAL_WIDTH = 64;
/** A grid cell whose luma moves this much between frames has changed (codec noise stays below). */
const MOTION_LEVELS = 3;
const JPEG_QUALITY = '3';
/** Keyframe intervals decoded at once: one per core. */
const PARALLEL_SEEKS = 2;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/**
 * Downloads (or opens) the animation, validates it with ffprobe, plans the frames
 * and writes them as JPEG at the judge's width. Without the signal, only the
 * keyframe intervals that hold planned frames are decoded; with it, one pass
 * decodes every frame once for the evenly spaced frames, luma, motion and scene
 * changes, and scene-change frames come from their keyframe intervals alone.
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
 * The cheap path: evenly spaced frames, decoded only in the keyframe intervals
 * that hold them (see seekFrames).
 */
async function keyframeSeek(job: Job): Promise<Extraction> {
  const picks = evenlySpaced(job.probe.frameTimesMs.length, job.maxFrames);
  const jpegs = await seekFrames(job, picks, 'decode');
  return { plan: planOf(job, 'keyframe-seek', picks, []), frames: framesOf(job, picks, (p) => jpegs.get(p)!, job.probe.frameTimesMs), signal: null };
}

/**
 * JPEGs of the given frame positions: one ffmpeg per keyframe interval that holds
 * some (two at a time), seeking accurately to the interval's first target and
 * picking later ones by frame offset, so nothing past the last target and nothing
 * between intervals is decoded.
 */
async function seekFrames(job: Job, targets: readonly number[], phase: 'decode' | 'scenes'): Promise<Map<number, Buffer>> {
  const { size } = job;
  const times = job.probe.frameTimesMs;
  const groups = groupByKeyframe(targets, job.probe.keyframes);
  const jpegs = new Map<number, Buffer>();
  let next = 0;
  let done = 0;
  job.onProgress(phase, 0, groups.length);
  await Promise.all(
    Array.from({ length: PARALLEL_SEEKS }, async () => {
      while (next < groups.length) {
        const g = next++;
        const group = groups[g].targets;
        const first = group[0];
        // Seek half way between the previous frame and the target, so float rounding cannot skip it.
        const seek = first === 0 ? [] : ['-ss', ((times[first - 1] + times[first]) / 2000).toFixed(6)];
        const select = group.map((t) => `eq(n,${t - first})`).join('+');
        const pattern = path.join(job.dir, `${phase}-g${g}-%03d.jpg`);
        await runFfmpeg(job.tools, [
          ...INPUT_GUARD, ...seek, '-i', job.file, '-an', '-sn', '-dn',
          '-vf', `select='${select}',scale=${size.width}:${size.height},format=yuvj420p`,
          '-vsync', '0', '-frames:v', String(group.length), '-q:v', JPEG_QUALITY, pattern,
        ], job.signal);
        for (const [i, t] of group.entries()) jpegs.set(t, await readFrame(pattern, i + 1, times[t]));
        job.onProgress(phase, ++done, groups.length);
      }
    }),
  );
  return jpegs;
}

/**
 * The full path, one decode of every frame: ffmpeg writes the evenly spaced
 * frames (scaled after selection) and streams a small luma grid of every frame to
 * us; from the grid come luma, motion and scene changes (ffmpeg's scene formula,
 * on the grid instead of full RGB frames, which in ffmpeg 4.1 cost a full-size
 * colour conversion per frame). Scene-change frames that make the plan are then
 * fetched by seeking, which decodes only their keyframe intervals.
 */
async function singlePass(job: Job): Promise<Extraction> {
  const { probe, size, dir } = job;
  const times = probe.frameTimesMs;
  const evenPicks = evenlySpaced(times.length, job.maxFrames);
  const grid = { width: SIGNAL_WIDTH, height: even((SIGNAL_WIDTH * probe.height) / probe.width) };
  // Planar YUV: scale the luma plane alone. Anything else: convert to grey after scaling.
  const toGrid = probe.planarYuv ? `extractplanes=y,scale=${grid.width}:${grid.height}:flags=area` : `scale=${grid.width}:${grid.height}:flags=area,format=gray`;
  const filter = [
    `[0:v]split=2[a][b]`,
    `[a]select='${evenPicks.map((n) => `eq(n,${n})`).join('+')}',scale=${size.width}:${size.height},format=yuvj420p[even]`,
    `[b]${toGrid}[grid]`,
  ].join(';');
  const toFullRange = probe.planarYuv && !probe.fullRange ? (y: number) => Math.min(255, Math.max(0, ((y - 16) * 255) / 219)) : (y: number) => y;

  const measures = new GridMeasures(grid.width * grid.height, toFullRange);
  await runFfmpeg(job.tools, [
    ...INPUT_GUARD, '-i', job.file, '-an', '-sn', '-dn', '-filter_complex', filter, '-vsync', '0',
    '-map', '[even]', '-q:v', JPEG_QUALITY, path.join(dir, 'even-%03d.jpg'),
    '-map', '[grid]', '-f', 'rawvideo', 'pipe:1',
  ], job.signal, (chunk) => {
    measures.push(chunk);
    if (measures.luma.length % 30 === 0) job.onProgress('decode', measures.luma.length, times.length);
  });

  const decoded = Math.min(measures.luma.length, times.length);
  // A frame or two may be undecodable in a real file; more missing means the data ends early.
  if (times.length - decoded > Math.max(2, times.length * 0.02)) {
    throw new PermanentError('unreadable-media', `animation is truncated or corrupt: only ${decoded} of its ${times.length} frames could be decoded (it stops at ${formatTimestamp(times[decoded] ?? 0)})`);
  }
  const sceneFrames = measures.scene.flatMap((score, n) => (n < decoded && score > SCENE_THRESHOLD ? [n] : []));
  // At most about one scene-change frame per planned slot, whatever the video does (a flashing video cuts every frame).
  const minGapMs = probe.durationMs / job.maxFrames;
  const spaced = sceneFrames.filter((n, i) => i === 0 || times[n] - times[sceneFrames[i - 1]] >= minGapMs);
  const scenePicks = spaced.filter((n) => !evenPicks.includes(n));
  const picks = mergePlan(evenPicks.filter((p) => p < decoded), scenePicks, job.maxFrames);
  const jpegs = new Map<number, Buffer>();
  for (const [i, p] of evenPicks.entries()) if (picks.includes(p)) jpegs.set(p, await readFrame(path.join(dir, 'even-%03d.jpg'), i + 1, times[p]));
  for (const [p, jpeg] of await seekFrames(job, picks.filter((p) => !jpegs.has(p)), 'scenes')) jpegs.set(p, jpeg);
  const signal: VideoSignal = {
    frameTimesMs: times.slice(0, decoded).map(Math.round),
    luma: measures.luma.slice(0, decoded).map(round2),
    motion: measures.motion.slice(0, decoded).map(round2),
    sceneChangesMs: sceneFrames.map((n) => Math.round(times[n])),
  };
  return {
    plan: planOf(job, 'single-pass', picks, picks.filter((p) => scenePicks.includes(p))),
    frames: framesOf(job, picks, (p) => jpegs.get(p)!, times),
    signal,
  };
}

/** Per-frame measures of the luma grid stream, computed as it arrives (nothing but the previous grid is kept). */
class GridMeasures {
  readonly luma: number[] = [];
  readonly motion: number[] = [];
  readonly scene: number[] = [];
  private pending: Buffer = Buffer.alloc(0);
  private previous: Buffer | null = null;
  private previousMafd = 0;

  constructor(
    private readonly frameBytes: number,
    private readonly toFullRange: (y: number) => number,
  ) {}

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= this.frameBytes) {
      const frame = Buffer.from(this.pending.subarray(0, this.frameBytes));
      this.pending = this.pending.subarray(this.frameBytes);
      let sum = 0;
      let changed = 0;
      let sad = 0;
      for (let i = 0; i < frame.length; i++) {
        sum += frame[i];
        if (!this.previous) continue;
        const d = Math.abs(frame[i] - this.previous[i]);
        sad += d;
        if (d >= MOTION_LEVELS) changed++;
      }
      this.luma.push(this.toFullRange(sum / frame.length));
      this.motion.push((100 * changed) / frame.length);
      // ffmpeg's select scene score: the mean absolute difference, damped by how much it differs from the last one.
      const mafd = this.previous ? sad / frame.length : 0;
      this.scene.push(Math.min(1, Math.max(0, Math.min(mafd, Math.abs(mafd - this.previousMafd)) / 100)));
      this.previousMafd = mafd;
      this.previous = frame;
    }
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;

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
