import type { IssueDraft } from '../domain/judgement';
import { formatTimestamp } from '../media/manifest';
import { hex } from './colour';
import { stretches, type AnalysisContext } from './context';
import { severityOf } from './evidence';
import { itemsCutBy, SIDES } from './edges';
import { union, type FrameBox, type Side } from '../domain/geometry';
import type { FrameMeasures } from './frame-measures';
import type { ScreenItem } from './objects/screen-items';
import { MIN_TEXT_HEIGHT } from './text';

/** WCAG 1.4.3: 4.5:1 for text. */
const TEXT_CONTRAST = 4.5;
/** Low contrast lasting less than this is a transition (a fade), not a design choice. */
const MIN_LOW_CONTRAST_MS = 2_000;
/** More separate things on screen than this at once (text lines and objects, a formula's pieces counted once) is clutter. */
const CLUTTER_THINGS = 24;
/** More of the frame covered than this reads as cluttered, however few the things. */
const CLUTTER_COVERAGE = 0.5;
/** Items covering less than this share of the frame are not counted as things (specks, dots of a dotted line; 30 px at 768x432). */
const MIN_THING_AREA = 9e-5;
/** Content closer to an edge than this share of the frame (but not touching it) is crammed. */
const MARGIN = 0.04;

function span(run: readonly FrameMeasures[]): string {
  return run.length === 1
    ? `at ${formatTimestamp(run[0].timestampMs)}`
    : `from ${formatTimestamp(run[0].timestampMs)} to ${formatTimestamp(run.at(-1)!.timestampMs)}`;
}

/**
 * The text line of a frame hardest to read against what is around its glyphs,
 * when it is below 4.5:1. Only text is measured: filled shapes, bars, table
 * highlights and tinted boxes are meant to be seen, not read, and text drawn on
 * them is measured against them. Text too small to read is left to the size rule
 * (its strokes are thinner than a pixel, so its colour is a blend).
 */
export function lowestContrast(f: FrameMeasures): ScreenItem | null {
  const text = f.items.filter((i) => i.text !== null && i.text.letterHeight >= MIN_TEXT_HEIGHT);
  if (text.length === 0) return null;
  const item = text.reduce((a, b) => (b.text!.contrast < a.text!.contrast ? b : a));
  return item.text!.contrast < TEXT_CONTRAST ? item : null;
}

/**
 * Text below 4.5:1 against the pixels around its glyphs for at least 2 s (a
 * fade passes through low contrast on its way); the severity follows the
 * evidence: how many sampled frames show it and how far below 4.5:1 it is.
 */
export function contrastIssues(ctx: AnalysisContext): IssueDraft[] {
  // A sampled frame stands for the time until the next one.
  const spacing = ctx.frames.length > 0 ? ctx.durationMs / ctx.frames.length : 0;
  return stretches(ctx.frames, (f) => (lowestContrast(f) ? true : null))
    .filter(
      ({ frames: run }) =>
        run.length === ctx.frames.length || run.at(-1)!.timestampMs - run[0].timestampMs + spacing >= MIN_LOW_CONTRAST_MS,
    )
    .map(({ frames: run }) => {
      // The stretch's typical frame: its first frames may still be fading in.
      const item = run.map((f) => lowestContrast(f)!).sort((a, b) => a.text!.contrast - b.text!.contrast)[Math.floor(run.length / 2)];
      const { colour, surround, contrast } = item.text!;
      const { severity, note } = severityOf({ frames: run.length, strength: TEXT_CONTRAST / contrast, lookalike: null }, 'HIGH');
      const dark = surround[0] + surround[1] + surround[2] < 384;
      return {
        severity,
        category: 'low_contrast',
        frameIndex: run[0].index,
        location: 'text',
        description:
          `Text in ${hex(colour)} on ${hex(surround)} has a contrast ratio of only ${contrast.toFixed(1)}:1 ${span(run)} ` +
          `(WCAG asks for ${TEXT_CONTRAST}:1 for text): it is hard to read.${note}`,
        suggestedFix: dark
          ? 'Use a light colour (white or a bright palette colour) for text on this dark background.'
          : 'Use a dark colour for text on this light background.',
        region: { ...item.box },
      };
    });
}

const gapBetween = (a: FrameBox, b: FrameBox) => ({
  x: Math.max(0, Math.max(a.left, b.left) - Math.min(a.right, b.right)),
  y: Math.max(0, Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom)),
});

