import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';

const FIXTURES = path.join(os.tmpdir(), 'evals-fixtures');

/**
 * Generates (once per machine) a labelled test video from ffmpeg's synthetic
 * sources. `filter` is a lavfi graph producing the video.
 */
export function syntheticVideo(name: string, filter: string, extraArgs: string[] = []): string {
  fs.mkdirSync(FIXTURES, { recursive: true });
  const out = path.join(FIXTURES, `${name}.mp4`);
  if (fs.existsSync(out)) return out;
  const { ffmpeg } = resolveMediaTools(loadConfig({}));
  const tmp = `${out}.${process.pid}.tmp.mp4`;
  execFileSync(ffmpeg, [
    '-y',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    filter,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    ...extraArgs,
    tmp,
  ]);
  fs.renameSync(tmp, out);
  return out;
}

/** A short, clean animation: moving test pattern, 4 s at 15 fps. */
export const sampleAnimation = () => syntheticVideo('sample', 'testsrc2=size=640x360:rate=15:duration=4');

export function writeFixture(name: string, content: string | Buffer): string {
  fs.mkdirSync(FIXTURES, { recursive: true });
  const out = path.join(FIXTURES, name);
  fs.writeFileSync(out, content);
  return out;
}

/** Runs ffmpeg with the project's binary (for fixtures that need more than one lavfi input). */
export function ffmpegFixture(name: string, args: string[]): string {
  fs.mkdirSync(FIXTURES, { recursive: true });
  const out = path.join(FIXTURES, name);
  if (fs.existsSync(out)) return out;
  const { ffmpeg } = resolveMediaTools(loadConfig({}));
  const tmp = path.join(FIXTURES, `${process.pid}.tmp.${name}`);
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', ...args, tmp]);
  fs.renameSync(tmp, out);
  return out;
}

/** Shown frame times (ms from the start) straight from ffprobe, the truth plans are checked against. */
export function frameTimesOf(file: string): number[] {
  const { ffprobe } = resolveMediaTools(loadConfig({}));
  const out = execFileSync(ffprobe, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'packet=pts_time,flags',
    '-of',
    'csv=p=0',
    file,
  ]).toString();
  // D: outside the edit list, never shown.
  const shown = out
    .trim()
    .split('\n')
    .map((l) => l.split(','))
    .filter(([, flags]) => !flags.includes('D'));
  return shown.map(([t]) => Math.round(Number(t) * 1000)).sort((a, b) => a - b);
}

/**
 * A video whose header lies about its length: 900 s of frames (1 fps, 64x64)
 * in a Matroska file whose segment duration is patched to 10 s.
 */
export function understatedDurationVideo(): string {
  const out = path.join(FIXTURES, 'understated-duration.mkv');
  if (fs.existsSync(out)) return out;
  const honest = ffmpegFixture('understated-duration-honest.mkv', [
    '-f',
    'lavfi',
    '-i',
    'color=c=gray:size=64x64:rate=1:duration=900',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
  ]);
  const bytes = fs.readFileSync(honest);
  // The segment's Duration element (id 0x4489, an 8-byte float in milliseconds).
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no Duration element in the Matroska fixture');
  bytes.writeDoubleBE(10_000, at + 3);
  fs.writeFileSync(out, bytes);
  return out;
}

/**
 * A video whose header understates its picture size: one second of 64x64
 * H.264, then one of 1280x720 in the same stream (a new SPS mid-way); the
 * container and ffprobe report 64x64.
 */
export function growingPictureVideo(): string {
  const out = path.join(FIXTURES, 'growing-picture.mp4');
  if (fs.existsSync(out)) return out;
  const encode = (name: string, source: string) =>
    ffmpegFixture(name, [
      '-f',
      'lavfi',
      '-i',
      source,
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-bsf:v',
      'h264_mp4toannexb',
      '-f',
      'h264',
    ]);
  const small = encode('growing-small.h264', 'color=c=gray:size=64x64:rate=5:duration=1');
  const large = encode('growing-large.h264', 'color=c=red:size=1280x720:rate=5:duration=1');
  const joined = writeFixture('growing-joined.h264', Buffer.concat([fs.readFileSync(small), fs.readFileSync(large)]));
  return ffmpegFixture('growing-picture.mp4', ['-f', 'h264', '-framerate', '5', '-i', joined, '-c', 'copy']);
}

/** `source` scaled up to 1920x1080 (H.264) as `out`, with the given ffmpeg: a 1080p render of a corpus video for the benches. */
export function upscaledTo1080p(ffmpeg: string, source: string, out: string): string {
  execFileSync(ffmpeg, [
    '-v',
    'error',
    '-y',
    '-i',
    source,
    '-vf',
    'scale=1920:1080:flags=lanczos',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}
