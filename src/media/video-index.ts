/** What probing a video gives (src/media/probe.ts): its stream, and every frame's time and keyframe. */
export interface VideoProbe {
  durationMs: number;
  width: number;
  height: number;
  fps: number | null;
  codec: string;
  format: string;
  /** Planar YUV pixels (the luma plane can be used alone), and whether its range is full (JPEG) or limited (TV). */
  planarYuv: boolean;
  fullRange: boolean;
  /** Tagged BT.709 colour; untagged video is read as BT.601, as ffmpeg encodes RGB sources (Manim's renders among them) and decodes them. */
  bt709: boolean;
  /** Presentation time of every video frame from the packet index, ms from the start, ascending. */
  frameTimesMs: number[];
  /** Indexes into frameTimesMs of the keyframes (where a decoder can start). */
  keyframes: number[];
}

/**
 * What the probe reads about the video stream before it checks anything:
 * ffprobe's report, or the same read from an MP4's boxes (mp4-index.ts).
 */
export interface StreamIndex extends Omit<VideoProbe, 'durationMs' | 'frameTimesMs' | 'keyframes'> {
  /** The video stream's declared duration, else the container's, in seconds. */
  durationSeconds: number;
  /** Whether the stream itself declares its duration (a cut-off file keeps the declared one). */
  streamDuration: boolean;
  /** The container's start, seconds. */
  startSeconds: number;
  /** Shown packets (not outside the edit list) in decoding order: presentation time in seconds, keyframe. */
  packets: { seconds: number; key: boolean }[];
}
