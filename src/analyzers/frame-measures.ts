import sharp from 'sharp';
import type { LoadedFrame } from '../media/manifest';
import { contrastRatio, type Rgb } from './colour';

/**
 * What the local analyzers know about one sampled frame, measured once with
 * sharp at a small analysis size. Layout measures need a plain background (as
 * math animations have); frames without one (photos, test patterns) get none.
 */
export interface FrameMeasures {
  index: number;
  timestampMs: number;
  /** Nothing but the background (or one flat colour). */
  blank: boolean;
  /** Background colour and the share of the frame it covers; null when no colour dominates. */
  background: { colour: Rgb; share: number } | null;
  /** Share of the frame covered by content (pixels that differ from the background). */
  coverage: number;
  /** Content bounding box as fractions of the frame, null when there is no content. */
  box: { left: number; top: number; right: number; bottom: number } | null;
  /** Frame edges that content touches. */
  touching: Side[];
  /** Most common content colour and its WCAG contrast ratio against the background. */
  foreground: { colour: Rgb; contrast: number } | null;
  /** 32x18 luma thumbnail, to compare frames with each other. */
  thumbnail: Buffer;
}

export type Side = 'top' | 'right' | 'bottom' | 'left';

export const ANALYSIS_WIDTH = 320;
/** A colour must cover this share of the frame to count as the background. */
const BACKGROUND_SHARE = 0.35;
/** A pixel this far (max channel difference) from the background is content; JPEG noise stays below it. */
const CONTENT_DELTA = 24;
/** A row or column holds content when at least this many of its pixels do (ignores stray specks). */
const MIN_LINE_PIXELS = 2;

const bucketOf = (r: number, g: number, b: number) => ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);

function dominant(data: Buffer, pixels: Iterable<number>): { colour: Rgb; count: number } | null {
  const counts = new Map<number, { n: number; r: number; g: number; b: number }>();
  for (const p of pixels) {
    const o = p * 3;
    const key = bucketOf(data[o], data[o + 1], data[o + 2]);
    const c = counts.get(key) ?? { n: 0, r: 0, g: 0, b: 0 };
    c.n++;
    c.r += data[o];
    c.g += data[o + 1];
    c.b += data[o + 2];
    counts.set(key, c);
  }
  let best: { n: number; r: number; g: number; b: number } | undefined;
  for (const c of counts.values()) if (!best || c.n > best.n) best = c;
  return best ? { colour: [best.r / best.n, best.g / best.n, best.b / best.n], count: best.n } : null;
}

export async function measureFrame(frame: Pick<LoadedFrame, 'index' | 'timestampMs' | 'jpeg'>): Promise<FrameMeasures> {
  const { data, info } = await sharp(frame.jpeg).resize({ width: ANALYSIS_WIDTH }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const total = width * height;
  const thumbnail = await sharp(frame.jpeg).resize(32, 18, { fit: 'fill' }).greyscale().raw().toBuffer();
  const base = { index: frame.index, timestampMs: frame.timestampMs, thumbnail };

  const bg = dominant(data, Array.from({ length: total }, (_, i) => i))!;
  if (bg.count / total < BACKGROUND_SHARE) {
    return { ...base, blank: false, background: null, coverage: 1, box: null, touching: [], foreground: null };
  }
  const [br, bgG, bb] = bg.colour;
  const content: number[] = [];
  const rows = new Uint32Array(height);
  const cols = new Uint32Array(width);
  for (let p = 0; p < total; p++) {
    const o = p * 3;
    if (Math.max(Math.abs(data[o] - br), Math.abs(data[o + 1] - bgG), Math.abs(data[o + 2] - bb)) > CONTENT_DELTA) {
      content.push(p);
      rows[Math.floor(p / width)]++;
      cols[p % width]++;
    }
  }
  const coverage = content.length / total;
  const background = { colour: bg.colour, share: bg.count / total };
  const occupiedRows = [...rows.keys()].filter((y) => rows[y] >= MIN_LINE_PIXELS);
  const occupiedCols = [...cols.keys()].filter((x) => cols[x] >= MIN_LINE_PIXELS);
  if (occupiedRows.length === 0 || occupiedCols.length === 0) {
    return { ...base, blank: true, background, coverage, box: null, touching: [], foreground: null };
  }
  const box = {
    left: occupiedCols[0] / width,
    top: occupiedRows[0] / height,
    right: (occupiedCols.at(-1)! + 1) / width,
    bottom: (occupiedRows.at(-1)! + 1) / height,
  };
  // Content in the outermost two pixel lines of a side touches that edge (a glyph tip may fill only one of them).
  const touching: Side[] = [];
  if (rows[0] + rows[1] >= MIN_LINE_PIXELS) touching.push('top');
  if (cols[width - 1] + cols[width - 2] >= MIN_LINE_PIXELS) touching.push('right');
  if (rows[height - 1] + rows[height - 2] >= MIN_LINE_PIXELS) touching.push('bottom');
  if (cols[0] + cols[1] >= MIN_LINE_PIXELS) touching.push('left');
  const fg = dominant(data, content)!;
  return { ...base, blank: false, background, coverage, box, touching, foreground: { colour: fg.colour, contrast: contrastRatio(fg.colour, bg.colour) } };
}

/** Thumbnail cells whose luma moved this much between two frames have changed (JPEG noise stays below). */
const CHANGE_LEVELS = 6;

/** How many of the 32x18 thumbnail cells changed visibly between two frames. */
export function thumbnailChange(a: FrameMeasures, b: FrameMeasures): number {
  let changed = 0;
  for (let i = 0; i < a.thumbnail.length; i++) if (Math.abs(a.thumbnail[i] - b.thumbnail[i]) >= CHANGE_LEVELS) changed++;
  return changed;
}
