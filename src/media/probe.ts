import type { Config } from '../config';
import { InfrastructureError, PermanentError } from '../errors';
import { FfmpegError, runMediaTool, type MediaTools } from '../infra/ffmpeg';
import { readMp4Index } from './mp4-index';
import type { StreamIndex, VideoProbe } from './video-index';

/** Containers ffmpeg may open: no playlists (hls, concat), no image sequences, no raw streams. */
export const FORMAT_WHITELIST = 'mov,mp4,m4a,3gp,3g2,mj2,matroska,webm';

/** Input options for every ffmpeg/ffprobe run: the downloaded copy only, in an accepted container. */
export const INPUT_GUARD = ['-protocol_whitelist', 'file', '-format_whitelist', FORMAT_WHITELIST];

/** ffprobe's JSON for the largest accepted video (36,000 frames) is about 4 MB; a crafted file cannot make it grow without bound. */
const PROBE_OUTPUT_BYTES = 32 * 1024 * 1024;

function parseRate(rate: string | undefined): number | null {
  if (!rate) return null;
  const [num, den] = rate.split('/').map(Number);
  const fps = den ? num / den : num;
  return Number.isFinite(fps) && fps > 0 ? fps : null;
}

interface ProbeJson {
  streams?: {
    index?: number;
    pix_fmt?: string;
    color_range?: string;
    color_space?: string;
    codec_type?: string;
    codec_name?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    r_frame_rate?: string;
    duration?: string;
  }[];
  format?: { duration?: string; format_name?: string; start_time?: string };
  packets?: { stream_index?: number; pts_time?: string; flags?: string }[];
}

/**
 * Validation before any decode: the container must be one we accept, hold a
 * video stream within the size limits, and its packet index gives every
 * frame's time and the keyframes (demuxing only, no decoding). An MP4 with one
 * H.264 track is read in-process; anything else, or anything that reader does
 * not fully understand, is read by ffprobe.
 */
export async function probeVideo(tools: MediaTools, file: string, media: Config['media'], signal?: AbortSignal): Promise<VideoProbe> {
  if (signal?.aborted) throw signal.reason;
  return checked((await readMp4Index(file, media.maxVideoFrames)) ?? (await ffprobeIndex(tools, file, media, signal)), media);
}

/** The stream index from ffprobe, in one run: what the MP4 reader must agree with. */
export async function ffprobeIndex(tools: MediaTools, file: string, media: Config['media'], signal?: AbortSignal): Promise<StreamIndex> {
  const stdout: Buffer[] = [];
  let bytes = 0;
  const overflow = new AbortController();
  const limits = AbortSignal.any([overflow.signal, AbortSignal.timeout(media.extractTimeoutMs), ...(signal ? [signal] : [])]);
  try {
    await runMediaTool(
      tools.ffprobe,
      [
        '-v',
        'error',
        ...INPUT_GUARD,
        '-print_format',
        'json',
        '-show_entries',
        'format=duration,format_name,start_time:stream=index,codec_type,codec_name,width,height,avg_frame_rate,r_frame_rate,duration,pix_fmt,color_range,color_space:packet=stream_index,pts_time,flags',
        file,
      ],
      file,
      limits,
      [
        (chunk) => {
          bytes += chunk.length;
          if (bytes > PROBE_OUTPUT_BYTES) overflow.abort();
          else stdout.push(chunk);
        },
      ],
    );
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    if (err instanceof InfrastructureError) throw err;
    if (overflow.signal.aborted)
      throw new PermanentError(
        'too-large',
        `animation has too many packets to index (over ${PROBE_OUTPUT_BYTES / 1024 / 1024} MB of index)`,
      );
    const lastLine = err instanceof FfmpegError ? err.lastLine : '';
    throw new PermanentError('unreadable-media', `animation is not a readable video${lastLine ? ` (${lastLine})` : ''}`);
  }
  const info = JSON.parse(Buffer.concat(stdout).toString()) as ProbeJson;
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
    durationSeconds,
    streamDuration: video.duration !== undefined,
    width: video.width!,
    height: video.height!,
    fps: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
    codec: video.codec_name ?? 'unknown',
    format: info.format?.format_name ?? 'unknown',
    planarYuv: /^yuvj?4\d\dp$/.test(video.pix_fmt ?? ''),
    fullRange: video.color_range === 'pc' || (video.pix_fmt ?? '').startsWith('yuvj'),
    bt709: video.color_space === 'bt709',
    startSeconds: Number(info.format?.start_time ?? 0) || 0,
    packets: (info.packets ?? [])
      // Packets flagged D fall outside the container's edit list: the decoder drops them.
      .filter((p) => p.stream_index === video.index && p.pts_time !== undefined && p.pts_time !== 'N/A' && !p.flags?.includes('D'))
      .map((p) => ({ seconds: Number(p.pts_time), key: p.flags?.startsWith('K') ?? false })),
  };
}

