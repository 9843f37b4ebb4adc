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
  execFileSync(ffmpeg, ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', filter, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', ...extraArgs, tmp]);
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
  const out = execFileSync(ffprobe, ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'packet=pts_time,flags', '-of', 'csv=p=0', file]).toString();
  // D: outside the edit list, never shown.
  const shown = out.trim().split('\n').map((l) => l.split(',')).filter(([, flags]) => !flags.includes('D'));
  return shown.map(([t]) => Math.round(Number(t) * 1000)).sort((a, b) => a - b);
}
