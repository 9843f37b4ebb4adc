import { FlashMeter, flashGrid } from './flash-meter';
import type { VideoSignal } from './manifest';
import type { VideoProbe } from './video-index';

/**
 * The whole-video signal, measured while the single decode pass streams a small
 * YCbCr grid of every frame: mean luma, motion (share of the grid whose luma or
 * colour changed), the most any cell moved from the first frame, and ffmpeg's
 * scene score, computed on the grid instead of full RGB frames
 * (which in ffmpeg 4.1 cost a full-size colour conversion per frame), and
 * flashing by area (src/media/flash-meter.ts), whose area rule sets the grid.
 */

/** A hard cut on a dark background scores only 0.12-0.18 (docs/frames.md). */
export const SCENE_THRESHOLD = 0.1;
/** A grid cell whose luma or colour (Cb, Cr) moves this much between frames has changed (codec noise stays below). */
const MOTION_LEVELS = 3;
/**
 * Motion compares each frame with the latest one at least this long before it
 * (one frame at 15 fps, two at 30, four at 60): measured frame to frame, the
 * same fade or slow move changes less per frame at a higher frame rate, and
 * would read as still.
 */
export const MOTION_STEP_MS = 60;

/** What the single pass streams and measures: the filter chain that turns decoded frames into raw bytes, and the meter that reads them. */
export interface SignalMeasure {
  filter: string;
  push(chunk: Buffer): void;
  /** Frames measured so far. */
  readonly frames: number;
  /** Positions of the first `decoded` frames whose scene score marks new content. */
  sceneFrames(decoded: number): number[];
  /** The stored signal of the first `decoded` frames. */
  toSignal(frameTimesMs: readonly number[], decoded: number): VideoSignal;
}

/**
 * The signal of the single pass: the grid in YCbCr 4:4:4, area-scaled, in the
 * video's own range (planar YUV is scaled as it is; anything else is converted
 * to full-range YCbCr after scaling).
 */
export function signalMeasure(
  probe: Pick<VideoProbe, 'width' | 'height' | 'planarYuv' | 'fullRange' | 'bt709' | 'frameTimesMs'>,
): SignalMeasure {
  return new SignalMeter(probe);
}

/** Calls `onFrame` with each whole frame of `frameBytes` as the raw stream arrives in chunks of any size. */
export function frameSplitter(frameBytes: number, onFrame: (frame: Buffer) => void): (chunk: Buffer) => void {
  // Chunks wait until a whole frame is there and are joined once: a frame of the kept size spans a dozen pipe reads.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  return (chunk) => {
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes < frameBytes) return;
    let joined = pending.length === 1 ? pending[0] : Buffer.concat(pending, pendingBytes);
    while (joined.length >= frameBytes) {
      onFrame(joined.subarray(0, frameBytes));
      joined = joined.subarray(frameBytes);
    }
    pending = joined.length ? [joined] : [];
    pendingBytes = joined.length;
  };
}

/**
 * The frame whose grid frame i's motion is measured against: the latest one at
 * least MOTION_STEP_MS earlier (the first frame, until there is one). The
 * picture did not change from it to frame i when frame i's motion is still.
 */
export function motionReference(frameTimesMs: readonly number[], i: number): number {
  let j = Math.max(0, i - 1);
  while (j > 0 && frameTimesMs[j] > frameTimesMs[i] - MOTION_STEP_MS) j--;
  return j;
}

/**
 * Mean luma and scene score (against the previous frame) of each frame's luma
 * grid, and motion (against the frame `motionReference` names) and the peak
 * change from the first frame over all of its planes, as it arrives (only the
 * first grid and those of the last motion step are kept).
 */
export class GridMeasures {
  readonly luma: number[] = [];
  readonly motion: number[] = [];
  readonly scene: number[] = [];
  /** The most any cell of any plane moved from the first frame, in the grid's levels. */
  readonly fromFirst: number[] = [];
  private first: Buffer | null = null;
  /** Grids of the frames from `firstKept` on. */
  private kept: Buffer[] = [];
  private firstKept = 0;
  private previousMafd = 0;
  private readonly toFullRange: (y: number) => number;

  constructor(
    fullRange: boolean,
    private readonly frameTimesMs: readonly number[],
  ) {
    this.toFullRange = fullRange ? (y) => y : (y) => Math.min(255, Math.max(0, ((y - 16) * 255) / 219));
  }

