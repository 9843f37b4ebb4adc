import { formatTimestamp } from '../../media/manifest';
import type { UnitState } from '../inspection';
import { area, fullyOutside, inCoordinateSystem, opacityOf, type Box, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/**
 * Too many things to read on screen at once, at rest. What the eye reads as one
 * structure counts once: the texts of one mobject laid out by rule, in a grid
 * (a table, a matrix, a grid of numbers) or along a line at an even step (an
 * axis's tick labels, a chart's bar labels, the lines of a code block), and a
 * coordinate system's numbers.
 */
function tooMany(scene: Scene): Observation[] {
  const counts = scene.samples.map((_, i) => readables(scene, i));
  const [medium, high] = SCENE_RULES.clutter;
  const runs = scene.runs((i) => scene.atRest[i] && counts[i] > medium).filter(([a, b]) => scene.restMs(a, b) >= 1000);
  if (runs.length === 0) return [];
  const [a] = runs[0];
  const b = runs.at(-1)![1];
  let peak = a;
  for (const [x, y] of runs) for (let i = x; i <= y; i++) if (counts[i] > counts[peak]) peak = i;
  const texts = [...scene.states[peak].keys()].filter((id) => scene.unit(id).isText);
  const biggest = texts.reduce((x, y) => (area(scene.states[peak].get(y)!.box) > area(scene.states[peak].get(x)!.box) ? y : x));
  const lines = [...new Set(texts.map((id) => scene.unit(id).line).filter((l): l is number => l !== null))].sort((x, y) => x - y);
  return [
    {
      severity: counts[peak] > high ? 'HIGH' : 'MEDIUM',
      unit: biggest,
      startMs: scene.samples[a].timeMs,
      endMs: scene.endOf(b),
      location: null,
      description: `${counts[peak]} separate pieces of text are on screen at once at ${formatTimestamp(scene.samples[peak].timeMs)} (${scene.span(scene.samples[a].timeMs, scene.endOf(b))} more than ${medium}; a table, a grid or an axis's numbers count once): too many to read.`,
      suggestedFix: `Show at most ${medium} at a time (made at line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 6).join(', ')}${lines.length > 6 ? ', …' : ''}): reveal them in groups and \`FadeOut\` each group before the next, or split the scene.`,
    },
  ];
}

/** How many things to read separately in a sample: each text, a structure's texts once. */
function readables(scene: Scene, i: number): number {
  const byRoot = new Map<number, { axes: boolean; boxes: Box[]; shapes: Box[] }>();
  let n = 0;
  // Fewer texts than the limit are never too many, however they are read.
  let texts = 0;
  for (const [id] of scene.states[i]) if (scene.unit(id).isText) texts++;
  if (texts <= SCENE_RULES.clutter[0]) return texts;
  const shown = (x: UnitState | undefined) => !!x && opacityOf(x) >= 0.5 && !fullyOutside(x.box, scene.frame);
  for (const [id, s] of scene.states[i]) {
    const u = scene.unit(id);
    // A text drawn exactly over another shown is read once.
    if (!shown(s) || (s.copyOf !== undefined && shown(scene.states[i].get(s.copyOf)))) continue;
    const group = byRoot.get(s.root) ?? byRoot.set(s.root, { axes: inCoordinateSystem(u), boxes: [], shapes: [] }).get(s.root)!;
    (u.isText ? group.boxes : group.shapes).push(s.box);
  }
  for (const { axes, boxes, shapes } of byRoot.values()) {
    if (boxes.length === 0) continue;
    if (axes) {
      n++;
      continue;
    }
    const framed = inCellGrid(boxes.map((b) => cellOf(b, shapes)));
    const inGrid = framed.filter(Boolean).length;
    if (inGrid >= Math.max(4, boxes.length * SCENE_RULES.laidOut)) {
      n += boxes.length - inGrid + 1;
      continue;
    }
    for (const part of clusters(boxes)) {
      const count = laidOut(part).filter(Boolean).length;
      n += count >= Math.max(3, part.length * SCENE_RULES.laidOut) ? part.length - count + 1 : part.length;
    }
  }
  return n;
}

/** The cell a text sits in: the smallest shape of its group whose box holds the text's (a numbered box's frame), or none. */
function cellOf(text: Box, shapes: readonly Box[]): Box | null {
  let best: Box | null = null;
  for (const b of shapes)
    if (b[0] <= text[0] + 1 && b[1] <= text[1] + 1 && b[2] >= text[2] - 1 && b[3] >= text[3] - 1 && (!best || area(b) < area(best)))
      best = b;
  return best;
}

/**
 * Which texts sit in a grid of cells (boxes arranged in rows and columns,
 * however uneven their sizes and however each row and column aligns them):
 * the cells' extents make R rows and C columns, every cell of a row crossing
 * one horizontal line and of a column one vertical line, one cell to each
 * row and column, R x C close to their number. The frames show the grid
 * whatever the gaps between its columns; cells set down by hand rarely line
 * up so, and two in one row and column never do.
 */
export function inCellGrid(cells: readonly (Box | null)[]): boolean[] {
  const framed = cells.flatMap((c, k) => (c ? [k] : []));
  const none = cells.map(() => false);
  if (framed.length < 4) return none;
  const [rows, columns] = ([1, 0] as const).map((axis) =>
    bands(
      framed.map((k) => cells[k]!),
      axis,
    ),
  );
  if (!rows || !columns) return none;
  const [r, c] = [new Set(rows).size, new Set(columns).size];
  const slots = new Set(rows.map((row, k) => `${row},${columns[k]}`));
  if (r < 2 || c < 2 || slots.size < framed.length || r * c > framed.length * SCENE_RULES.gridFill) return none;
  const inGrid = [...none];
  for (const k of framed) inGrid[k] = true;
  return inGrid;
}

/** The band (row for axis 1, column for axis 0) of each box: boxes whose extents along `axis` overlap, in chains; null when a band's boxes do not all cross one line. */
function bands(boxes: readonly Box[], axis: 0 | 1): number[] | null {
  const order = boxes.map((_, k) => k).sort((x, y) => boxes[x][axis] - boxes[y][axis]);
  const band = boxes.map(() => -1);
  let current = -1;
  let [start, end, reach] = [-Infinity, Infinity, -Infinity];
  for (const k of order) {
    const [lo, hi] = [boxes[k][axis], boxes[k][axis + 2]];
    if (lo >= reach) {
      if (current >= 0 && start > end) return null;
      current++;
      [start, end, reach] = [lo, hi, hi];
    } else [start, end, reach] = [Math.max(start, lo), Math.min(end, hi), Math.max(reach, hi)];
    band[k] = current;
  }
  return start > end ? null : band;
}

/** A group's texts in clusters: those within a few text heights of each other (a group may hold several matrices). */
function clusters(boxes: readonly Box[]): Box[][] {
  const h = median(boxes.map((b) => b[3] - b[1]));
  const gap = (a: Box, b: Box) => Math.max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3], 0);
  const seen = new Set<number>();
  const out: Box[][] = [];
  for (let i = 0; i < boxes.length; i++) {
    if (seen.has(i)) continue;
    const part = [i];
    seen.add(i);
    for (let k = 0; k < part.length; k++)
      for (let j = 0; j < boxes.length; j++)
        if (!seen.has(j) && gap(boxes[part[k]], boxes[j]) <= h * SCENE_RULES.clusterGap) {
          seen.add(j);
          part.push(j);
        }
    out.push(part.map((k) => boxes[k]));
  }
  return out;
}

