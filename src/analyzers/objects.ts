import type { Rgb } from '../media/colour';
import type { Side } from './frame-measures';
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

/** The area two boxes share (0 when apart). */
export function intersection(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}
export const area = (b: Box) => (b.right - b.left) * (b.bottom - b.top);

/** The smallest box holding both. */
export const union = (a: Box, b: Box): Box => ({
  left: Math.min(a.left, b.left),
  top: Math.min(a.top, b.top),
  right: Math.max(a.right, b.right),
  bottom: Math.max(a.bottom, b.bottom),
});

type ItemKind = 'text' | 'object' | 'line' | 'structure';

export interface ScreenItem {
  kind: ItemKind;
  box: Box;
  /** Content pixels of the item (analysis size). */
  pixels: number;
  /** What only a line of text has; null for other kinds. */
  text: TextMeasures | null;
}

export interface TextMeasures {
  /** The colour of the glyphs' strokes at their most distinct from the background: not the anti-aliased rim. */
  colour: Rgb;
  /** The most common colour of the pixels right around the glyphs (the background, or a fill the text sits on). */
  surround: Rgb;
  /** WCAG contrast ratio between colour and surround. */
  contrast: number;
  /** Glyphs found on the line. */
  glyphs: number;
  /** Height (share of the frame) spanned by the line's letters: its tall signs (brackets, integrals) and small ones (sub- and superscripts, limits) left out. */
  letterHeight: number;
  /** Pixels inside the line's box of other things that run through it, reaching well above and below it (a curve or an outline crossing the text). */
  crossedBy: number;
  /** Pixels inside the line's box of other things that reach well past it on one side only (a line or an arrow ending at the text). */
  touchedBy: number;
  /** The line is over twice as tall as its typical glyph: two texts printed over each other at different heights, or a formula's tall signs. */
  stacked: boolean;
  /** The line holds a fraction (a bar with glyphs above and below it), which also makes a line tall. */
  fraction: boolean;
}

/** One glyph's pixels: its box (analysis pixels) and a mask over it, 1 where it has ink. */
export interface Ink {
  x: number;
  y: number;
  w: number;
  h: number;
  mask: Uint8Array;
}

interface Raster {
  data: Uint8Array | Buffer;
  width: number;
  height: number;
}

/** A pixel this far (max channel difference) from the background is content; JPEG noise stays below it. */
const CONTENT_DELTA = 24;
/** Components covering less than this share of the frame are noise (4 px at 768x432). */
const MIN_COMPONENT_AREA = 1.2e-5;
/** A glyph is at most this tall and wide (fractions of the frame); anything bigger is an object. */
const GLYPH_MAX_HEIGHT = 0.14;
const GLYPH_MAX_WIDTH = 0.2;
/** Glyphs put ink on at least this share of their box; sparser small things are pieces of lines. */
const GLYPH_MIN_DENSITY = 0.12;
/**
 * Marks less than this share of the frame height tall (4 px at 432) are too small to carry a letter's
 * shape: a row of them is the dots or dashes of a dashed line, a point cloud or a field's arrow heads, not text.
 */
export const MIN_GLYPH_HEIGHT = 0.01;
/**
 * A streak's ink, about its main direction, is at most this share as wide as it is long (the ratio of
 * its spreads across and along it): a stroke, a dash, an arrow with its head, a piece of a stream line.
 * A letter's bowls, arms and crossbars spread its ink wider; l, 1, I and brackets are upright streaks.
 */
const STREAK_SPREAD = 0.3;
/** A streak within this many degrees of vertical is an upright stroke (l, 1, I, a bracket; math italics lean about 14 degrees): a letter. */
const UPRIGHT_DEGREES = 15;
/** A solid block (ink on this share of its box, thicker than a line) is a fill, such as a highlighted table cell, not a letter. */
const SOLID_DENSITY = 0.8;
/** Text lines this close on one row (in line heights) are one text. */
const ROW_GAP = 1.5;
/** A line of text this many times taller than its typical glyph holds two texts printed over each other. */
const STACKED_HEIGHT = 2.0;
const MIN_STACKED_GLYPHS = 6;
/** Glyphs stand apart from other things: a "line" whose pixels mostly touch another region is a fringe of it (a curve's rim). */
const MAX_CONTACT_SHARE = 0.2;
/**
 * A text's letters stand apart from lines and shapes: a piece with more than this share of its pixels next
 * to one is its rim, or a blend where two strokes meet (pieces along letters stay: two texts printed over
 * each other cut each other's letters into such pieces).
 */
