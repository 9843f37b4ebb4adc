import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sharp } from '../infra/sharp';
import type { Config } from '../config';
import { ACTIVITY_TIMEOUT_SECONDS } from '../domain/activity-timeouts';
import { InfrastructureError, PermanentError } from '../errors';
import { FfmpegError, outputPipe, runFfmpeg, type MediaTools, type OutputPipe } from '../infra/ffmpeg';
import { isProcessAlive } from '../infra/executables';
import { formatTimestamp, type ExtractedFrame, type VideoSignal } from './manifest';
import { evenlySpaced, groupByKeyframe, judgeSize, mergePlan, planOf, spacedSceneFrames, type FramePlan } from './plan';
import { INPUT_GUARD, probeVideo } from './probe';
import type { VideoProbe } from './video-index';
import { frameSplitter, signalMeasure, type SignalMeasure } from './signal';
import { fetchAnimation, type SourceOptions } from './source';

export interface ExtractOptions extends SourceOptions {
  /** Parent of the per-call temp directory (removed before the call returns). */
  workDir: string;
  /** Decode every frame once for the whole-video signal and scene changes. */
  withSignal: boolean;
  /** What the single pass measures; `signalMeasure` unless a bench compares an earlier measure with it. */
  signalMeasure?: (probe: VideoProbe) => SignalMeasure;
}

export interface Extraction {
  plan: FramePlan;
  frames: ExtractedFrame[];
  signal: VideoSignal | null;
}

export type Progress = (phase: 'download' | 'probe' | 'decode' | 'scenes', done: number, total: number) => void;

/**
 * ffmpeg decodes and scales; sharp (the same libvips on every host, pinned in the
 * lockfile) encodes the JPEGs. H.264 decoding is exact and swscale with explicit
 * flags gives the same pixels in ffmpeg 4.1 and 5.1, but their MJPEG encoders do
 * not, and the frames the judges measure must not depend on the ffmpeg build
 * (docs/frames.md).
 */
const SCALE_FLAGS = 'bicubic+accurate_rnd+full_chroma_int';
const JPEG_QUALITY = 90;
/** Keyframe intervals decoded at once: one per core. */
const PARALLEL_SEEKS = 2;

/**
 * Downloads (or opens) the animation, validates it with ffprobe, plans the frames
 * and writes them as JPEG at the judge's width. Without the signal, only the
 * keyframe intervals that hold planned frames are decoded; with it, one pass
 * decodes every frame once for the evenly spaced frames and the signal, and
 * scene-change frames come from their keyframe intervals alone.
 * Temp files and ffmpeg processes never outlive the call.
 */
