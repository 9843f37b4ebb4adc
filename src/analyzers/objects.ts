import type { Rgb } from '../media/colour';
import { ColourTally, contrastRatio, rgbBucket } from './colour';

/**
 * The separate things on screen in one frame: connected regions of content
 * (pixels that differ from the background) with their boxes and colours, sorted
 * into text lines, objects (shapes, curves, arrows), thin straight lines, and
 * structure that spans the frame (a grid, axes, a background plane). Pure: it reads raw RGB pixels, so
 * it is tested without images and runs once per frame per worker.
 */

/** A box as fractions of the frame: left/top inclusive, right/bottom exclusive. */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

type ItemKind = 'text' | 'object' | 'line' | 'structure';

export interface ScreenItem {
  kind: ItemKind;
  box: Box;
  /** Content pixels of the item (analysis size). */
  pixels: number;
  /** The colour of the item's strokes and fills at their most distinct from the background: not the anti-aliased rim. */
  colour: Rgb;
  /** The colour right around the item. */
  surround: Rgb;
  /** WCAG contrast ratio between colour and surround. */
  contrast: number;
  /** Text: glyphs found on the line. */
  glyphs: number;
  /** Pixels of other items inside this text line's box (a curve or outline crossing it, text drawn over text). */
  crossedBy: number;
  /** Text: two texts printed over each other at different heights, merged into one line. */
  stacked: boolean;
}

interface Raster {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
}

/** A pixel this far (max channel difference) from the background is content; JPEG noise stays below it. */
const CONTENT_DELTA = 24;
/** Components smaller than this many pixels are noise. */
const MIN_COMPONENT_PIXELS = 4;
/** A glyph is at most this tall and wide (fractions of the frame); anything bigger is an object. */
const GLYPH_MAX_HEIGHT = 0.14;
const GLYPH_MAX_WIDTH = 0.2;
/** Glyphs put ink on at least this share of their box; sparser small things are pieces of lines. */
const GLYPH_MIN_DENSITY = 0.12;
/** Text lines this close on one row (in line heights) are one text. */
const ROW_GAP = 1.5;
/** A line of text this many times taller than its typical glyph holds two texts printed over each other. */
const STACKED_HEIGHT = 2.0;
const MIN_STACKED_GLYPHS = 6;
/** Glyphs stand apart from other things: a "line" whose pixels mostly touch another region is a fringe of it (a curve's rim). */
const MAX_CONTACT_SHARE = 0.2;
/** A text line's box may hold this much of other things (a curve crossing it); more, and its "glyphs" are pieces of those things. */
const MAX_FOREIGN_SHARE = 0.25;
/** Content spanning this much of the frame at a low density is structure (grid, axes, plane), not an object. */
const STRUCTURE_SPAN = 0.9;
const STRUCTURE_DENSITY = 0.2;
/** Sparse linework reaching an edge and at least this long (fraction of the frame) is part of a grid, an axis or a plotted curve running out of view. */
const GRID_PART = 0.25;

/** Long and at most a few pixels thick: an axis, a grid line, a piece of one. */
function isThinLine(widthPx: number, heightPx: number): boolean {
  const thin = Math.min(widthPx, heightPx);
  return thin <= 6 && Math.max(widthPx, heightPx) >= 8 * thin;
}

interface Component {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
  count: number;
  maxDistance: number;
  coreR: number;
  coreG: number;
  coreB: number;
  coreCount: number;
  /** Pixels touching a pixel of another region. */
  contact: number;
}

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
/** A palette colour needs this many clear pixels (fewer is JPEG ringing where two colours meet). */
const MIN_PALETTE_PIXELS = 6;

/**
 * Connected regions of one palette colour. The frame's palette is found first
 * (the distinct colours of its clearly coloured pixels); every content pixel
 * then takes the nearest palette colour, and regions connect 8-neighbours of
 * the same colour only. So a white label drawn across a blue curve stays a
 * separate thing, even where JPEG blends the two, while a glyph keeps its
 * anti-aliased rim. Returns a label per pixel (0 = background) and the regions.
 */