const FRINGE_SHARE = 0.5;
/** A text line's box may hold this much of other things (a curve crossing it); more, and its "glyphs" are pieces of those things. */
const MAX_FOREIGN_SHARE = 0.25;
/** Content spanning this much of the frame at a low density is structure (grid, axes, plane), not an object. */
const STRUCTURE_SPAN = 0.9;
const STRUCTURE_DENSITY = 0.2;
/**
 * Sparse linework reaching an edge, at least this long (fraction of the frame)
 * and mostly straight (horizontal and vertical runs of STRAIGHT_RUN of the frame
 * height) is part of a grid or an axis; a curve or an outline running out of
 * view is a shape cut by the edge.
 */
const GRID_PART = 0.25;
/** This many thin straight segments on screen make a grid (one drawn in pieces, or cut up by what crosses it). */
export const GRID_SEGMENTS = 8;
const STRAIGHT_RUN = 0.05;
const STRAIGHT_SHARE = 0.6;
/** Points along a long straight run at which it is checked to be stroke-thin (a tick or a bar on an axis is thicker). */
const AXIS_PROBES = 8;
/** Pieces reaching past a text line on each side, each with this share of the pixels inside it, cross it. */
const CROSSING_SIDE_SHARE = 0.25;
/** Text is read against the pixels within this share of its typical glyph's height around its glyphs. */
const SURROUND_RADIUS = 0.25;

/** A line is at most this thick (share of the frame height: 6 px at 432) and 8 times as long. */
const THIN_LINE = 0.014;
/**
 * Linework that fills the frame (a field of arrows, stream lines, a grid drawn in
 * pieces) reaches every edge and shows in this share of the cells of an 8x6 grid
 * over the frame, or (while it is drawn) comes in this many pieces besides text:
 * four times the things that make a frame cluttered, too many to be things one
 * looks at one by one.
 */
const FILL_SHARE = 0.75;
const FILL_GRID = { columns: 8, rows: 6 };
const FIELD_PIECES = 100;
/** A piece covers at least this share of the frame (30 px at 768x432); less is a speck or an anti-aliased rim. */
const MIN_PIECE_AREA = 9e-5;
/** Within this share of the frame height of an edge (4 px at 432), content reaches it: scaling and JPEG soften the last columns of what an edge cuts. */
export const EDGE_REACH = 0.0093;

/**
 * A shape flush with an edge meets it along at most this share of its own extent along that edge (a
 * circle against it: a point, drawn as the chord of its stroke, a third of its width at 480p and less for
 * larger ones); an edge cutting a shape meets it along most of its cross-section (a circle cut by a tenth
 * of its width, along 60% of it).
 */
const TOUCH_SHARE = 0.5;

/** Long and at most a few pixels thick: an axis, a grid line, a piece of one. */
function isThinLine(widthPx: number, heightPx: number, frameHeight: number): boolean {
  const thin = Math.min(widthPx, heightPx);
  return thin <= THIN_LINE * frameHeight && Math.max(widthPx, heightPx) >= 8 * thin;
}

interface Component {
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

const heightOf = (c: Component) => c.maxY - c.minY + 1;
const widthOf = (c: Component) => c.maxX - c.minX + 1;

/** The pixels of a region on a horizontal or vertical run of it at least `run` long. */
function straightPixels(labels: Int32Array, width: number, c: Component, label: number, run: number): number {
  const [w, h] = [widthOf(c), heightOf(c)];
  const straight = new Uint8Array(w * h);
  const at = (x: number, y: number) => labels[(c.minY + y) * width + c.minX + x] === label;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; ) {
      let end = x;
      while (end < w && at(end, y)) end++;
      if (end - x >= run) straight.fill(1, y * w + x, y * w + end);
      x = end + 1;
    }
  }
  for (let x = 0; x < w; x++) {
    for (let y = 0; y < h; ) {
      let end = y;
      while (end < h && at(x, end)) end++;
      if (end - y >= run) for (let k = y; k < end; k++) straight[k * w + x] = 1;
      y = end + 1;
    }
  }
  return straight.reduce((n, v) => n + v, 0);
}

/**
 * What a glyph-sized mark's shape says: too small to carry a letter's shape (a
 * speck); its ink spread across its main direction (a letter's bowls, arms,
 * crossbars); or along it, a streak: upright (l, 1, I, a bracket) or slanted
 * (a field's arrow, a piece of a stream line, a dash). The spread is the square
 * root of the ratio of the eigenvalues of its pixels' covariance: near 0 for a
 * straight stroke, near 1 for a round or square mark.
 */