/** A line at most this share of the frame wide is an operator, a minus or a fraction bar: it joins a formula's pieces on its row. */
const OPERATOR_WIDTH = 0.2;
/**
 * Like marks (shapes of the same size and ink, or texts of the same height)
 * this many or more, each as far from its nearest like neighbour as that one
 * is from its own, are one pattern: a row or lattice of dots, the dashes of a
 * dashed curve, the rays of a flash, an axis's numbers evenly spaced along it.
 */
const PATTERN_MARKS = 5;
/** Like marks' box diagonals (texts': heights) differ by at most this ratio... */
const LIKE_SIZE = 1.25;
/** ...and their ink by at most this one (small marks' anti-aliased rims vary). */
const LIKE_INK = 1.5;
/** Evenly spaced: neighbours' spacings differ by at most this ratio (a hand-placed scatter's jitter is larger). */
const EVEN_SPACING = 1.15;

interface Thing {
  box: FrameBox;
  ink: number;
  /** A shape with its own label is read on its own, not as one of a pattern's marks. */
  kind: 'text' | 'shape' | 'labelled';
}

const ratio = (a: number, b: number) => Math.max(a, b) / Math.max(Math.min(a, b), Number.EPSILON);

/**
 * Centres in a grid line up to within this many analysis pixels: Manim places a grid's cells exactly,
 * their ink's box centre a pixel from the cell's, JPEG and scaling another; a scatter jittered by hand
 * lines up only by chance.
 */
const LATTICE_ALIGNMENT = 1.5;
/** A grid holds at least this many marks. */
const LATTICE_MARKS = 6;
/** A grid's cells are marks of about one height: within this ratio of the median (a faded cell's strays, a ring, come later). */
const CELL_HEIGHT = 1.5;

interface GridMark {
  x: number;
  y: number;
  w: number;
  h: number;
  kind: Thing['kind'];
}

const medianOf = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Lines of centres along one axis: each mark's line (centres within
 * LATTICE_ALIGNMENT of the line's first), and each line's place. Two lines
 * closer than `apart` are one line jittered, not two lines of a grid: the one
 * with fewer marks is dropped, its marks on no line.
 */
function linesOf(at: (k: number) => number, members: readonly number[], apart: number): Map<number, number> {
  const order = [...members].sort((a, b) => at(a) - at(b));
  const lines: { place: number; marks: number[] }[] = [];
  for (const k of order) {
    const last = lines.at(-1);
    if (last && at(k) - last.place <= LATTICE_ALIGNMENT) last.marks.push(k);
    else lines.push({ place: at(k), marks: [k] });
  }
  const kept: typeof lines = [];
  for (const line of lines) {
    const last = kept.at(-1);
    if (!last || line.place - last.place >= apart) kept.push(line);
    else if (line.marks.length > last.marks.length) kept[kept.length - 1] = line;
  }
  return new Map(kept.flatMap((line, n) => line.marks.map((k) => [k, n] as const)));
}

/**
 * Which marks sit on one grid. Its cells: marks of about one size whose
 * centres share rows and columns to within LATTICE_ALIGNMENT, two or more in
 * every row and column, rows a cell's height apart and columns a cell's width.
 * Then whatever else sits in one of its cells, no larger than a cell: the
 * cell's text faded into pieces, grown, ringed or crossed out. A layout,
 * whatever the marks look like: a grid of numbers recoloured, faded, scaled
 * or ringed (a sieve, a table with a highlighted row) is still one grid. A
 * shape with its own label is read on its own, never as a cell.
 */