function components(raster: Raster, background: Rgb): { labels: Int32Array; list: Component[] } {
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
    if (count < MIN_PALETTE_PIXELS) break;
    if (palette.every((c) => Math.max(Math.abs(c[0] - colour[0]), Math.abs(c[1] - colour[1]), Math.abs(c[2] - colour[2])) > COLOUR_TOLERANCE)) palette.push(colour);
  }
  // Each content pixel's palette colour (its index + 1); pixels near none keep 0 and group among themselves.
  const paletteOf = new Int16Array(total).fill(-1);
  for (let p = 0; p < total; p++) {
    if (distance[p] === 0) continue;
    const o = p * 3;
    let best = 0;
    let bestDiff = COLOUR_TOLERANCE;
    palette.forEach((c, i) => {
      const diff = Math.max(Math.abs(c[0] - offset[o]), Math.abs(c[1] - offset[o + 1]), Math.abs(c[2] - offset[o + 2]));
      if (diff <= bestDiff) [best, bestDiff] = [i + 1, diff];
    });
    paletteOf[p] = best;
  }

  const labels = new Int32Array(total);
  const parent: number[] = [0];
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const colour = paletteOf[p];
      if (colour < 0) continue;
      let own = 0;
      // Visited neighbours of the same colour: left, up-left, up, up-right.
      const visit = (q: number) => {
        if (paletteOf[q] !== colour) return;
        const l = find(labels[q]);
        if (own === 0) own = l;
        else if (l !== own) parent[Math.max(l, own)] = Math.min(l, own);
        own = find(own);
      };
      if (x > 0) visit(p - 1);
      if (y > 0) {
        if (x > 0) visit(p - width - 1);
        visit(p - width);
        if (x + 1 < width) visit(p - width + 1);
      }
      if (own === 0) {
        own = parent.length;
        parent.push(own);
      }
      labels[p] = own;
    }
  }
  const index = new Map<number, number>();
  const list: Component[] = [];
  for (let p = 0; p < total; p++) {
    if (labels[p] === 0) continue;
    const root = find(labels[p]);
    let i = index.get(root);
    if (i === undefined) {
      i = list.length;
      index.set(root, i);
      list.push({ minX: width, minY: height, maxX: -1, maxY: -1, count: 0, maxDistance: 0, coreR: 0, coreG: 0, coreB: 0, coreCount: 0, contact: 0 });
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
  // The core colour: pixels at least 70% as far from the background as the region's farthest.
  for (let p = 0; p < total; p++) {
    const l = labels[p];
    if (l === 0) continue;
    const c = list[l - 1];
    const x = p % width;
    const right = x + 1 < width ? labels[p + 1] : 0;
    const down = p + width < total ? labels[p + width] : 0;
    if ((right !== 0 && right !== l) || (down !== 0 && down !== l)) c.contact++;
    if (distance[p] < c.maxDistance * 0.7) continue;
    c.coreR += data[p * 3];
    c.coreG += data[p * 3 + 1];
    c.coreB += data[p * 3 + 2];
    c.coreCount++;
  }
  return { labels, list };
}

const heightOf = (c: Component) => c.maxY - c.minY + 1;
const widthOf = (c: Component) => c.maxX - c.minX + 1;

/**
 * Glyphs that belong to one line of text: side by side with overlapping rows
 * (superscripts included), or a dot or accent right above or below a glyph.
 */
function textLines(glyphs: Component[]): Component[][] {
  const order = [...glyphs.keys()].sort((a, b) => glyphs[a].minX - glyphs[b].minX);
  const parent = glyphs.map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  for (let oi = 0; oi < order.length; oi++) {
    const a = glyphs[order[oi]];
    const ha = heightOf(a);
    for (let oj = oi + 1; oj < order.length; oj++) {
      const b = glyphs[order[oj]];
      const hb = heightOf(b);
      const tall = Math.max(ha, hb);
      if (b.minX > a.maxX + tall) break;
      const gap = b.minX - a.maxX - 1;
      const rows = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY) + 1;
      const short = Math.min(ha, hb);
      const sideBySide = gap <= 0.75 * tall && rows >= 0.65 * short && tall <= 4 * short;
      // A dot or accent: small, over the glyph's columns, just above or below it.
      const columns = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX) + 1;
      const vertical = Math.max(a.minY - b.maxY, b.minY - a.maxY);
      const mark = columns > 0 && vertical <= 0.35 * tall && short <= 0.45 * tall;
      if (sideBySide || mark) parent[find(order[oj])] = find(order[oi]);
    }
  }
  const lines = new Map<number, Component[]>();
  glyphs.forEach((g, i) => {
    const root = find(i);
    lines.set(root, [...(lines.get(root) ?? []), g]);
  });
  return [...lines.values()];
}