function markShape(
  labels: Int32Array,
  width: number,
  height: number,
  c: Component,
  label: number,
): 'speck' | 'letter' | 'upright' | 'streak' {
  if (heightOf(c) < MIN_GLYPH_HEIGHT * height) return 'speck';
  let [n, sx, sy, sxx, syy, sxy] = [0, 0, 0, 0, 0, 0];
  for (let y = c.minY; y <= c.maxY; y++) {
    for (let x = c.minX; x <= c.maxX; x++) {
      if (labels[y * width + x] !== label) continue;
      const [u, v] = [x - c.minX, y - c.minY];
      n++;
      sx += u;
      sy += v;
      sxx += u * u;
      syy += v * v;
      sxy += u * v;
    }
  }
  const [mx, my] = [sx / n, sy / n];
  const [vx, vy, cxy] = [sxx / n - mx * mx, syy / n - my * my, sxy / n - mx * my];
  const mean = (vx + vy) / 2;
  const half = Math.hypot((vx - vy) / 2, cxy);
  if (Math.sqrt(Math.max(0, mean - half) / (mean + half)) > STREAK_SPREAD) return 'letter';
  // The main direction's angle from the horizontal.
  const angle = Math.abs(0.5 * Math.atan2(2 * cxy, vx - vy)) * (180 / Math.PI);
  return angle >= 90 - UPRIGHT_DEGREES ? 'upright' : 'streak';
}

/**
 * Glyphs that belong to one line of text: side by side with overlapping rows
 * (superscripts included), a dot or accent of its colour right above or below a glyph, or
 * either side of an operator (a minus or an equals sign's bars: short flat
 * lines, not glyphs), so a formula is one line. A small glyph on a row beside a
 * letter (a comma, a period) is that line's punctuation, not an accent of a
 * glyph of the line above or below: tightly set lines stay apart.
 */
function textLines(glyphs: Component[], operators: readonly Component[]): Component[][] {
  const order = [...glyphs.keys()].sort((a, b) => glyphs[a].minX - glyphs[b].minX);
  const parent = glyphs.map((_, i) => i);
  const find = (x: number): number => {
    while (parent[x] !== x) x = parent[x] = parent[parent[x]];
    return x;
  };
  const marks: [number, number][] = [];
  const onRow = new Set<number>();
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
      // A dot or accent: small, over the glyph's columns, just above or below it, in its colour.
      const columns = Math.min(a.maxX, b.maxX) - Math.max(a.minX, b.minX) + 1;
      const vertical = Math.max(a.minY - b.maxY, b.minY - a.maxY);
      const small = short <= 0.45 * tall;
      const [smaller, larger] = ha <= hb ? [order[oi], order[oj]] : [order[oj], order[oi]];
      if (sideBySide) {
        parent[find(order[oj])] = find(order[oi]);
        if (small) onRow.add(smaller);
      } else if (columns > 0 && vertical <= 0.35 * tall && small && a.palette === b.palette) marks.push([smaller, larger]);
    }
  }
  for (const [smaller, larger] of marks) if (!onRow.has(smaller)) parent[find(smaller)] = find(larger);
  for (const o of operators) {
    const middle = (o.minY + o.maxY) / 2;
    const beside = (g: Component, gap: number) => middle >= g.minY && middle <= g.maxY && gap >= 0 && gap <= 0.75 * heightOf(g);
    const left = glyphs.findIndex((g) => beside(g, o.minX - g.maxX - 1));
    const right = glyphs.findIndex((g) => beside(g, g.minX - o.maxX - 1));
    if (left >= 0 && right >= 0) parent[find(right)] = find(left);
  }
  const lines = new Map<number, Component[]>();
  glyphs.forEach((g, i) => {
    const root = find(i);
    lines.set(root, [...(lines.get(root) ?? []), g]);
  });
  return [...lines.values()];
}

/**
 * The most common colour (16 levels per channel) of the pixels within `radius`
 * of the glyphs of a line, the glyphs themselves excluded: what the text is read
 * against, the background or a fill behind it.
 */
