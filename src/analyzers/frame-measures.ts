import type { FrameBox, Side } from '../domain/geometry';
import { sharp } from '../infra/sharp';
import type { LoadedFrame } from '../media/manifest';
import type { Rgb } from '../media/srgb';
import { ColourTally, rgbBucket } from './colour';
import { screenItems, type Ink, type ScreenItem } from './objects/screen-items';

/**
 * What the local analyzers know about one sampled frame, measured once with
 * sharp: the background, and the things on screen (text lines, objects,
 * structure; src/analyzers/objects/). Layout measures need a plain
 * background (as math animations have); frames without one (photos, test
 * patterns) get no items.
 */
export interface FrameMeasures {
  index: number;
  timestampMs: number;
  /** Width and height the items were found at (analysis pixels). */
  width: number;
  height: number;
  /** Nothing but the background (or one flat colour). */
  blank: boolean;
  /** Background colour and the share of the frame it covers; null when no colour dominates. */
  background: { colour: Rgb; share: number } | null;
  /** Share of the frame covered by text and objects (not lines, grids or axes). */
  coverage: number;
  /** FrameBox around all text and objects, null when there is none. */
  box: FrameBox | null;
  items: ScreenItem[];
  /** The ink of every glyph on screen, to tell what was drawn over a text since an earlier frame. */
  glyphInk: Ink[];
  /** Per edge, the boxes of shapes flush with it but not cut by it (a circle's outline touching it at a point). */
  touching: Record<Side, FrameBox[]>;
  /** The boxes of connected content drawn across the frame, meeting two opposite edges. */
  across: FrameBox[];
  /** A plot's axes stand in the frame: a horizontal and a vertical straight line crossing. */
  axes: boolean;
  /** 32x18 luma thumbnail, to compare frames with each other. */
  thumbnail: Buffer;
}

const NO_TOUCHES: Record<Side, FrameBox[]> = { top: [], right: [], bottom: [], left: [] };

/** Frames are analysed at most this wide: enough to see text a viewer can barely read at 480p. */
export const ANALYSIS_MAX_WIDTH = 768;
/** A colour must cover this share of the frame to count as the background. */
const BACKGROUND_SHARE = 0.35;

/** The most common colour (16 levels per channel) and how many pixels have it. */
function dominant(data: Buffer, total: number): { colour: Rgb; count: number } {
  const tally = new ColourTally();
  for (let o = 0; o < total * 3; o += 3) tally.add(rgbBucket(data[o], data[o + 1], data[o + 2]), data[o], data[o + 1], data[o + 2]);
  return tally.ranked()[0] ?? { colour: [0, 0, 0], count: 0 };
}

export async function measureFrame(frame: Pick<LoadedFrame, 'index' | 'timestampMs' | 'jpeg'>): Promise<FrameMeasures> {
  const image = sharp(frame.jpeg);
  const { width: jpegWidth = ANALYSIS_MAX_WIDTH } = await image.metadata();
  const { data, info } = await image
    .resize({ width: Math.min(jpegWidth, ANALYSIS_MAX_WIDTH) })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const total = width * height;
  const thumbnail = await sharp(frame.jpeg).resize(32, 18, { fit: 'fill' }).greyscale().raw().toBuffer();
  const base = { index: frame.index, timestampMs: frame.timestampMs, width, height, thumbnail };

  const bg = dominant(data, total);
  if (bg.count / total < BACKGROUND_SHARE)
    return {
      ...base,
      blank: false,
      background: null,
      coverage: 1,
      box: null,
      items: [],
      glyphInk: [],
      touching: NO_TOUCHES,
      across: [],
      axes: false,
    };
  const { items, glyphInk, touching, across, axes } = screenItems({ data, width, height }, bg.colour);
  const content = items.filter((i) => i.kind === 'text' || i.kind === 'object');
  const box = content.length
    ? {
        left: Math.min(...content.map((i) => i.box.left)),
        top: Math.min(...content.map((i) => i.box.top)),
        right: Math.max(...content.map((i) => i.box.right)),
        bottom: Math.max(...content.map((i) => i.box.bottom)),
      }
    : null;
  return {
    ...base,
    blank: items.length === 0,
    background: { colour: bg.colour, share: bg.count / total },
    coverage: content.reduce((sum, i) => sum + i.pixels, 0) / total,
    box,
    items,
    glyphInk,
    touching,
    across,
    axes,
  };
}

/** Thumbnail cells whose luma moved this much between two frames have changed (JPEG noise stays below). */
const CHANGE_LEVELS = 6;

/** How many of the 32x18 thumbnail cells changed visibly between two frames. */
export function thumbnailChange(a: Pick<FrameMeasures, 'thumbnail'>, b: Pick<FrameMeasures, 'thumbnail'>): number {
  let changed = 0;
  for (let i = 0; i < a.thumbnail.length; i++) if (Math.abs(a.thumbnail[i] - b.thumbnail[i]) >= CHANGE_LEVELS) changed++;
  return changed;
}