export async function extractFrames(
  url: string,
  tools: MediaTools,
  opts: ExtractOptions,
  onProgress: Progress,
  cancel?: AbortSignal,
): Promise<Extraction> {
  try {
    fs.mkdirSync(opts.workDir, { recursive: true });
    const dir = await fs.promises.mkdtemp(path.join(opts.workDir, SCRATCH_PREFIX));
    try {
      onProgress('download', 0, 1);
      const file = await fetchAnimation(url, dir, opts, cancel);
      const deadline = AbortSignal.timeout(opts.media.extractTimeoutMs);
      const signal = cancel ? AbortSignal.any([cancel, deadline]) : deadline;
      try {
        onProgress('probe', 0, 1);
        const start: JobStart = { tools, file, signal, onProgress, media: opts.media, measure: opts.signalMeasure ?? signalMeasure };
        const probing = probeVideo(tools, file, opts.media, signal);
        return opts.withSignal ? await singlePass(start, probing) : await keyframeSeek(withProbe(start, await probing));
      } catch (err) {
        if (deadline.aborted && !cancel?.aborted) {
          throw new PermanentError(
            'too-large',
            `decoding the animation took longer than the ${opts.media.extractTimeoutMs / 1000} s limit`,
          );
        }
        throw err;
      }
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw noSpaceLeft(opts.workDir);
    throw err;
  }
}

/**
 * A full disk is this worker's fault, never the animation's: retryable, so the
 * extraction is tried again a bounded number of times (its retry policy), on
 * whichever worker takes it, one with room perhaps; a run that still ends ERROR
 * says so, naming the directory.
 */
const noSpaceLeft = (workDir: string) => new InfrastructureError('disk', `no space left on device in ${workDir}`);

/**
 * Scratch directories are named after their owner, `run-<host>.<pid>.<nonce>-XXXXXX`,
 * so a process can tell what a dead one left: the nonce tells this process from
 * an earlier one that had the same pid (a restarted container's worker is pid 1
 * again), the host keeps workers of other hosts sharing a volume apart.
 */
const HOST = os.hostname().replace(/[^A-Za-z0-9-]/g, '-') || 'host';
const NONCE = crypto.randomBytes(4).toString('hex');
const SCRATCH_PREFIX = `run-${HOST}.${process.pid}.${NONCE}-`;
const SCRATCH_NAME = /^run-([A-Za-z0-9-]+)\.(\d+)\.([0-9a-f]{8})-[A-Za-z0-9]{6}$/;

/**
 * Removes the scratch of extractions whose process died (kill -9, OOM, power
 * loss): at worker start and when an extraction is retried. Never another live
 * process's: a directory is removed when its owner on this host is gone, or
 * when it is older than any extraction can last. Resolves with how many were removed.
 */
export async function removeStaleScratch(
  workDir: string,
  media: Pick<Config['media'], 'downloadTimeoutMs' | 'extractTimeoutMs'>,
): Promise<number> {
  // Twice the longest an extraction can run: its activity timeout, or its own download and decode limits.
  const maxAgeMs = 2 * Math.max(ACTIVITY_TIMEOUT_SECONDS.extractFrames * 1000, media.downloadTimeoutMs + media.extractTimeoutMs);
  let entries: string[];
  try {
    entries = await fs.promises.readdir(workDir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of entries.filter((n) => n.startsWith('run-'))) {
    const owner = SCRATCH_NAME.exec(name);
    const dir = path.join(workDir, name);
    const stat = await fs.promises.stat(dir).catch(() => null);
    if (!stat) continue;
    // Age covers what the owner check cannot: older names, other hosts, a dead worker's pid reused by another program.
    let stale = Date.now() - stat.mtimeMs > maxAgeMs;
    if (owner && owner[1] === HOST) {
      const pid = Number(owner[2]);
      stale ||= pid === process.pid ? owner[3] !== NONCE : !isProcessAlive(pid);
    }
    if (!stale) continue;
    await fs.promises.rm(dir, { recursive: true, force: true });
    removed++;
  }
  return removed;
}

/** What an extraction knows before the probe. */
interface JobStart {
  tools: MediaTools;
  file: string;
  signal: AbortSignal;
  onProgress: Progress;
  media: Config['media'];
  measure: (probe: VideoProbe) => SignalMeasure;
}

interface Job extends JobStart {
  probe: VideoProbe;
  size: { width: number; height: number };
}

const withProbe = (start: JobStart, probe: VideoProbe): Job => ({ ...start, probe, size: judgeSize(probe, start.media.judgeFrameWidth) });

/** The decoder refused a picture over EVALS_MAX_PIXELS (ffmpeg's `max_pixels`), whatever size the header declared. */
function oversizedPicture(stderr: string, header: VideoProbe, maxPixels: number): PermanentError | null {
  const size = /Picture size (\d+x\d+) exceeds specified max pixel count/.exec(stderr)?.[1];
  return size
    ? new PermanentError(
        'too-large',
        `animation decodes to ${size} pictures (its header says ${header.width}x${header.height}), over the ${maxPixels}-pixel limit`,
      )
    : null;
}

/**
 * ffmpeg failing on a file that ffprobe accepted: the data itself is bad.
 * `graph` is written to its stdin (see singlePass); ffmpeg only reads the file after the probe.
 */
async function decode(
  job: JobStart,
  probe: Promise<VideoProbe>,
  args: string[],
  outputs: OutputPipe[],
  graph?: Promise<string>,
): Promise<void> {
  let stderr: string;
  try {
    // A stream may change size mid-way: the decoder refuses any picture over the pixel limit.
    stderr = await runFfmpeg(job.tools, ['-max_pixels', String(job.media.maxPixels), ...args], job.signal, outputs, graph);
  } catch (err) {
    if (err instanceof FfmpegError)
      throw (
        oversizedPicture(err.stderr, await probe, job.media.maxPixels) ??
        new PermanentError('unreadable-media', `animation could not be decoded${err.lastLine ? ` (${err.lastLine})` : ''}`)
      );
    throw err;
  }
  const oversized = oversizedPicture(stderr, await probe, job.media.maxPixels);
  if (oversized) throw oversized;
}

/**
 * The cheap path: evenly spaced frames, decoded only in the keyframe intervals
 * that hold them (see seekFrames).
 */
async function keyframeSeek(job: Job): Promise<Extraction> {
  const picks = evenlySpaced(job.probe.frameTimesMs.length, job.media.maxFrames);
  const jpegs = new JpegEncoder(job.size);
  await seekFrames(job, picks, 'decode', jpegs);
  return { plan: planOf(job.probe, 'keyframe-seek', picks, []), frames: framesOf(job, picks, await jpegs.done()), signal: null };
}

/**
 * JPEGs of the given frame positions: one ffmpeg per keyframe interval that holds
 * some (two at a time), seeking accurately to the interval's first target and
 * picking later ones by frame offset, so nothing past the last target and nothing
 * between intervals is decoded.
 */
async function seekFrames(job: Job, targets: readonly number[], phase: 'decode' | 'scenes', jpegs: JpegEncoder): Promise<void> {
  const times = job.probe.frameTimesMs;
  const groups = groupByKeyframe(targets, job.probe.keyframes);
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
        await decode(
          job,
          Promise.resolve(job.probe),
          [
            ...INPUT_GUARD,
            ...seek,
            '-i',
            job.file,
            '-an',
            '-sn',
            '-dn',
            '-vf',
            `select='${select}',${scaleToRgb(job.size)}`,
            '-vsync',
            '0',
            '-frames:v',
            String(group.length),
            ...RAW_FRAMES,
            outputPipe(0),
          ],
          [jpegs.pipe(group)],
        );
        job.onProgress(phase, ++done, groups.length);
      }
    }),
  );
}