/** The most common colour (16 levels per channel) among background pixels around a box, content excluded. */
function surroundOf(raster: Raster, labels: Int32Array, minX: number, minY: number, maxX: number, maxY: number, fallback: Rgb): Rgb {
  const { data, width, height } = raster;
  const pad = Math.max(2, Math.round((maxY - minY + 1) * 0.3));
  const x0 = Math.max(0, minX - pad);
  const x1 = Math.min(width - 1, maxX + pad);
  const y0 = Math.max(0, minY - pad);
  const y1 = Math.min(height - 1, maxY + pad);
  const tally = new ColourTally();
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const inside = x >= minX && x <= maxX && y >= minY && y <= maxY;
      const p = y * width + x;
      if (inside || labels[p] !== 0) continue;
      const o = p * 3;
      tally.add(rgbBucket(data[o], data[o + 1], data[o + 2]), data[o], data[o + 1], data[o + 2]);
    }
  }
  return tally.ranked()[0]?.colour ?? fallback;
}

/** Text lines on one row (most of their heights shared) with at most ROW_GAP line heights between them. */
function textRows(lines: Component[][]): Component[][][] {
  const boxes = lines.map((cs) => ({ minX: Math.min(...cs.map((c) => c.minX)), maxX: Math.max(...cs.map((c) => c.maxX)), minY: Math.min(...cs.map((c) => c.minY)), maxY: Math.max(...cs.map((c) => c.maxY)) }));
  const parent = lines.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = boxes[i];
      const b = boxes[j];
      const ha = a.maxY - a.minY + 1;
      const hb = b.maxY - b.minY + 1;
      const rows = Math.min(a.maxY, b.maxY) - Math.max(a.minY, b.minY) + 1;
      const gap = Math.max(a.minX, b.minX) - Math.min(a.maxX, b.maxX) - 1;
      if (rows >= 0.65 * Math.min(ha, hb) && gap <= ROW_GAP * Math.max(ha, hb)) parent[find(j)] = find(i);
    }
  }
  const rows = new Map<number, Component[][]>();
  lines.forEach((line, i) => rows.set(find(i), [...(rows.get(find(i)) ?? []), line]));
  return [...rows.values()];
}

/** Pixels of other components inside a box: something drawn across it. */
function foreignPixels(labels: Int32Array, width: number, members: ReadonlySet<number>, minX: number, minY: number, maxX: number, maxY: number): number {
  let n = 0;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const l = labels[y * width + x];
      if (l !== 0 && !members.has(l)) n++;
    }
  }
  return n;
}

/**
 * Two texts printed over each other at different heights: their glyphs merge
 * into one line much taller than its letters (a line of text, descenders and
 * capitals included, is under about twice the height of its typical glyph).
 */
function stacked(line: Component[], rowHeight: number): boolean {
  // Specks and fringes are not glyphs of the line.
  const heights = line.map(heightOf).filter((h) => h >= 0.3 * rowHeight).sort((a, b) => a - b);
  if (heights.length < MIN_STACKED_GLYPHS) return false;
  return rowHeight > STACKED_HEIGHT * heights[Math.floor(heights.length / 2)];
}

/** Pixels inside a box of components that cross it: reaching well above or below it, as a curve or an outline through a label does. */
function crossingPixels(labels: Int32Array, list: Component[], width: number, members: ReadonlySet<number>, minX: number, minY: number, maxX: number, maxY: number): number {
  const reach = 0.25 * (maxY - minY + 1);
  let n = 0;
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const l = labels[y * width + x];
      if (l === 0 || members.has(l)) continue;
      const c = list[l - 1];
      if (c.minY < minY - reach || c.maxY > maxY + reach) n++;
    }
  }
  return n;
}

