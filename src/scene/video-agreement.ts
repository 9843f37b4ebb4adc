import { sharp } from '../infra/sharp';
import type { LoadedFrame } from '../media/manifest';
import { sampleAt, type SceneTimeline } from './inspection';

/**
 * Whether a recorded scene is the one in the video: on each stored frame, the
 * share of the drawn content (pixels away from the background colour) that lies
 * inside the boxes the scene recorded at that moment. A wrong scene, a source
 * that changed since the render, an object the recording missed, or a source
 * that hid objects from its recording leave content outside the boxes. (A
 * recording padded with boxes that cover everything passes: see
 * docs/scene-inspection.md on what a hostile source can still do.)
 */

/** Agreement below this discards the inspection (the scene that was rendered scores 1.0 on every labelled corpus). */
export const MIN_AGREEMENT = 0.9;

const WIDTH = 160;
/** A pixel this far (max channel difference) from the background is drawn content; compression noise stays below. */
const CONTENT_LEVELS = 48;
/** Boxes grow by this share of the frame's width: one sample (0.1 s) of motion and antialiasing. */
const SLACK = 0.02;
/** Frames with less content than this share are not counted (a blank frame agrees with anything). */
const MIN_CONTENT = 0.002;

export interface Agreement {
  /** Content inside the recorded boxes, over all counted frames (1 when no frame had content). */
  share: number;
  /** The frame that agreed least, and how much. */
  worst: { index: number; timestampMs: number; share: number } | null;
}

export async function pixelAgreement(
  timeline: SceneTimeline,
  frames: readonly Pick<LoadedFrame, 'index' | 'timestampMs' | 'jpeg'>[],
): Promise<Agreement> {
  let inside = 0;
  let content = 0;
  let worst: Agreement['worst'] = null;
  for (const frame of frames) {
    const sample = sampleAt(timeline, frame.timestampMs);
    if (!sample) continue;
    const { data, info } = await sharp(frame.jpeg).resize({ width: WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const { width, height } = info;
    const bg = [1, 3, 5].map((i) => parseInt(sample.background.slice(i, i + 2), 16));
    const covered = new Uint8Array(width * height);
    const slack = SLACK * width;
    for (const u of sample.units) {
      if (Math.max(u.fillOpacity, u.strokeOpacity) < 0.05) continue;
      const x0 = Math.max(0, Math.floor((u.box[0] / timeline.width) * width - slack));
      const x1 = Math.min(width - 1, Math.ceil((u.box[2] / timeline.width) * width + slack));
      const y0 = Math.max(0, Math.floor((u.box[1] / timeline.height) * height - slack));
      const y1 = Math.min(height - 1, Math.ceil((u.box[3] / timeline.height) * height + slack));
      for (let y = y0; y <= y1 && x0 <= x1; y++) covered.fill(1, y * width + x0, y * width + x1 + 1);
    }
    let frameContent = 0;
    let frameInside = 0;
    for (let p = 0; p < width * height; p++) {
      const o = p * 3;
      if (Math.max(Math.abs(data[o] - bg[0]), Math.abs(data[o + 1] - bg[1]), Math.abs(data[o + 2] - bg[2])) < CONTENT_LEVELS) continue;
      frameContent++;
      if (covered[p]) frameInside++;
    }
    if (frameContent < MIN_CONTENT * width * height) continue;
    content += frameContent;
    inside += frameInside;
    const share = frameInside / frameContent;
    if (!worst || share < worst.share) worst = { index: frame.index, timestampMs: frame.timestampMs, share };
  }
  return { share: content === 0 ? 1 : inside / content, worst };
}