/**
 * The full path, one decode of every frame: ffmpeg writes the evenly spaced
 * frames (scaled after selection) and streams the signal grid of every frame
 * (src/media/signal.ts: luma, motion, scene score, flashing). Scene-change frames that make the plan are then fetched
 * by seeking, which decodes only their keyframe intervals.
 *
 * ffmpeg is started beside ffprobe: loading its libraries is most of a short
 * clip's cost with a distribution's shared build. It reads its filter graph,
 * which needs the probe, from stdin before it opens the file, so nothing is
 * demuxed before the probe has accepted it.
 */
async function singlePass(start: JobStart, probing: Promise<VideoProbe>): Promise<Extraction> {
  let writeGraph!: (graph: string) => void;
  const graph = new Promise<string>((resolve) => (writeGraph = resolve));
  let onGrid!: OutputPipe;
  let onEven!: OutputPipe;
  const refused = new AbortController();
  const decoding = decode(
    { ...start, signal: AbortSignal.any([start.signal, refused.signal]) },
    probing,
    [
      ...INPUT_GUARD,
      '-i',
      start.file,
      '-an',
      '-sn',
      '-dn',
      '-filter_complex_script',
      'pipe:0',
      '-vsync',
      '0',
      '-map',
      '[grid]',
      '-f',
      'rawvideo',
      outputPipe(0),
      '-map',
      '[even]',
      ...RAW_FRAMES,
      outputPipe(1),
    ],
    [(chunk) => onGrid(chunk), (chunk) => onEven(chunk)],
    graph,
  );
  // Its failure is seen where it is awaited below.
  decoding.catch(() => undefined);
  let job: Job;
  try {
    job = withProbe(start, await probing);
  } catch (err) {
    refused.abort();
    await decoding.catch(() => undefined);
    throw err;
  }

  const { probe } = job;
  const times = probe.frameTimesMs;
  const evenPicks = evenlySpaced(times.length, job.media.maxFrames);
  const meter = job.measure(probe);
  // Encoded as they arrive, before the plan is known: at worst a few the scene changes displace are encoded for nothing.
  const jpegs = new JpegEncoder(job.size);
  onGrid = (chunk) => {
    meter.push(chunk);
    if (meter.frames % 30 === 0) job.onProgress('decode', meter.frames, times.length);
  };
  onEven = jpegs.pipe(evenPicks);
  writeGraph(
    [
      `[0:v]split=2[a][b]`,
      `[a]select='${evenPicks.map((n) => `eq(n,${n})`).join('+')}',${scaleToRgb(job.size)}[even]`,
      `[b]${meter.filter}[grid]`,
    ].join(';'),
  );
  await decoding;

  if (meter.frames > job.media.maxVideoFrames) {
    throw new PermanentError('too-large', `animation decodes to ${meter.frames} frames, over the ${job.media.maxVideoFrames}-frame limit`);
  }
  const decoded = Math.min(meter.frames, times.length);
  // A frame or two may be undecodable in a real file; more missing means the data ends early.
  if (times.length - decoded > Math.max(2, times.length * 0.02)) {
    throw new PermanentError(
      'unreadable-media',
      `animation is truncated or corrupt: only ${decoded} of its ${times.length} frames could be decoded (it stops at ${formatTimestamp(times[decoded] ?? 0)})`,
    );
  }
  const scenePicks = spacedSceneFrames(meter.sceneFrames(decoded), times, probe.durationMs, job.media.maxFrames).filter(
    (n) => !evenPicks.includes(n),
  );
  const picks = mergePlan(
    evenPicks.filter((p) => p < decoded),
    scenePicks,
    job.media.maxFrames,
  );
  await seekFrames(
    job,
    picks.filter((p) => !evenPicks.includes(p)),
    'scenes',
    jpegs,
  );
  return {
    plan: planOf(
      probe,
      'single-pass',
      picks,
      picks.filter((p) => scenePicks.includes(p)),
    ),
    frames: framesOf(job, picks, await jpegs.done()),
    signal: meter.toSignal(times, decoded),
  };
}