  /** `grid`: the frame's planes back to back, luma first, each `plane` bytes (the luma plane alone by default). */
  add(grid: Buffer, plane = grid.length): void {
    const n = this.luma.length;
    // A frame past the index (a decoder may yield one more) is measured against the one before it.
    const reference = n < this.frameTimesMs.length ? motionReference(this.frameTimesMs, n) : n - 1;
    const previous = this.kept.at(-1) ?? null;
    const against = this.kept[reference - this.firstKept];
    let sum = 0;
    let sad = 0;
    for (let i = 0; i < plane; i++) {
      sum += grid[i];
      if (previous) sad += Math.abs(grid[i] - previous[i]);
    }
    let changed = 0;
    let fromFirst = 0;
    if (previous) {
      // A cell changed when any of its planes did: a change of colour is a change, however little it moves the luma.
      for (let cell = 0; cell < plane; cell++)
        for (let i = cell; i < grid.length; i += plane)
          if (Math.abs(grid[i] - against[i]) >= MOTION_LEVELS) {
            changed++;
            break;
          }
      const first = this.first!;
      for (let i = 0; i < grid.length; i++) fromFirst = Math.max(fromFirst, Math.abs(grid[i] - first[i]));
    }
    this.luma.push(this.toFullRange(sum / plane));
    this.motion.push((100 * changed) / plane);
    this.fromFirst.push(fromFirst);
    // ffmpeg's select scene score: the mean absolute difference, damped by how much it differs from the last one.
    const mafd = previous ? sad / plane : 0;
    this.scene.push(Math.min(1, Math.max(0, Math.min(mafd, Math.abs(mafd - this.previousMafd)) / 100)));
    this.previousMafd = mafd;
    // Later frames' references are never earlier than this one's.
    if (n > 0) {
      this.kept = this.kept.slice(reference - this.firstKept);
      this.firstKept = reference;
    }
    const copy = Buffer.from(grid);
    this.first ??= copy;
    this.kept.push(copy);
  }

  sceneFrames(decoded: number): number[] {
    return this.scene.flatMap((score, n) => (n < decoded && score > SCENE_THRESHOLD ? [n] : []));
  }

  toSignal(frameTimesMs: readonly number[], decoded: number): VideoSignal {
    return {
      frameTimesMs: frameTimesMs.slice(0, decoded).map(Math.round),
      luma: this.luma.slice(0, decoded).map(round2),
      motion: this.motion.slice(0, decoded).map(round2),
      sceneChangesMs: this.sceneFrames(decoded).map((n) => Math.round(frameTimesMs[n])),
      peakChange: this.fromFirst.slice(0, decoded).reduce((a, b) => Math.max(a, b), 0),
    };
  }
}

class SignalMeter implements SignalMeasure {
  readonly filter: string;
  readonly push: (chunk: Buffer) => void;
  private readonly gridMeasures: GridMeasures;
  private readonly flash: FlashMeter;

  constructor(probe: Parameters<typeof signalMeasure>[0]) {
    const { width, height } = flashGrid(probe.width, probe.height);
    const fullRange = !probe.planarYuv || probe.fullRange;
    this.filter = `scale=${width}:${height}:flags=area,format=${fullRange ? 'yuvj444p' : 'yuv444p'}`;
    this.gridMeasures = new GridMeasures(fullRange, probe.frameTimesMs);
    // Anything not planar YUV was converted by ffmpeg, with its default BT.601 matrix.
    this.flash = new FlashMeter({ width, height }, { fullRange, bt709: probe.planarYuv && probe.bt709 }, probe.frameTimesMs);
    const plane = width * height;
    this.push = frameSplitter(3 * plane, (frame) => {
      this.flash.push(this.frames, frame.subarray(0, plane), frame.subarray(plane, 2 * plane), frame.subarray(2 * plane));
      this.gridMeasures.add(frame, plane);
    });
  }

  get frames(): number {
    return this.gridMeasures.luma.length;
  }

  sceneFrames(decoded: number): number[] {
    return this.gridMeasures.sceneFrames(decoded);
  }

  toSignal(frameTimesMs: readonly number[], decoded: number): VideoSignal {
    // Frames past the index are never measured for flashing; the events end where decoding did.
    return { ...this.gridMeasures.toSignal(frameTimesMs, decoded), flashing: this.flash.result() };
  }
}

const round2 = (n: number) => Math.round(n * 100) / 100;
