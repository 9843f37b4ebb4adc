import type { Rgb } from '../../media/srgb';
import { ColourTally } from '../colour';

/**
 * Connected components: the frame's content split into regions of one palette
 * colour, each with its bounds, pixel count, core colour and contacts.
 */

export interface Raster {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
}

/** A pixel this far (max channel difference) from the background is content; JPEG noise stays below it. */
const CONTENT_DELTA = 24;

export interface Component {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  /** Its palette colour (0: pixels near none). */
  palette: number;
  count: number;
  maxDistance: number;
  coreR: number;
  coreG: number;
  coreB: number;
  coreCount: number;
  /** Pixels touching a pixel of another region. */
  contact: number;
}

/**
 * A region's colour is that of its pixels at least this share as far from the
 * background as its farthest: the middle of its strokes, not the anti-aliased
 * rim (small text's strokes are barely wider than their rim).
 */
const CORE_DISTANCE = 0.9;
/** Pixels at least this far from the background show their colour clearly enough to define the frame's palette. */
const PALETTE_DISTANCE = 64;
/**
 * Colours of the palette are at least this far apart (largest channel
 * difference of each colour's offset from the background, scaled to 1); a
 * pixel belongs to the nearest palette colour within this distance. Blending
 * with the background (anti-aliasing, opacity) scales the offset and keeps its
 * direction, so a glyph and its rim share a palette colour.
 */
const COLOUR_TOLERANCE = 0.3;
/** A palette colour needs clear pixels over this share of the frame (6 px at 768x432; fewer is JPEG ringing where two colours meet). */
const MIN_PALETTE_AREA = 1.8e-5;

/**
 * Connected regions of one palette colour. The frame's palette is found first
 * (the distinct colours of its clearly coloured pixels); every content pixel
 * then takes the nearest palette colour, and regions connect 8-neighbours of
 * the same colour only. So a white label drawn across a blue curve stays a
 * separate thing, even where JPEG blends the two, while a glyph keeps its
 * anti-aliased rim. Returns a label per pixel (0 = background) and the regions.
 */
export function components(raster: Raster, background: Rgb): { labels: Int32Array; list: Component[] } {
  const { data, width, height } = raster;
  const total = width * height;
  const distance = new Uint8Array(total);
  const offset = new Float32Array(total * 3);
  const bins = new ColourTally();
  for (let p = 0; p < total; p++) {
    const o = p * 3;
    const dr = data[o] - background[0];
    const dg = data[o + 1] - background[1];
    const db = data[o + 2] - background[2];
    const d = Math.max(Math.abs(dr), Math.abs(dg), Math.abs(db));
    if (d <= CONTENT_DELTA) continue;
    distance[p] = Math.min(255, d);
    offset[o] = dr / d;
    offset[o + 1] = dg / d;
    offset[o + 2] = db / d;
    if (d < PALETTE_DISTANCE) continue;
    const bin = (Math.round((offset[o] + 1) * 5) * 11 + Math.round((offset[o + 1] + 1) * 5)) * 11 + Math.round((offset[o + 2] + 1) * 5);
    bins.add(bin, offset[o], offset[o + 1], offset[o + 2]);
  }
  // The palette: the most common colours first, each at least COLOUR_TOLERANCE from those before it.
  const palette: Rgb[] = [];
  for (const { colour, count } of bins.ranked()) {
    if (count < MIN_PALETTE_AREA * total) break;
    if (
      palette.every((c) => Math.max(Math.abs(c[0] - colour[0]), Math.abs(c[1] - colour[1]), Math.abs(c[2] - colour[2])) > COLOUR_TOLERANCE)
    )
      palette.push(colour);
  }
  // Each content pixel's palette colour (its index + 1); pixels near none keep 0 and group among themselves.
  const paletteOf = new Int16Array(total).fill(-1);
  for (let p = 0; p < total; p++) {
    if (distance[p] === 0) continue;
    const o = p * 3;
    let best = 0;
    let bestDiff = COLOUR_TOLERANCE;
    for (let i = 0; i < palette.length; i++) {
      const c = palette[i];
      const diff = Math.max(Math.abs(c[0] - offset[o]), Math.abs(c[1] - offset[o + 1]), Math.abs(c[2] - offset[o + 2]));
      if (diff <= bestDiff) {
        best = i + 1;
        bestDiff = diff;
      }
    }
    paletteOf[p] = best;
  }

  const labels = new Int32Array(total);
  const parent: number[] = [0];
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  /** Joins pixel q's region to `own` (0: none yet) when q has the colour; returns the joined region's root. */
  const visit = (q: number, colour: number, own: number): number => {
    if (paletteOf[q] !== colour) return own;
    const l = find(labels[q]);
    if (own === 0) own = l;
    else if (l !== own) parent[Math.max(l, own)] = Math.min(l, own);
    return find(own);
  };
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const colour = paletteOf[p];
      if (colour < 0) continue;
      let own = 0;
      // Visited neighbours of the same colour: left, up-left, up, up-right.
      if (x > 0) own = visit(p - 1, colour, own);
      if (y > 0) {
        if (x > 0) own = visit(p - width - 1, colour, own);
        own = visit(p - width, colour, own);
        if (x + 1 < width) own = visit(p - width + 1, colour, own);
      }
      if (own === 0) {
        own = parent.length;
        parent.push(own);
      }
      labels[p] = own;
    }
  }
  // Each root label's region in the list (-1: none yet).
  const index = new Int32Array(parent.length).fill(-1);
  const list: Component[] = [];
  for (let p = 0; p < total; p++) {
    if (labels[p] === 0) continue;
    const root = find(labels[p]);
    let i = index[root];
    if (i === -1) {
      i = list.length;
      index[root] = i;
      list.push({
        minX: width,
        minY: height,
        maxX: -1,
        maxY: -1,
        palette: paletteOf[p],
        count: 0,
        maxDistance: 0,
        coreR: 0,
        coreG: 0,
        coreB: 0,
        coreCount: 0,
        contact: 0,
      });
    }
    labels[p] = i + 1;
    const c = list[i];
    const x = p % width;
    const y = (p - x) / width;
    if (x < c.minX) c.minX = x;
    if (x > c.maxX) c.maxX = x;
    if (y < c.minY) c.minY = y;
    if (y > c.maxY) c.maxY = y;
    c.count++;
    if (distance[p] > c.maxDistance) c.maxDistance = distance[p];
  }
  // The core colour: pixels at least CORE_DISTANCE as far from the background as the region's farthest.
  for (let p = 0; p < total; p++) {
    const l = labels[p];
    if (l === 0) continue;
    const c = list[l - 1];
    const x = p % width;
    const right = x + 1 < width ? labels[p + 1] : 0;
    const down = p + width < total ? labels[p + width] : 0;
    if ((right !== 0 && right !== l) || (down !== 0 && down !== l)) c.contact++;
    if (distance[p] < c.maxDistance * CORE_DISTANCE) continue;
    c.coreR += data[p * 3];
    c.coreG += data[p * 3 + 1];
    c.coreB += data[p * 3 + 2];
    c.coreCount++;
  }
  return { labels, list };
}

export const heightOf = (c: Component) => c.maxY - c.minY + 1;
export const widthOf = (c: Component) => c.maxX - c.minX + 1;
