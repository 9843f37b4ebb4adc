import type { FlashingSignal } from './flash-signal';

/**
 * What activities pass around instead of frames (pure types: the workflow
 * carries manifests, never images).
 */
export interface FrameRef {
  index: number;
  timestampMs: number;
  width: number;
  height: number;
  /** Key of the image in the frame store. */
  key: string;
}

/** A frame with its image: what judges and analyzers look at. */
export interface LoadedFrame extends FrameRef {
  jpeg: Buffer;
}

/** A frame as extraction produces it, before the frame store gives it a key. */
export type ExtractedFrame = Omit<LoadedFrame, 'key'>;

export interface FrameManifest {
  durationMs: number;
  width: number;
  height: number;
  fps: number | null;
  frames: FrameRef[];
}

/** The video facts a manifest carries (from the frame plan). */
export type ManifestVideo = Pick<FrameManifest, 'durationMs' | 'width' | 'height' | 'fps'>;

/** The one manifest builder: from extraction's plan and frames, or from what the store kept of them. */
export function buildManifest(video: ManifestVideo, frames: readonly FrameRef[]): FrameManifest {
  return {
    durationMs: video.durationMs,
    width: video.width,
    height: video.height,
    fps: video.fps,
    frames: frames.map((f) => ({ index: f.index, timestampMs: f.timestampMs, width: f.width, height: f.height, key: f.key })),
  };
}

/** `00:06.5`: minutes, seconds and tenths, as frame hints show them. */
export function formatTimestamp(ms: number): string {
  const tenths = Math.round(ms / 100);
  const minutes = Math.floor(tenths / 600);
  const seconds = Math.floor((tenths % 600) / 10);
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}.${tenths % 10}`;
}

export function frameHint(frame: Pick<FrameRef, 'timestampMs'>, location: string | null): string {
  return location ? `${formatTimestamp(frame.timestampMs)} ${location}` : formatTimestamp(frame.timestampMs);
}

/**
 * Whole-video measures taken in the same decode pass as the frames, for
 * analyzers that per-frame sampling is too coarse for (flashing, pacing).
 * Stored with the pipeline run, not carried in the manifest.
 */
export interface VideoSignal {
  /** Presentation time of every decoded frame, ms. */
  frameTimesMs: number[];
  /** Mean luma (full range, 0-255) of every decoded frame, aligned with frameTimesMs. */
  luma: number[];
  /** Share (percent, 0-100) of the grid whose luma or colour changed visibly since the frame one motion step before (src/media/signal.ts), aligned with frameTimesMs. */
  motion: number[];
  /** Times of detected scene changes (new content appearing), ms. */
  sceneChangesMs: number[];
  /** Flashing by area (src/media/flash-meter.ts); absent from signals stored before it was measured (local-analyzers/v4 and earlier). */
  flashing?: FlashingSignal;
  /** The most any grid cell's luma or colour moved from the first frame, in levels (0-255): a change too small in area for `motion`; absent from signals stored before it was measured. */
  peakChange?: number;
}
