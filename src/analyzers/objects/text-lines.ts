import type { Rgb } from '../../media/srgb';
import { ColourTally, rgbBucket } from '../colour';
import { type Component, heightOf, type Raster } from './components';

/** Glyphs grouped into lines and rows of text, and what a line's pixels say about it (its letters, its surround, what crosses it). */

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
/** Text lines this close on one row (in line heights) are one text. */
const ROW_GAP = 1.5;
/** A line of text this many times taller than its typical glyph holds two texts printed over each other. */
const STACKED_HEIGHT = 2.0;
const MIN_STACKED_GLYPHS = 6;
/** Pieces reaching past a text line on each side, each with this share of the pixels inside it, cross it. */
const CROSSING_SIDE_SHARE = 0.25;

/**
 * What a glyph-sized mark's shape says: too small to carry a letter's shape (a
 * speck); its ink spread across its main direction (a letter's bowls, arms,
 * crossbars); or along it, a streak: upright (l, 1, I, a bracket) or slanted
 * (a field's arrow, a piece of a stream line, a dash). The spread is the square
 * root of the ratio of the eigenvalues of its pixels' covariance: near 0 for a
 * straight stroke, near 1 for a round or square mark.
 */
export function markShape(
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
export function textLines(glyphs: Component[], operators: readonly Component[]): Component[][] {
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
export function surroundOfGlyphs(
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
export function textRows(lines: Component[][]): Component[][][] {
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
export function alongShapes(
  labels: Int32Array,
  width: number,
  height: number,
  c: Component,
  label: number,
  shapes: ReadonlySet<number>,
): number {
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
export function foreignPixels(
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
export function letters(line: Component[]): { body: Component[]; typical: number } {
  const bySize = [...line].sort((a, b) => heightOf(a) - heightOf(b));
  const half = line.reduce((n, g) => n + g.count, 0) / 2;
  let ink = 0;
  const typical = heightOf(bySize.find((g) => (ink += g.count) >= half)!);
  return { body: line.filter((g) => heightOf(g) >= 0.75 * typical && heightOf(g) <= 1.5 * typical), typical };
}

export const spanOf = (cs: Component[]) => Math.max(...cs.map((g) => g.maxY)) - Math.min(...cs.map((g) => g.minY)) + 1;

/**
 * Two texts printed over each other at different heights: the letters of the
 * line span much more than twice its typical glyph's height (a line of text,
 * descenders and capitals included, stays under it).
 */
export function stacked(line: Component[]): boolean {
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
export function crossingPixels(
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