function surroundOfGlyphs(
  raster: Raster,
  labels: Int32Array,
  members: ReadonlySet<number>,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
  radius: number,
  fallback: Rgb,
): Rgb {
  const { data, width, height } = raster;
  const x0 = Math.max(0, minX - radius);
  const x1 = Math.min(width - 1, maxX + radius);
  const y0 = Math.max(0, minY - radius);
  const y1 = Math.min(height - 1, maxY + radius);
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  // The glyphs' mask over the region, dilated by `radius` (rows, then columns).
  const ink = new Uint8Array(w * h);
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) if (members.has(labels[y * width + x])) ink[(y - y0) * w + (x - x0)] = 1;
  const across = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      if (ink[y * w + x]) for (let d = Math.max(0, x - radius); d <= Math.min(w - 1, x + radius); d++) across[y * w + d] = 1;
  const near = new Uint8Array(w * h);
  for (let x = 0; x < w; x++)
    for (let y = 0; y < h; y++)
      if (across[y * w + x]) for (let d = Math.max(0, y - radius); d <= Math.min(h - 1, y + radius); d++) near[d * w + x] = 1;
  const tally = new ColourTally();
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const r = (y - y0) * w + (x - x0);
      if (!near[r] || ink[r]) continue;
      const o = (y * width + x) * 3;
      tally.add(rgbBucket(data[o], data[o + 1], data[o + 2]), data[o], data[o + 1], data[o + 2]);
    }
  }
  return tally.ranked()[0]?.colour ?? fallback;
}

