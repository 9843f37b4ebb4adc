import fs from 'node:fs';
import { ConfigError, type Config } from '../config';
import { isExecutable, onPath } from './executables';

export interface MediaTools {
  ffmpeg: string;
  ffprobe: string;
}

function bundled(pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe'): string | undefined {
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