function onLattice(marks: readonly GridMark[]): boolean[] {
  const on = marks.map(() => false);
  const candidates = marks.flatMap((m, k) => (m.kind === 'labelled' ? [] : [k]));
  if (candidates.length < LATTICE_MARKS) return on;
  const h = medianOf(candidates.map((k) => marks[k].h));
  let cells = candidates.filter((k) => marks[k].h >= h / CELL_HEIGHT && marks[k].h <= h * CELL_HEIGHT);
  let rows = new Map<number, number>();
  let columns = new Map<number, number>();
  for (let changed = true; changed && cells.length >= LATTICE_MARKS; ) {
    rows = linesOf((k) => marks[k].y, cells, medianOf(cells.map((k) => marks[k].h)));
    columns = linesOf((k) => marks[k].x, cells, medianOf(cells.map((k) => marks[k].w)));
    const count = (by: Map<number, number>) => {
      const n = new Map<number, number>();
      for (const v of by.values()) n.set(v, (n.get(v) ?? 0) + 1);
      return n;
    };
    const [inRow, inColumn] = [count(rows), count(columns)];
    const kept = cells.filter((k) => (inRow.get(rows.get(k) ?? -1) ?? 0) >= 2 && (inColumn.get(columns.get(k) ?? -1) ?? 0) >= 2);
    changed = kept.length !== cells.length;
    cells = kept;
  }
  const places = (by: Map<number, number>, at: (k: number) => number) => {
    const sums = new Map<number, number[]>();
    for (const k of cells) sums.set(by.get(k)!, [...(sums.get(by.get(k)!) ?? []), at(k)]);
    return [...sums.values()].map(medianOf).sort((a, b) => a - b);
  };
  const [ys, xs] = [places(rows, (k) => marks[k].y), places(columns, (k) => marks[k].x)];
  if (cells.length < LATTICE_MARKS || ys.length < 2 || xs.length < 2) return on;
  const pitch = (ps: number[]) => Math.min(...ps.slice(1).map((p, n) => p - ps[n]));
  const [py, px] = [pitch(ys), pitch(xs)];
  const near = (ps: number[], v: number, half: number) => ps.some((p) => Math.abs(p - v) <= half);
  for (const k of cells) on[k] = true;
  for (const k of candidates) {
    const m = marks[k];
    if (!on[k] && m.w <= px * CELL_HEIGHT && m.h <= py * CELL_HEIGHT && near(ys, m.y, py / 2) && near(xs, m.x, px / 2)) on[k] = true;
  }
  return on;
}

/**
 * The number of things the eye reads separately: the marks of one grid count
 * once, and so does each pattern of like, evenly spaced marks. Distances and
 * sizes are in pixels of the frame, so spacing means the same across and down.
 */
function readSeparately(things: readonly Thing[], f: Pick<FrameMeasures, 'width' | 'height'>): number {
  const all = things.map(({ box, ink, kind }) => {
    const text = kind === 'text';
    const [w, h] = [(box.right - box.left) * f.width, (box.bottom - box.top) * f.height];
    return {
      x: ((box.left + box.right) / 2) * f.width,
      y: ((box.top + box.bottom) / 2) * f.height,
      w,
      h,
      size: text ? h : Math.hypot(w, h),
      ink,
      kind,
    };
  });
  const grid = onLattice(all);
  const marks = all.filter((_, k) => !grid[k]);
  type Mark = (typeof marks)[number];
  const like = (a: Mark, b: Mark) =>
    a.kind === b.kind &&
    a.kind !== 'labelled' &&
    ratio(a.size, b.size) <= LIKE_SIZE &&
    (a.kind === 'text' || ratio(a.ink, b.ink) <= LIKE_INK);
  const distance = (a: Mark, b: Mark) => Math.hypot(a.x - b.x, a.y - b.y);
  const nearest = marks.map((a, i) => Math.min(...marks.filter((b, j) => j !== i && like(a, b)).map((b) => distance(a, b))));
  const parent = marks.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let i = 0; i < marks.length; i++) {
    for (let j = i + 1; j < marks.length; j++) {
      const spacing = Math.min(nearest[i], nearest[j]);
      const even = ratio(nearest[i], nearest[j]) <= EVEN_SPACING && distance(marks[i], marks[j]) <= EVEN_SPACING * spacing;
      if (even && like(marks[i], marks[j])) parent[find(j)] = find(i);
    }
  }
  const size = new Map<number, number>();
  for (let i = 0; i < marks.length; i++) size.set(find(i), (size.get(find(i)) ?? 0) + 1);
  return [...size.values()].reduce((n, k) => n + (k >= PATTERN_MARKS ? 1 : k), grid.some(Boolean) ? 1 : 0);
}

/**
 * The separate things on screen: text lines and objects, with pieces that sit
 * next to each other on a row (a formula split at its operators, a label and
 * its dot) counted as one, and a pattern of like marks evenly spaced counted
 * once. Lines (axes, grids and their pieces) are not counted; short ones
 * (operators, fraction bars) join the pieces beside them.
 */
