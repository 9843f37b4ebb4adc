import { spawn, type StdioOptions } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, type Config } from '../config';
import { InfrastructureError } from '../errors';
import { isExecutable, onPath } from './executables';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

export function bundled(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | undefined {
  try {
    const file = (require(pkg) as { path: string }).path;
    // npm may skip the package's chmod install script; the binary is ours to fix.
    if (!isExecutable(file)) fs.chmodSync(file, 0o755);
    return file;
  } catch {
    return undefined;
  }
}

/** FFMPEG_PATH/FFPROBE_PATH, else PATH, else the binaries shipped in npm packages. */
export function resolveMediaTools(config: Pick<Config, 'media'>): MediaTools {
  const ffmpeg = config.media.ffmpegPath ?? onPath('ffmpeg') ?? bundled('@ffmpeg-installer/ffmpeg');
  const ffprobe = config.media.ffprobePath ?? onPath('ffprobe') ?? bundled('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) {
    throw new ConfigError('ffmpeg/ffprobe not found: set FFMPEG_PATH and FFPROBE_PATH, put them on PATH, or run npm ci');
  }
  return { ffmpeg, ffprobe };
}

/** ffmpeg or ffprobe exited with an error; `lastLine` is the last line it wrote to stderr, the input path replaced by "input". */
export class FfmpegError extends Error {
  override name = 'FfmpegError';
  constructor(
    readonly code: number | null,
    readonly lastLine: string,
    /** The end of what it wrote to stderr. */
    readonly stderr = '',
  ) {
    super(`ffmpeg exited with ${code}${lastLine ? `: ${lastLine}` : ''}`);
  }
}

/**
 * The tool did not start: not found or not executable (the spawn's error, or a
 * shell's 126 and 127), or the loader's error when its shared libraries are
 * missing (127). ffmpeg and ffprobe never exit with these themselves, so this
 * is the worker's fault, never the animation's: retryable (on any worker of
 * the fleet), counted as infrastructure, and said as such.
 */
function cannotStart(executable: string, why: string): InfrastructureError {
  return new InfrastructureError(
    'ffmpeg',
    `${path.basename(executable)} cannot run on this worker (${why}): a fault of the worker, not of the animation`,
  );
}
const CANNOT_START_CODES = new Set([126, 127]);

/** Receives what a child writes to one of its output pipes, chunk by chunk. */
export type OutputPipe = (chunk: Buffer) => void;

/** The child's file descriptor carrying the i-th of runMediaTool's `outputs`: stdout, then 3, 4, ... */
const outputFd = (i: number) => (i === 0 ? 1 : i + 2);

/** The ffmpeg output that writes to the i-th of runMediaTool's `outputs`. */
export const outputPipe = (i: number) => `pipe:${outputFd(i)}`;

/**
 * Runs ffmpeg to completion, streaming each of its output pipes (`outputPipe`)
 * to the matching `outputs` entry, and writing `stdin` once it resolves;
 * aborting the signal kills it at once. Resolves with the end of its stderr
 * (errors it skipped past, such as pictures a decoder refused).
 */
export function runFfmpeg(
  tools: MediaTools,
  args: string[],
  signal: AbortSignal,
  outputs: OutputPipe[] = [],
  stdin?: Promise<string>,
): Promise<string> {
  return runMediaTool(
    tools.ffmpeg,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', ...args],
    args[args.indexOf('-i') + 1],
    signal,
    outputs,
    stdin,
  );
}

/**
 * Runs ffmpeg or ffprobe on `input` to completion, streaming its stdout (and
 * fds 3, 4, ... for more `outputs`) to `outputs`, writing `stdin` to it once
 * that resolves, resolving with the end of its stderr; aborting the signal
 * kills it at once. It runs in a process group of
 * its own: a terminal's Ctrl-C is the CLI's to turn into a cancellation, never
 * a decode error.
 */
export function runMediaTool(
  executable: string,
  args: string[],
  input: string,
  signal: AbortSignal,
  outputs: OutputPipe[] = [],
  stdin?: Promise<string>,
): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stdio: StdioOptions = [
      stdin ? 'pipe' : 'ignore',
      outputs.length ? 'pipe' : 'ignore',
      'pipe',
      ...outputs.slice(1).map(() => 'pipe' as const),
    ];
    const child = spawn(executable, args, { stdio, detached: true });
    const kill = () => child.kill('SIGKILL');
    signal.addEventListener('abort', kill, { once: true });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    for (const [i, output] of outputs.entries()) child.stdio[outputFd(i)]!.on('data', output);
    if (stdin) {
      // A child that died before reading it reports that by its exit.
      child.stdin!.on('error', () => undefined);
      void stdin.then((text) => child.stdin!.end(text));
    }
    child.on('error', (err) => {
      signal.removeEventListener('abort', kill);
      const code = (err as NodeJS.ErrnoException).code;
      reject(code === 'ENOENT' || code === 'EACCES' ? cannotStart(executable, `${code}: ${executable}`) : err);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (signal.aborted) return reject(signal.reason);
      if (code === 0) return resolve(stderr);
      const lastLine = stderr.trim().split('\n').pop()?.replaceAll(input, 'input') ?? '';
      if (code !== null && CANNOT_START_CODES.has(code))
        return reject(cannotStart(executable, `exit ${code}${lastLine ? `: ${lastLine}` : ''}`));
      reject(new FfmpegError(code, lastLine, stderr));
    });
  });
}
