import { execFileSync } from 'node:child_process';
import { isExecutable, onPath } from '../src/infra/executables';
import { bundled, type MediaTools } from '../src/infra/ffmpeg';

/** The static ffmpeg 4.1 and ffprobe shipped in npm packages: what a bare `npm ci` falls back to. */
export function npmShippedFfmpeg(): MediaTools {
  const ffmpeg = bundled('@ffmpeg-installer/ffmpeg');
  const ffprobe = bundled('@ffprobe-installer/ffprobe');
  if (!ffmpeg || !ffprobe) throw new Error('the npm-shipped ffmpeg is missing: run npm ci');
  return { ffmpeg, ffprobe };
}

/**
 * Debian's ffmpeg and ffprobe, what production runs (the Dockerfile installs
 * them); on a Debian machine run as root (CI) they are installed on first use.
 */
export function debianFfmpeg(): MediaTools {
  const tools = { ffmpeg: '/usr/bin/ffmpeg', ffprobe: '/usr/bin/ffprobe' };
  if (!isExecutable(tools.ffmpeg) && process.getuid?.() === 0 && onPath('apt-get')) {
    process.stderr.write("installing Debian's ffmpeg for the decoder test (apt-get install ffmpeg)\n");
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', 'ffmpeg'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  }
  if (!isExecutable(tools.ffmpeg) || !isExecutable(tools.ffprobe))
    throw new Error("the decoder test needs Debian's ffmpeg in /usr/bin: apt-get install ffmpeg");
  return tools;
}

/** The first line of `ffmpeg -version`: which build it is. */
export function ffmpegVersion(tools: MediaTools): string {
  return execFileSync(tools.ffmpeg, ['-hide_banner', '-version'], { encoding: 'utf8' }).split('\n')[0];
}
