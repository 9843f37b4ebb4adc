import type { VideoProbe } from './probe';
import { even } from './plan';
import type { VideoSignal } from './manifest';

/**
 * The whole-video signal, measured while the single decode pass streams a small
 * luma grid of every frame: mean luma, motion (share of the grid that changed)
 * and ffmpeg's scene score, computed on the grid instead of full RGB frames
 * (which in ffmpeg 4.1 cost a full-size colour conversion per frame).
 */

/** A hard cut on a dark background scores only 0.12-0.18 (docs/frames.md). */
export const SCENE_THRESHOLD = 0.1;
/** Width of the per-frame luma grid. */
export const SIGNAL_WIDTH = 64;
/** A grid cell whose luma moves this much between frames has changed (codec noise stays below). */
const MOTION_LEVELS = 3;

export interface SignalGrid {
  width: number;
  height: number;
  /** The filter chain that turns decoded frames into the grid (full-range or limited luma, one byte a cell). */
  filter: string;
}

/** The grid for a video: planar YUV scales its luma plane alone; anything else is converted to grey after scaling. */
export function signalGrid(probe: Pick<VideoProbe, 'width' | 'height' | 'planarYuv'>): SignalGrid {
  const width = SIGNAL_WIDTH;
  const height = even((SIGNAL_WIDTH * probe.height) / probe.width);
  const filter = probe.planarYuv ? `extractplanes=y,scale=${width}:${height}:flags=area` : `scale=${width}:${height}:flags=area,format=gray`;
  return { width, height, filter };
}

/** Per-frame measures of the grid stream, computed as it arrives (nothing but the previous grid is kept). */
export class SignalMeter {
  readonly luma: number[] = [];
  readonly motion: number[] = [];
  readonly scene: number[] = [];
  private pending: Buffer = Buffer.alloc(0);
  private previous: Buffer | null = null;
  private previousMafd = 0;
  private readonly frameBytes: number;
  private readonly toFullRange: (y: number) => number;

  constructor(grid: SignalGrid, probe: Pick<VideoProbe, 'planarYuv' | 'fullRange'>) {
    this.frameBytes = grid.width * grid.height;
    this.toFullRange = probe.planarYuv && !probe.fullRange ? (y) => Math.min(255, Math.max(0, ((y - 16) * 255) / 219)) : (y) => y;
  }

  /** Frames measured so far. */
  get frames(): number {
    return this.luma.length;
  }

  push(chunk: Buffer): void {
    this.pending = this.pending.length ? Buffer.concat([this.pending, chunk]) : chunk;
    while (this.pending.length >= this.frameBytes) {
      const frame = Buffer.from(this.pending.subarray(0, this.frameBytes));
      this.pending = this.pending.subarray(this.frameBytes);
      let sum = 0;
      let changed = 0;
      let sad = 0;
      for (let i = 0; i < frame.length; i++) {
        sum += frame[i];
        if (!this.previous) continue;
        const d = Math.abs(frame[i] - this.previous[i]);
        sad += d;
        if (d >= MOTION_LEVELS) changed++;
      }
      this.luma.push(this.toFullRange(sum / frame.length));
      this.motion.push((100 * changed) / frame.length);
      // ffmpeg's select scene score: the mean absolute difference, damped by how much it differs from the last one.
      const mafd = this.previous ? sad / frame.length : 0;
      this.scene.push(Math.min(1, Math.max(0, Math.min(mafd, Math.abs(mafd - this.previousMafd)) / 100)));
      this.previousMafd = mafd;
      this.previous = frame;
    }
  }

  /** Positions of the first `decoded` frames whose scene score marks new content. */
  sceneFrames(decoded: number): number[] {
    return this.scene.flatMap((score, n) => (n < decoded && score > SCENE_THRESHOLD ? [n] : []));
  }

  /** The stored signal of the first `decoded` frames. */
  toSignal(frameTimesMs: readonly number[], decoded: number): VideoSignal {
    return {
      frameTimesMs: frameTimesMs.slice(0, decoded).map(Math.round),
      luma: this.luma.slice(0, decoded).map(round2),
      motion: this.motion.slice(0, decoded).map(round2),
      sceneChangesMs: this.sceneFrames(decoded).map((n) => Math.round(frameTimesMs[n])),
    };
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