function framesOf(job: Job, picks: readonly number[], jpegs: ReadonlyMap<number, Buffer>): ExtractedFrame[] {
  const times = job.probe.frameTimesMs;
  return picks.map((p, index) => {
    const jpeg = jpegs.get(p);
    if (!jpeg)
      throw new PermanentError(
        'unreadable-media',
        `animation is truncated or corrupt: no frame could be decoded at ${formatTimestamp(times[p])}`,
      );
    return { index, timestampMs: Math.round(times[p]), width: job.size.width, height: job.size.height, jpeg };
  });
}

const RAW_FRAMES = ['-c:v', 'rawvideo', '-f', 'rawvideo'];
const scaleToRgb = (size: { width: number; height: number }) => `scale=${size.width}:${size.height}:flags=${SCALE_FLAGS},format=rgb24`;

/**
 * The JPEGs every judge reads, from the raw RGB frames ffmpeg streams at the
 * judge's size: each is encoded as it arrives (sharp works on libuv's threads),
 * beside the decode that goes on.
 */
class JpegEncoder {
  private readonly jpegs = new Map<number, Buffer>();
  private readonly encodes: Promise<void>[] = [];

  constructor(private readonly size: { width: number; height: number }) {}

  /** An output pipe carrying the frames at `positions`, in order; frames that never arrive stay missing. */
  pipe(positions: readonly number[]): OutputPipe {
    const { width, height } = this.size;
    let received = 0;
    return frameSplitter(width * height * 3, (raw) => {
      const position = positions[received++];
      if (position === undefined) return;
      const encode = sharp(raw, { raw: { width, height, channels: 3 } })
        .jpeg({ quality: JPEG_QUALITY })
        .toBuffer()
        .then((jpeg) => void this.jpegs.set(position, jpeg));
      // A failure is seen when done() is awaited, never as an unhandled rejection.
      encode.catch(() => undefined);
      this.encodes.push(encode);
    });
  }

  /** The JPEGs by frame position, once every frame that arrived is encoded. */
  async done(): Promise<ReadonlyMap<number, Buffer>> {
    await Promise.all(this.encodes);
    return this.jpegs;
  }
}