const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;

/**
 * Which texts are placed by rule: the group fills a grid of rows and columns
 * (a table, a matrix, a grid of numbers: R rows by C columns, each sharing an
 * edge or centre, hold about R x C texts), in a row or column of three or
 * more sharing an edge or centre at an even step (an axis's numbers, the lines of a code block;
 * a step may be skipped, as a zero is), four or more stepping evenly along any
 * line (a rotated number line), or the whole group four or more at an even
 * step along one axis, each at its own height (a chart's bar labels). Manim places
 * such texts exactly; texts scattered by hand or at random line up only by
 * chance, and rarely three at once.
 */
export function laidOut(boxes: readonly Box[]): boolean[] {
  const h = median(boxes.map((b) => b[3] - b[1]));
  const tol = 1 + h * SCENE_RULES.alignment;
  // Delimiters spanning several rows (a matrix's brackets) enclose the grid; the cells make it.
  const cells = boxes.filter((b) => b[3] - b[1] <= h * 1.5);
  const near = (x: number, y: number) => Math.abs(x - y) <= tol;
  const centre = (b: Box, axis: 0 | 1) => (b[axis] + b[axis + 2]) / 2;
  /** At least `least` positions at an even step, where a single step may be skipped (an axis's zero). */
  const even = (ps: number[], least = 3) => {
    if (ps.length < least) return false;
    const sorted = [...ps].sort((x, y) => x - y);
    const gaps = sorted.slice(1).map((p, k) => p - sorted[k]);
    const step = Math.min(...gaps);
    return step > tol && gaps.every((g) => [1, 2].some((k) => Math.abs(g - k * step) <= 2 * tol));
  };
  /** The lines of three or more through a box along `axis` (0: a row, 1: a column): the others sharing its start, centre or end across. */
  const lines = (b: Box, axis: 0 | 1) => {
    const across = (1 - axis) as 0 | 1;
    const anchors = [(x: Box) => x[across], (x: Box) => centre(x, across), (x: Box) => x[across + 2]];
    return anchors
      .map((at) => boxes.filter((o) => near(at(o), at(b)) && (o === b || o[axis + 2] <= b[axis] || b[axis + 2] <= o[axis])))
      .filter((line) => line.length >= 3);
  };
  /** How many distinct places the boxes take across `axis` (1: rows, 0: columns), by the anchor that gives fewest. */
  const places = (axis: 0 | 1) =>
    Math.min(
      ...[(x: Box) => x[axis], (x: Box) => centre(x, axis), (x: Box) => x[axis + 2]].map((at) => {
        const taken: number[] = [];
        for (const v of cells.map(at).sort((x, y) => x - y)) if (!taken.length || !near(v, taken.at(-1)!)) taken.push(v);
        return taken.length;
      }),
    );
  // A grid: the texts take R rows and C columns, and fill them (R x C close to their number).
  const [rows, columns] = [places(1), places(0)];
  const grid = cells.length >= 4 && rows >= 2 && columns >= 2 && rows * columns <= cells.length * SCENE_RULES.gridFill;
  const series = ([0, 1] as const).some((axis) =>
    even(
      boxes.map((b) => centre(b, axis)),
      4,
    ),
  );
  const placed = boxes.map(
    (b) =>
      grid ||
      series ||
      lines(b, 0).some((r) => even(r.map((o) => centre(o, 0)))) ||
      lines(b, 1).some((c) => even(c.map((o) => centre(o, 1)))),
  );
  // Four centres stepping evenly along any line (a rotated number line's numbers).
  const c = boxes.map((b) => [centre(b, 0), centre(b, 1)]);
  const at = (x: number, y: number) => c.findIndex((p) => near(p[0], x) && near(p[1], y));
  for (let i = 0; i < c.length; i++)
    for (let j = 0; j < c.length; j++) {
      if (i === j) continue;
      const [dx, dy] = [c[j][0] - c[i][0], c[j][1] - c[i][1]];
      const chain = [i, j, at(c[j][0] + dx, c[j][1] + dy), at(c[j][0] + 2 * dx, c[j][1] + 2 * dy)];
      if (chain.every((k) => k >= 0)) for (const k of chain) placed[k] = true;
    }
  return placed;
}

export const clutter: SceneRule = { kind: 'DESIGN_VALIDATION_JSON', category: 'clutter', layout: true, observe: tooMany };