/** Text lines on one row (most of their heights shared) with at most ROW_GAP line heights between them. */
function textRows(lines: Component[][]): Component[][][] {
  const boxes = lines.map((cs) => ({
    minX: Math.min(...cs.map((c) => c.minX)),
    maxX: Math.max(...cs.map((c) => c.maxX)),
    minY: Math.min(...cs.map((c) => c.minY)),
    maxY: Math.max(...cs.map((c) => c.maxY)),
  }));
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

/** Pixels of component `c` (region `label`) next to a line or a shape (a region of `shapes`): what it lies along. */
function alongShapes(labels: Int32Array, width: number, height: number, c: Component, label: number, shapes: ReadonlySet<number>): number {
  let n = 0;
  for (let y = c.minY; y <= c.maxY; y++) {
    for (let x = c.minX; x <= c.maxX; x++) {
      const p = y * width + x;
      if (labels[p] !== label) continue;
      if (
        (x > 0 && shapes.has(labels[p - 1])) ||
        (x + 1 < width && shapes.has(labels[p + 1])) ||
        (y > 0 && shapes.has(labels[p - width])) ||
        (y + 1 < height && shapes.has(labels[p + width]))
      )
        n++;
    }
  }
  return n;
}

/** Pixels of other components inside a box: something drawn across it. */
function foreignPixels(
  labels: Int32Array,
  width: number,
  members: ReadonlySet<number>,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): number {
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
 * The glyphs of a line that are letters at its typical size: not tall signs (brackets, integrals, sums,
 * glyphs two texts merged into) or small ones (limits, sub- and superscripts, dots). The typical glyph is
 * the one at the middle of the line's ink, not of its pieces: the specks a gradient's or a glow's colour
 * seams cut from the letters are many but hold little ink, and are not what a reader reads.
 */
function letters(line: Component[]): { body: Component[]; typical: number } {
  const bySize = [...line].sort((a, b) => heightOf(a) - heightOf(b));
  const half = line.reduce((n, g) => n + g.count, 0) / 2;
  let ink = 0;
  const typical = heightOf(bySize.find((g) => (ink += g.count) >= half)!);
  return { body: line.filter((g) => heightOf(g) >= 0.75 * typical && heightOf(g) <= 1.5 * typical), typical };
}

const spanOf = (cs: Component[]) => Math.max(...cs.map((g) => g.maxY)) - Math.min(...cs.map((g) => g.minY)) + 1;

/**
 * Two texts printed over each other at different heights: the letters of the
 * line span much more than twice its typical glyph's height (a line of text,
 * descenders and capitals included, stays under it).
 */
function stacked(line: Component[]): boolean {
  const { body, typical } = letters(line);
  return body.length >= MIN_STACKED_GLYPHS && spanOf(body) > STACKED_HEIGHT * typical;
}

/**
 * Pixels inside a box of components that reach well past it (a quarter of its
 * height), above or below. When both sides are reached (one component running
 * through, or the pieces of a curve that JPEG and colour split on either side)
 * something crosses the box, as a curve or an outline through a label does;
 * one side only is a line or arrow ending at it. A grid's lines (`grid`: a
 * plane's, its axes) are not counted: they run behind its labels by design.
 */
function crossingPixels(
  labels: Int32Array,
  list: Component[],
  width: number,
  members: ReadonlySet<number>,
  grid: ReadonlySet<number>,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): { through: number; oneSided: number } {
  const reach = 0.25 * (maxY - minY + 1);
  let [both, above, below] = [0, 0, 0];
  for (let y = minY; y <= maxY; y++) {
    for (let x = minX; x <= maxX; x++) {
      const l = labels[y * width + x];
      if (l === 0 || members.has(l) || grid.has(l)) continue;
      const c = list[l - 1];
      const up = c.minY < minY - reach;
      const down = c.maxY > maxY + reach;
      if (up && down) both++;
      else if (up) above++;
      else if (down) below++;
    }
  }
  const total = both + above + below;
  const through = both > 0 || Math.min(above, below) >= CROSSING_SIDE_SHARE * total;
  return through ? { through: total, oneSided: 0 } : { through: 0, oneSided: total };
}

/**
 * Linework filling the frame edge to edge (a NumberPlane, a field of arrows,
 * stream lines): the content outside text reaches every edge and shows in most
 * cells of a coarse grid over the frame.
 */
function fillsFrame(labels: Int32Array, width: number, height: number, textMembers: ReadonlySet<number>): boolean {
  const { columns, rows } = FILL_GRID;
  const cells = new Uint8Array(columns * rows);
  const edge = EDGE_REACH * height;
  let [minX, minY, maxX, maxY] = [width, height, -1, -1];
  for (let y = 0, p = 0; y < height; y++) {
    for (let x = 0; x < width; x++, p++) {
      const l = labels[p];
      if (l === 0 || textMembers.has(l)) continue;
      cells[Math.floor((y * rows) / height) * columns + Math.floor((x * columns) / width)] = 1;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  const reachesEdges = minX <= edge && minY <= edge && maxX >= width - 1 - edge && maxY >= height - 1 - edge;
  return reachesEdges && cells.reduce((n, c) => n + c, 0) >= FILL_SHARE * cells.length;
}

/**
 * A plot's axes: a horizontal and a vertical straight line, each at least
 * GRID_PART of the frame long and stroke-thin along most of it, crossing inside
 * both (not at their ends, as a rectangle's sides meet). Runs are of content of
 * any colour but text's: a curve or a bar drawn across an axis does not break it.
 */
function crossingAxes(labels: Int32Array, width: number, height: number, textMembers: ReadonlySet<number>): boolean {
  // Content that is not text, decided once per pixel: rows and columns both scan it.
  const content = new Uint8Array(width * height);
  for (let p = 0; p < content.length; p++) content[p] = labels[p] !== 0 && !textMembers.has(labels[p]) ? 1 : 0;
  const thin = THIN_LINE * height;
  /** The longest run along each row (horizontal) or column, when long and thin at most of AXIS_PROBES points along it. */
  const lines = (horizontal: boolean) => {
    const [length, lanes] = horizontal ? [width, height] : [height, width];
    // A pixel's index is along * step + lane * laneStep.
    const [step, laneStep] = horizontal ? [1, width] : [width, 1];
    const at = (along: number, lane: number) => content[along * step + lane * laneStep] === 1;
    const found: { lane: number; from: number; to: number }[] = [];
    for (let lane = 0; lane < lanes; lane++) {
      let best = 0;
      let bestFrom = 0;
      let run = 0;
      for (let k = 0, p = lane * laneStep; k < length; k++, p += step) {
        run = content[p] === 1 ? run + 1 : 0;
        if (run > best) {
          best = run;
          bestFrom = k - run + 1;
        }
      }
      if (best < GRID_PART * length) continue;
      let thinPoints = 0;
      for (let p = 1; p <= AXIS_PROBES; p++) {
        const k = bestFrom + Math.floor((p * best) / (AXIS_PROBES + 1));
        let across = 1;
        for (let d = lane - 1; d >= 0 && at(k, d); d--) across++;
        for (let d = lane + 1; d < lanes && at(k, d); d++) across++;
        if (across <= thin) thinPoints++;
      }
      if (thinPoints * 2 >= AXIS_PROBES) found.push({ lane, from: bestFrom, to: bestFrom + best - 1 });
    }
    return found;
  };
  const rows = lines(true);
  if (rows.length === 0) return false;
  const columns = lines(false);
  const inside = (k: number, run: { from: number; to: number }) => k > run.from + thin && k < run.to - thin;
  return rows.some((r) => columns.some((c) => inside(c.lane, r) && inside(r.lane, c)));
}

/**
 * The boxes of the shapes that touch an edge without being cut by it: connected
 * content (whatever its colours) meeting one edge only, the frame's outermost
 * row or column there in one short contact, at most TOUCH_SHARE of the shape's extent along that
 * edge, with the shape reaching past it on both sides (its outline curves away
 * from the edge, as a circle's does where it is flush with it). A line running
 * into the edge meets it at its end, with the rest on one side; a shape the
 * edge cuts meets it along most of its cross-section, or in two places (a ring).
 * Also the boxes of connected content meeting two opposite edges: drawn across
 * the frame, edge to edge (curves crossing each other, whatever their colours).
 */
function edgeContacts(labels: Int32Array, width: number, height: number): { touching: Record<Side, Box[]>; across: Box[] } {
  const touches: Record<Side, Box[]> = { top: [], right: [], bottom: [], left: [] };
  const across: Box[] = [];
  const blobOf = new Int32Array(width * height);
  const edges: { side: Side; at: (k: number) => number; length: number }[] = [
    { side: 'top', at: (k) => k, length: width },
    { side: 'bottom', at: (k) => (height - 1) * width + k, length: width },
    { side: 'left', at: (k) => k * width, length: height },
    { side: 'right', at: (k) => k * width + width - 1, length: height },
  ];
  // One queue for every flood (each pixel enters it once): this runs on every measured frame.
  const queue = new Int32Array(width * height);
  let id = 0;
  for (const start of edges.flatMap(({ at, length }) => Array.from({ length }, (_, k) => at(k)))) {
    if (labels[start] === 0 || blobOf[start] !== 0) continue;
    // The connected content through this edge pixel, 8-connected across colours: one shape, however JPEG split its rim.
    id++;
    let tail = 0;
    queue[tail++] = start;
    blobOf[start] = id;
    let minX = width;
    let minY = height;
    let maxX = -1;
    let maxY = -1;
    for (let n = 0; n < tail; n++) {
      const p = queue[n];
      const x = p % width;
      const y = (p - x) / width;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++)
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const q = ny * width + nx;
          if (labels[q] !== 0 && blobOf[q] === 0) {
            blobOf[q] = id;
            queue[tail++] = q;
          }
        }
    }
    const box = { left: minX / width, top: minY / height, right: (maxX + 1) / width, bottom: (maxY + 1) / height };
    if ((minX === 0 && maxX === width - 1) || (minY === 0 && maxY === height - 1)) across.push(box);
    // Flush with one edge only: a shape meeting two (a surface spilling out at a corner) is cut.
    if ([minX === 0, minY === 0, maxX === width - 1, maxY === height - 1].filter(Boolean).length !== 1) continue;
    for (const { side, at } of edges) {
      const [from, to] = side === 'top' || side === 'bottom' ? [minX, maxX] : [minY, maxY];
      // Runs of this shape's pixels on the edge's outermost line.
      const runs: [number, number][] = [];
      for (let k = from; k <= to; k++) {
        if (blobOf[at(k)] !== id) continue;
        if (runs.length > 0 && runs.at(-1)![1] === k - 1) runs.at(-1)![1] = k;
        else runs.push([k, k]);
      }
      if (runs.length !== 1) continue;
      const [a, b] = runs[0];
      const contact = b - a + 1;
      if (contact <= TOUCH_SHARE * (to - from + 1) && from < a && to > b) touches[side].push(box);
    }
  }
  return { touching: touches, across };
}

/** The things on screen, on a background of colour `background`, the ink of every glyph among them, and how content meets the edges. */
export function screenItems(
  raster: Raster,
  background: Rgb,
): { items: ScreenItem[]; glyphInk: Ink[]; touching: Record<Side, Box[]>; across: Box[]; axes: boolean } {
  const { width, height } = raster;
  const { labels, list } = components(raster, background);
  const box = (minX: number, minY: number, maxX: number, maxY: number): Box => ({
    left: minX / width,
    top: minY / height,
    right: (maxX + 1) / width,
    bottom: (maxY + 1) / height,
  });
  const core = (cs: Component[]): Rgb => {
    const n = cs.reduce((s, c) => s + c.coreCount, 0) || 1;
    return [cs.reduce((s, c) => s + c.coreR, 0) / n, cs.reduce((s, c) => s + c.coreG, 0) / n, cs.reduce((s, c) => s + c.coreB, 0) / n];
  };
  const bounds = (cs: Component[]) => ({
    minX: Math.min(...cs.map((c) => c.minX)),
    minY: Math.min(...cs.map((c) => c.minY)),
    maxX: Math.max(...cs.map((c) => c.maxX)),
    maxY: Math.max(...cs.map((c) => c.maxY)),
  });
  const labelOf = new Map(list.map((c, i) => [c, i + 1]));
  const item = (kind: ItemKind, cs: Component[], text: TextMeasures | null = null): ScreenItem => {
    const b = bounds(cs);
    return { kind, box: box(b.minX, b.minY, b.maxX, b.maxY), pixels: cs.reduce((s, c) => s + c.count, 0), text };
  };

  const glyphs: Component[] = [];
  const small: Component[] = [];
  const shapes: { kind: ItemKind; cs: Component[] }[] = [];
  /** A grid's linework (its parts reaching the edges, and its thin straight segments): a plane's lines and axes run behind its labels by design. */
  const gridLabels = new Set<number>();
  const segments = new Set<number>();
  // Letters and digits: glyph-sized, not a flat bar, a thin line or a solid block, and ink on a fair part of their box.
  const glyphShaped = (c: Component) => {
    const [w, h] = [widthOf(c), heightOf(c)];
    const solid = c.count >= SOLID_DENSITY * w * h && Math.min(w, h) > THIN_LINE * height;
    return (
      h <= GLYPH_MAX_HEIGHT * height &&
      w <= GLYPH_MAX_WIDTH * width &&
      w <= 3 * h &&
      !isThinLine(w, h, height) &&
      c.count >= GLYPH_MIN_DENSITY * w * h &&
      !solid
    );
  };
  const counted = list.filter((c) => c.count >= MIN_COMPONENT_AREA * width * height);
  const glyphLike = new Set(counted.filter(glyphShaped));
  const shapeLabels = new Set(counted.filter((c) => !glyphLike.has(c)).map((c) => labelOf.get(c)!));
  for (const c of counted) {
    const w = widthOf(c);
    const h = heightOf(c);
    if (h <= GLYPH_MAX_HEIGHT * height && w <= GLYPH_MAX_WIDTH * width) {
      if (glyphLike.has(c)) glyphs.push(c);
      else small.push(c);
      continue;
    }
    const density = c.count / (w * h);
    const spans = w >= STRUCTURE_SPAN * width || h >= STRUCTURE_SPAN * height;
    const touchesEdge = c.minX === 0 || c.minY === 0 || c.maxX === width - 1 || c.maxY === height - 1;
    // A grid (or the part of one between two axes), or an axis line across the frame.
    const grid =
      density < STRUCTURE_DENSITY &&
      touchesEdge &&
      (w >= GRID_PART * width || h >= GRID_PART * height) &&
      straightPixels(labels, width, c, labelOf.get(c)!, Math.round(STRAIGHT_RUN * height)) >= STRAIGHT_SHARE * c.count;
    const line = isThinLine(w, h, height);
    if (grid) gridLabels.add(labelOf.get(c)!);
    if (line) segments.add(labelOf.get(c)!);
    shapes.push({ kind: grid || (spans && (density < STRUCTURE_DENSITY || line)) ? 'structure' : line ? 'line' : 'object', cs: [c] });
  }
  for (const c of small) {
    const line = isThinLine(widthOf(c), heightOf(c), height);
    if (line) segments.add(labelOf.get(c)!);
    shapes.push({ kind: line ? 'line' : 'object', cs: [c] });
  }
  if (gridLabels.size > 0 || segments.size >= GRID_SEGMENTS) for (const l of segments) gridLabels.add(l);
  // Lines of glyphs; pieces embedded in something else (colour fringes of an outline) and lone glyphs are objects.
  const textual: { line: Component[]; letters: number }[] = [];
  // Short flat lines between glyphs: operators, whose bars are too thin to be glyphs.
  const operators = small.filter((c) => isThinLine(widthOf(c), heightOf(c), height) && widthOf(c) > heightOf(c));
  const fringe = (c: Component) => alongShapes(labels, width, height, c, labelOf.get(c)!, shapeLabels) > FRINGE_SHARE * c.count;
  /** How many of a line's glyphs have a letter's shape when the line is text; null when it is not (see markShape). */
  const textLetters = (line: Component[]): number | null => {
    const { minX, minY, maxX, maxY } = bounds(line);
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    const members = new Set(line.map((c) => labelOf.get(c)!));
    const touching = line.reduce((s, c) => s + c.contact, 0) / line.reduce((s, c) => s + c.count, 0);
    const marks = line.map((c) => markShape(labels, width, height, c, labelOf.get(c)!));
    // A row of slanted streaks and specks holds no letter: a dashed line, a field's arrows or stream pieces.
    const text =
      line.length >= 2 &&
      marks.some((m) => m === 'letter' || m === 'upright') &&
      w >= 1.8 * h &&
      touching <= MAX_CONTACT_SHARE &&
      foreignPixels(labels, width, members, minX, minY, maxX, maxY) <= MAX_FOREIGN_SHARE * w * h;
    return text ? marks.filter((m) => m === 'letter').length : null;
  };
  for (const pieces of textLines(glyphs, operators)) {
    // A text's letters: not the pieces lying along a line or shape next to it (its rim, or a blend where two
    // strokes meet), which may also have joined it to another text across that line.
    const kept = pieces.filter((c) => !fringe(c));
    const lines = kept.length === pieces.length ? [pieces] : textLines(kept, operators);
    const texts = lines.flatMap((line) => {
      const letters = textLetters(line);
      return letters === null ? [] : [{ line, letters }];
    });
    if (texts.length === 0) {
      shapes.push({ kind: 'object', cs: pieces });
      continue;
    }
    textual.push(...texts);
    for (const line of lines) if (!texts.some((t) => t.line === line)) shapes.push({ kind: 'object', cs: line });
    for (const c of pieces) if (!kept.includes(c)) shapes.push({ kind: 'object', cs: [c] });
  }
  // In a frame that linework fills, its pieces (sparse, stroke-thin or cell-sized) are that structure, not shapes.
  const cell = { w: width / FILL_GRID.columns, h: height / FILL_GRID.rows };
  const linework = (cs: Component[]) => {
    const { minX, minY, maxX, maxY } = bounds(cs);
    const [w, h, ink] = [maxX - minX + 1, maxY - minY + 1, cs.reduce((n, c) => n + c.count, 0)];
    return ink / (w * h) < STRUCTURE_DENSITY || ink / Math.max(w, h) <= THIN_LINE * height;
  };
  const partOfFill = (cs: Component[]) => {
    const { minX, minY, maxX, maxY } = bounds(cs);
    return linework(cs) || (maxX - minX + 1 <= cell.w && maxY - minY + 1 <= cell.h);
  };
  const pieces = shapes.filter(
    ({ kind, cs }) => kind !== 'structure' && cs.reduce((n, c) => n + c.count, 0) >= MIN_PIECE_AREA * width * height,
  );
  const textMembers = new Set(textual.flatMap(({ line }) => line.map((c) => labelOf.get(c)!)));
  const filled = pieces.length >= FIELD_PIECES || fillsFrame(labels, width, height, textMembers);
  // Among a field's streaks (at every slant, upright too) a chance row of them holds a tangle or two: there a word's letters outnumber its other marks.
  const words: Component[][] = [];
  for (const { line, letters } of textual) {
    if (!filled || (letters >= 2 && letters > line.length / 2)) words.push(line);
    else shapes.push({ kind: 'object', cs: line });
  }
  // Lines on one row with a small gap are one text, even when a curve drawn through it splits it in two.
  const rows = textRows(words);
  const items: ScreenItem[] = shapes.map(({ kind, cs }) => item(filled && kind !== 'structure' && partOfFill(cs) ? 'structure' : kind, cs));
  for (const row of rows) {
    const cs = row.flat();
    const { minX, minY, maxX, maxY } = bounds(cs);
    const members = new Set(cs.map((c) => labelOf.get(c)!));
    const colour = core(cs);
    const glyphHeight = [...cs.map(heightOf)].sort((a, b) => a - b)[Math.floor(cs.length / 2)];
    const surround = surroundOfGlyphs(
      raster,
      labels,
      members,
      minX,
      minY,
      maxX,
      maxY,
      Math.max(1, Math.round(SURROUND_RADIUS * glyphHeight)),
      background,
    );
    const crossing = crossingPixels(labels, list, width, members, gridLabels, minX, minY, maxX, maxY);
    items.push(
      item('text', cs, {
        colour,
        surround,
        contrast: contrastRatio(colour, surround),
        glyphs: cs.length,
        letterHeight: spanOf(letters(cs).body) / height,
        crossedBy: crossing.through,
        touchedBy: crossing.oneSided,
        stacked: stacked(cs),
        fraction: operators.some(
          (o) =>
            o.minX >= minX &&
            o.maxX <= maxX &&
            o.minY >= minY &&
            o.maxY <= maxY &&
            ['above', 'below'].every((side) =>
              cs.some(
                (g) => Math.min(g.maxX, o.maxX) >= Math.max(g.minX, o.minX) && (side === 'above' ? g.maxY < o.minY : g.minY > o.maxY),
              ),
            ),
        ),
      }),
    );
  }
  return {
    items,
    glyphInk: glyphs.map((c) => inkOf(c, labels, labelOf.get(c)!, width)),
    ...edgeContacts(labels, width, height),
    axes: crossingAxes(labels, width, height, textMembers),
  };
}

/** A component's pixels as a mask over its box. */
function inkOf(c: Component, labels: Int32Array, label: number, width: number): Ink {
  const w = widthOf(c);
  const h = heightOf(c);
  const mask = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (labels[(c.minY + y) * width + c.minX + x] === label) mask[y * w + x] = 1;
  return { x: c.minX, y: c.minY, w, h, mask };
}
