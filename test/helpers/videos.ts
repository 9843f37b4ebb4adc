import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { resolveMediaTools } from '../../src/infra/ffmpeg';

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
