import type { Rgb } from '../../media/srgb';
import { contrastRatio } from '../colour';
import type { FrameBox, Side } from '../../domain/geometry';
import { type Component, components, heightOf, type Raster, widthOf } from './components';
import { edgeContacts } from './edge-contacts';
import {
  crossingAxes,
  fillsFrame,
  FILL_GRID,
  FIELD_PIECES,
  GRID_PART,
  GRID_SEGMENTS,
  isThinLine,
  STRAIGHT_RUN,
  STRAIGHT_SHARE,
  straightPixels,
  STRUCTURE_DENSITY,
  STRUCTURE_SPAN,
  THIN_LINE,
} from './structure';
import {
  alongShapes,
  crossingPixels,
  foreignPixels,
  letters,
  markShape,
  spanOf,
  stacked,
  surroundOfGlyphs,
  textLines,
  textRows,
} from './text-lines';

/**
 * The separate things on screen in one frame: connected regions of content
 * (pixels that differ from the background) with their boxes and colours, sorted
 * into text lines, objects (shapes, curves, arrows), thin straight lines, and
 * structure that spans the frame (a grid, axes, a background plane). Pure: it reads raw RGB pixels, so
 * it is tested without images and runs once per frame per worker.
 */

type ItemKind = 'text' | 'object' | 'line' | 'structure';

export interface ScreenItem {
  kind: ItemKind;
  box: FrameBox;
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

/** Components covering less than this share of the frame are noise (4 px at 768x432). */
const MIN_COMPONENT_AREA = 1.2e-5;
/** A glyph is at most this tall and wide (fractions of the frame); anything bigger is an object. */
const GLYPH_MAX_HEIGHT = 0.14;
const GLYPH_MAX_WIDTH = 0.2;
/** Glyphs put ink on at least this share of their box; sparser small things are pieces of lines. */
const GLYPH_MIN_DENSITY = 0.12;
/** A solid block (ink on this share of its box, thicker than a line) is a fill, such as a highlighted table cell, not a letter. */
const SOLID_DENSITY = 0.8;
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
/** Text is read against the pixels within this share of its typical glyph's height around its glyphs. */
const SURROUND_RADIUS = 0.25;
/** A piece covers at least this share of the frame (30 px at 768x432); less is a speck or an anti-aliased rim. */
const MIN_PIECE_AREA = 9e-5;

/** The things on screen, on a background of colour `background`, the ink of every glyph among them, and how content meets the edges. */
export function screenItems(
  raster: Raster,
  background: Rgb,
): { items: ScreenItem[]; glyphInk: Ink[]; touching: Record<Side, FrameBox[]>; across: FrameBox[]; axes: boolean } {
  const { width, height } = raster;
  const { labels, list } = components(raster, background);
  const box = (minX: number, minY: number, maxX: number, maxY: number): FrameBox => ({
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