/** The things on screen, on a background of colour `background`. */
export function screenItems(raster: Raster, background: Rgb): ScreenItem[] {
  const { width, height } = raster;
  const { labels, list } = components(raster, background);
  const box = (minX: number, minY: number, maxX: number, maxY: number): Box => ({ left: minX / width, top: minY / height, right: (maxX + 1) / width, bottom: (maxY + 1) / height });
  const core = (cs: Component[]): Rgb => {
    const n = cs.reduce((s, c) => s + c.coreCount, 0) || 1;
    return [cs.reduce((s, c) => s + c.coreR, 0) / n, cs.reduce((s, c) => s + c.coreG, 0) / n, cs.reduce((s, c) => s + c.coreB, 0) / n];
  };
  const labelOf = new Map(list.map((c, i) => [c, i + 1]));
  const items: ScreenItem[] = [];
  const item = (kind: ItemKind, cs: Component[], extra: Partial<ScreenItem> = {}): ScreenItem => {
    const minX = Math.min(...cs.map((c) => c.minX));
    const minY = Math.min(...cs.map((c) => c.minY));
    const maxX = Math.max(...cs.map((c) => c.maxX));
    const maxY = Math.max(...cs.map((c) => c.maxY));
    const colour = core(cs);
    const surround = kind === 'structure' ? background : surroundOf(raster, labels, minX, minY, maxX, maxY, background);
    return {
      kind,
      box: box(minX, minY, maxX, maxY),
      pixels: cs.reduce((s, c) => s + c.count, 0),
      colour,
      surround,
      contrast: contrastRatio(colour, surround),
      glyphs: 0,
      crossedBy: 0,
      stacked: false,
      ...extra,
    };
  };

  const glyphs: Component[] = [];
  const small: Component[] = [];
  for (const c of list) {
    if (c.count < MIN_COMPONENT_PIXELS) continue;
    const w = widthOf(c);
    const h = heightOf(c);
    if (h <= GLYPH_MAX_HEIGHT * height && w <= GLYPH_MAX_WIDTH * width) {
      // Letters and digits: not a flat bar or a thin line, and ink on a fair part of their box.
      if (w <= 3 * h && !isThinLine(w, h) && c.count >= GLYPH_MIN_DENSITY * w * h) glyphs.push(c);
      else small.push(c);
      continue;
    }
    const density = c.count / (w * h);
    const spans = w >= STRUCTURE_SPAN * width || h >= STRUCTURE_SPAN * height;
    const touchesEdge = c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1;
    // A grid (or the part of one between two axes), or an axis line across the frame.
    const grid = density < STRUCTURE_DENSITY && touchesEdge && (w >= GRID_PART * width || h >= GRID_PART * height);
    const line = isThinLine(w, h);
    items.push(item(grid || (spans && (density < STRUCTURE_DENSITY || line)) ? 'structure' : line ? 'line' : 'object', [c]));
  }
  for (const c of small) items.push(item(isThinLine(widthOf(c), heightOf(c)) ? 'line' : 'object', [c]));
  // Lines of glyphs; pieces embedded in something else (colour fringes of an outline) and lone glyphs are objects.
  const textual: Component[][] = [];
  for (const line of textLines(glyphs)) {
    const minX = Math.min(...line.map((c) => c.minX));
    const minY = Math.min(...line.map((c) => c.minY));
    const maxX = Math.max(...line.map((c) => c.maxX));
    const maxY = Math.max(...line.map((c) => c.maxY));
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    const members = new Set(line.map((c) => labelOf.get(c)!));
    const touching = line.reduce((s, c) => s + c.contact, 0) / line.reduce((s, c) => s + c.count, 0);
    const isText = line.length >= 2 && w >= 1.8 * h && touching <= MAX_CONTACT_SHARE && foreignPixels(labels, width, members, minX, minY, maxX, maxY) <= MAX_FOREIGN_SHARE * w * h;
    if (isText) textual.push(line);
    else items.push(item('object', line));
  }
  // Lines on one row with a small gap are one text, even when a curve drawn through it splits it in two.
  for (const row of textRows(textual)) {
    const cs = row.flat();
    const minX = Math.min(...cs.map((c) => c.minX));
    const minY = Math.min(...cs.map((c) => c.minY));
    const maxX = Math.max(...cs.map((c) => c.maxX));
    const maxY = Math.max(...cs.map((c) => c.maxY));
    const members = new Set(cs.map((c) => labelOf.get(c)!));
    items.push(item('text', cs, { glyphs: cs.length, crossedBy: crossingPixels(labels, list, width, members, minX, minY, maxX, maxY), stacked: stacked(cs, maxY - minY + 1) }));
  }
  return items;
}
