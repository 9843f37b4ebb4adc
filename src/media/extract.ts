import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from 'fluent-ffmpeg';
import type { Config } from '../config';
import { PermanentError } from '../errors';
import type { MediaTools } from '../infra/ffmpeg';
import type { FrameManifest } from './manifest';
import { FORMAT_WHITELIST, probeVideo, type VideoProbe } from './probe';
import { fetchAnimation, type SourceOptions } from './source';

export interface ExtractedFrame {
  index: number;
  timestampMs: number;
  width: number;
  height: number;
  jpeg: Buffer;
}

export interface Extraction {
  probe: VideoProbe;
  frames: ExtractedFrame[];
}

/** Evenly spaced timestamps from the first to the last frame, at most maxFrames. */
export function planTimestamps(probe: Pick<VideoProbe, 'durationMs' | 'fps'>, maxFrames: number): number[] {
  const frameMs = 1000 / (probe.fps ?? 25);
  // Two frames short of the end: an input seek to the very last frame can land past it.
  const lastMs = Math.max(0, probe.durationMs - 2 * frameMs);
  const available = Math.max(1, Math.floor(probe.durationMs / frameMs));
  const count = Math.min(maxFrames, available);
  if (count === 1) return [0];
  return Array.from({ length: count }, (_, i) => Math.round((i * lastMs) / (count - 1)));
}

function checkLimits(probe: VideoProbe, media: Config['media']): void {
  if (probe.durationMs > media.maxDurationSeconds * 1000) {
    throw new PermanentError('too-large', `animation is ${(probe.durationMs / 1000).toFixed(1)} s long, over the ${media.maxDurationSeconds} s limit`);
  }
  if (probe.width * probe.height > media.maxPixels) {
    throw new PermanentError('too-large', `animation is ${probe.width}x${probe.height}, over the ${media.maxPixels}-pixel limit`);
  }
}

function grabFrame(tools: MediaTools, file: string, timestampMs: number, width: number, out: string, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const kill = () => command.kill('SIGKILL');
    const command = ffmpeg(file)
      .setFfmpegPath(tools.ffmpeg)
      .inputOptions(['-protocol_whitelist', 'file', '-format_whitelist', FORMAT_WHITELIST, '-ss', (timestampMs / 1000).toFixed(3)])
      .outputOptions(['-frames:v', '1', '-vf', `scale='min(${width},iw)':-2`, '-q:v', '3', '-an'])
      .output(out)
      .on('end', () => {
        signal?.removeEventListener('abort', kill);
        resolve();
      })
      .on('error', (err: Error) => {
        signal?.removeEventListener('abort', kill);
        reject(signal?.aborted ? signal.reason : new PermanentError('unreadable-media', `could not decode the frame at ${timestampMs} ms: ${err.message.split('\n')[0]}`));
      });
    signal?.addEventListener('abort', kill, { once: true });
    command.run();
  });
}

/**
 * Downloads (or opens) the animation, validates it with ffprobe, and writes the
 * planned frames as JPEG at the judge's width. Temp files never outlive the call.
 */
export async function extractFrames(
  url: string,
  tools: MediaTools,
  opts: SourceOptions,
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<Extraction> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'evals-extract-'));
  try {
    const file = await fetchAnimation(url, dir, opts, signal);
    const probe = await probeVideo(tools, file, signal);
    checkLimits(probe, opts.media);
    const timestamps = planTimestamps(probe, opts.media.maxFrames);
    const frames: ExtractedFrame[] = [];
    // Two at a time: one per core.
    let next = 0;
    const workers = Array.from({ length: 2 }, async () => {
      while (next < timestamps.length) {
        const index = next++;
        const out = path.join(dir, `frame-${index}.jpg`);
        await grabFrame(tools, file, timestamps[index], opts.media.judgeFrameWidth, out, signal);
        if (!fs.existsSync(out)) throw new PermanentError('unreadable-media', `no frame could be decoded at ${timestamps[index]} ms`);
        const jpeg = await fs.promises.readFile(out);
        const width = Math.min(opts.media.judgeFrameWidth, probe.width);
        const height = Math.round((probe.height * width) / probe.width / 2) * 2;
        frames.push({ index, timestampMs: timestamps[index], width, height, jpeg });
        onProgress(frames.length, timestamps.length);
      }
    });
    await Promise.all(workers);
    frames.sort((a, b) => a.index - b.index);
    return { probe, frames };
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

export function manifestOf(probe: VideoProbe, frames: readonly Omit<ExtractedFrame, 'jpeg'>[], keyOf: (index: number) => string): FrameManifest {
  return {
    durationMs: probe.durationMs,
    width: probe.width,
    height: probe.height,
    fps: probe.fps,
    frames: frames.map((f) => ({ index: f.index, timestampMs: f.timestampMs, width: f.width, height: f.height, key: keyOf(f.index) })),
  };
}