/** The probe of a stream index, once it is within the limits and its frames cover its declared length. */
function checked(index: StreamIndex, media: Config['media']): VideoProbe {
  const { durationSeconds, streamDuration, startSeconds, packets: shown, ...stream } = index;
  const probe = { ...stream, durationMs: Math.round(durationSeconds * 1000) };
  checkLimits(probe, media);

  // Times relative to the container start, as ffmpeg's -ss counts them.
  const packets = shown
    .map((p) => ({ ms: (p.seconds - startSeconds) * 1000, key: p.key }))
    .filter((p) => Number.isFinite(p.ms))
    .sort((a, b) => a.ms - b.ms);
  if (packets.length === 0) throw new PermanentError('unreadable-media', 'animation has no video frames (empty or truncated video)');
  if (packets.length > media.maxVideoFrames) {
    throw new PermanentError('too-large', `animation has ${packets.length} frames, over the ${media.maxVideoFrames}-frame limit`);
  }
  // The stream's declared duration against the frames actually present: a cut-off download keeps its
  // full-length index. (Not the container's duration, which may include a longer audio track.)
  const lastMs = packets.at(-1)!.ms;
  if (streamDuration && lastMs + 500 + 2000 / (probe.fps ?? 25) < probe.durationMs) {
    throw new PermanentError(
      'unreadable-media',
      `animation is truncated: its frames stop at ${(lastMs / 1000).toFixed(1)} s of ${(probe.durationMs / 1000).toFixed(1)} s`,
    );
  }
  // Limits hold on what the decoder will be given, not on what the header declares: a header may say 10 s over 900 s of frames.
  if (lastMs >= media.maxDurationSeconds * 1000) {
    throw new PermanentError(
      'too-large',
      `animation's frames run past ${(lastMs / 1000).toFixed(1)} s (its header says ${(probe.durationMs / 1000).toFixed(1)} s), over the ${media.maxDurationSeconds} s limit`,
    );
  }
  // The plan and the report use the frames' span when the header understates it.
  const framesMs = Math.round(lastMs + 1000 / (probe.fps ?? 25));
  if (framesMs > probe.durationMs + 1000) probe.durationMs = framesMs;
  const keyframes = packets.flatMap((p, i) => (p.key ? [i] : []));
  // A stream that does not start on a keyframe still decodes from its first packet.
  if (keyframes[0] !== 0) keyframes.unshift(0);
  return { ...probe, frameTimesMs: packets.map((p) => p.ms), keyframes };
}

function checkLimits(probe: Pick<VideoProbe, 'durationMs' | 'width' | 'height'>, media: Config['media']): void {
  if (probe.durationMs > media.maxDurationSeconds * 1000) {
    throw new PermanentError(
      'too-large',
      `animation is ${(probe.durationMs / 1000).toFixed(1)} s long, over the ${media.maxDurationSeconds} s limit`,
    );
  }
  if (probe.width * probe.height > media.maxPixels) {
    throw new PermanentError('too-large', `animation is ${probe.width}x${probe.height}, over the ${media.maxPixels}-pixel limit`);
  }
}