export function thingsOnScreen(f: FrameMeasures): number {
  const things = f.items.filter((i) => (i.kind === 'text' || i.kind === 'object') && i.pixels >= MIN_THING_AREA * f.width * f.height);
  const operators = f.items.filter((i) => i.kind === 'line' && i.box.right - i.box.left <= OPERATOR_WIDTH);
  const items = [...things, ...operators];
  const parent = items.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  const heightOf = (i: number) => (i < things.length ? items[i].box.bottom - items[i].box.top : Infinity);
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      // Beside an operator, the piece's own height sets how close is next to it.
      const height = Math.min(heightOf(i), heightOf(j));
      const gap = gapBetween(items[i].box, items[j].box);
      if (height !== Infinity && gap.y === 0 && gap.x <= 0.6 * height) parent[find(j)] = find(i);
    }
  }
  // Each thing: the pieces joined into it (its operators included; an operator alone is none) and its kind.
  const joined = new Map<number, Thing>();
  items.forEach((item, i) => {
    if (i >= things.length && !joined.has(find(i))) return;
    const t = joined.get(find(i));
    if (!t) joined.set(find(i), { box: item.box, ink: item.pixels, kind: item.kind === 'text' ? 'text' : 'shape' });
    else {
      t.box = union(t.box, item.box);
      t.ink += item.pixels;
      if (i < things.length && t.kind !== (item.kind === 'text' ? 'text' : 'shape')) t.kind = 'labelled';
    }
  });
  return readSeparately([...joined.values()], f);
}

function cluttered(f: FrameMeasures): boolean {
  return f.background !== null && (thingsOnScreen(f) > CLUTTER_THINGS || f.coverage > CLUTTER_COVERAGE);
}

/**
 * Too much on screen at once (too many separate things, or too much of the
 * frame covered): one issue, from the first such frame; the severity follows
 * how many sampled frames show it.
 */
export function clutterIssues(ctx: AnalysisContext): IssueDraft[] {
  const run = ctx.frames.filter(cluttered);
  if (run.length === 0) return [];
  const most = run.reduce((a, b) => (thingsOnScreen(b) > thingsOnScreen(a) ? b : a));
  const things = thingsOnScreen(most);
  const covered = Math.max(...run.map((f) => f.coverage));
  const when =
    run.length === 1
      ? `at ${formatTimestamp(run[0].timestampMs)}`
      : `from ${formatTimestamp(run[0].timestampMs)} (${run.length} of ${ctx.frames.length} sampled frames)`;
  const { severity, note } = severityOf(
    { frames: run.length, strength: Math.max(things / CLUTTER_THINGS, covered / CLUTTER_COVERAGE), lookalike: null },
    'MEDIUM',
  );
  return [
    {
      severity,
      category: 'clutter',
      frameIndex: run[0].index,
      location: 'whole frame',
      description:
        things > CLUTTER_THINGS
          ? `Up to ${things} separate labels, formulas and shapes are on screen at once ${when}: too much at once for the eye to know where to look.${note}`
          : `Content covers up to ${Math.round(covered * 100)}% of the frame ${when}: too much at once for the eye to know where to look.${note}`,
      suggestedFix: 'Show fewer things at a time (fade out what is done, group labels), or make them smaller and leave more empty space.',
      region: most.box ? { ...most.box } : null,
    },
  ];
}

function crammedSides(f: FrameMeasures, clipped: ReadonlySet<Side>): Side[] {
  if (!f.box) return [];
  const near = { top: f.box.top, right: 1 - f.box.right, bottom: 1 - f.box.bottom, left: f.box.left };
  return SIDES.filter((side) => near[side] < MARGIN && itemsCutBy(f, side).length === 0 && !clipped.has(side));
}

/**
 * Content squeezed against a margin without touching the edge, in two sampled
 * frames in a row: one issue, naming every side it happens on. A side where
 * content also runs off the frame is left to the clipping issue (one object, one report).
 */
export function marginIssues(ctx: AnalysisContext): IssueDraft[] {
  const clipped = new Set(SIDES.filter((side) => ctx.frames.some((f) => itemsCutBy(f, side).length > 0)));
  const crammed = ctx.frames.map((f) => crammedSides(f, clipped));
  const held = crammed.map((sides, i) => sides.filter((side) => crammed[i + 1]?.includes(side)));
  const first = held.findIndex((sides) => sides.length > 0);
  if (first < 0) return [];
  const sides = SIDES.filter((side) => held.some((s) => s.includes(side))).join(' and ');
  const f = ctx.frames[first];
  return [
    {
      severity: 'LOW',
      category: 'margins',
      frameIndex: f.index,
      location: `${sides} margin`,
      description: `Content sits within ${Math.round(MARGIN * 100)}% of the ${sides} edge from ${formatTimestamp(f.timestampMs)}: the layout feels crammed.`,
      suggestedFix: `Leave a margin of at least 5% of the frame on the ${sides} side: move the content inward or scale it down.`,
      region: f.box ? { ...f.box } : null,
    },
  ];
}
