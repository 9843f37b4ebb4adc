import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { PermanentError } from '../errors';
import type { MediaTools } from '../infra/ffmpeg';

const run = promisify(execFile);

export interface VideoProbe {
  durationMs: number;
  width: number;
  height: number;
  fps: number | null;
  codec: string;
  format: string;
}

export const FORMAT_WHITELIST = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';

function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  const fps = den ? num / den : num;
  return Number.isFinite(fps) && fps > 0 ? fps : null;
}

/**
 * ffprobe validation before any decode: the file must be a container we accept
 * holding a video stream with a positive duration.
 */
export async function probeVideo(tools: MediaTools, file: string, signal?: AbortSignal): Promise<VideoProbe> {
  let stdout: string;
  try {
    ({ stdout } = await run(
      tools.ffprobe,
      ['-v', 'error', '-protocol_whitelist', 'file', '-format_whitelist', FORMAT_WHITELIST, '-print_format', 'json', '-show_format', '-show_streams', file],
      { timeout: 30_000, maxBuffer: 4 * 1024 * 1024, signal },
    ));
  } catch (err) {
    if (signal?.aborted) throw err;
    const stderr = String((err as { stderr?: string }).stderr ?? '').trim().split('\n').pop() ?? '';
    throw new PermanentError('unreadable-media', `animation is not a readable video${stderr ? ` (${stderr.replace(file, 'input')})` : ''}`);
  }
  const info = JSON.parse(stdout) as {
    streams?: { codec_type?: string; codec_name?: string; width?: number; height?: number; avg_frame_rate?: string; r_frame_rate?: string; duration?: string; nb_frames?: string }[];
    format?: { duration?: string; format_name?: string };
  };
  const video = info.streams?.find((s) => s.codec_type === 'video' && s.width && s.height);
  if (!video) {
    const kinds = [...new Set(info.streams?.map((s) => s.codec_type) ?? [])].join(', ');
    throw new PermanentError('unreadable-media', `animation has no video stream${kinds ? ` (found: ${kinds})` : ''}`);
  }
  const durationSeconds = Number(video.duration ?? info.format?.duration);
  if (!Number.isFinite(durationSeconds) || durationSeconds <= 0) {
    throw new PermanentError('unreadable-media', 'animation has no positive duration (empty or truncated video)');
  }
  return {
    durationMs: Math.round(durationSeconds * 1000),
    width: video.width!,
    height: video.height!,
    fps: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
    codec: video.codec_name ?? 'unknown',
    format: info.format?.format_name ?? 'unknown',
  };
}
