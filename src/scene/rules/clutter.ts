import { formatTimestamp } from '../../media/manifest';
import type { UnitState } from '../inspection';
import type { PixelBox as Box } from '../../domain/geometry';
import { area, fullyOutside, inCoordinateSystem, opacityOf, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/**
 * Too many things to read on screen at once, at rest. What the eye reads as one
 * structure counts once: the texts of one mobject laid out by rule, in a grid
 * (a table, a matrix, a grid of numbers) or along a line at an even step (an
 * axis's tick labels, a chart's bar labels, the lines of a code block), and a
 * coordinate system's numbers. Structure is decided by layout, never by looks:
 * cells recoloured, faded, scaled, ringed or crossed out stay where the rule
 * put them, and so stay one structure (a sieve, a table with a highlighted row).
 */
function tooMany(scene: Scene): Observation[] {
  const found = layoutsOf(scene);
  const counts = scene.samples.map((_, i) => found.readables(i));
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

const layouts = new WeakMap<Scene, TextLayouts>();

/** The scene's text layouts, found once per recorded scene (the rule and the repair read the same). */
export function layoutsOf(scene: Scene): TextLayouts {
  return layouts.get(scene) ?? layouts.set(scene, new TextLayouts(scene)).get(scene)!;
}

const centreOf = (b: Box): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/**
 * The scene's texts laid out by rule, by layout alone. A text belongs to the
 * group of the mobject it was first shown in (a table, a `VGroup` of cells),
 * or, shown alone, to the texts the same line of the source made (numbers
 * added one by one in a loop). A group's structure is found where most of
 * its texts are on screen, and in every sample from what is visible there,
 * however faint; a text that stays where a structure placed it (or takes the
 * place of one of its cells) stays part of it whatever its colour, size or
 * opacity becomes.
 */
export class TextLayouts {
  private readonly groupOf = new Map<number, string>();
  /** Per group, the sample at rest where most of its texts are visible. */
  private readonly busiestAt = new Map<string, number>();
  /** Per group, the structure found where most of its texts are visible: each text laid out by rule, its cluster and centre. */
  private readonly reference = new Map<string, Map<number, { label: string; centre: [number, number] }>>();
  private readonly slots: { label: string; centre: [number, number]; tol: number }[] = [];
  private readonly memo = new Map<string, Map<number, string>>();

  constructor(private readonly scene: Scene) {
    const texts = scene.unitIds().filter((id) => scene.unit(id).isText);
    const perRoot = new Map<number, number>();
    for (const id of texts) perRoot.set(scene.unit(id).root, (perRoot.get(scene.unit(id).root) ?? 0) + 1);
    for (const id of texts) {
      const u = scene.unit(id);
      this.groupOf.set(id, perRoot.get(u.root)! > 1 ? `root ${u.root}` : `line ${u.file}:${u.line}:${u.calledFrom ?? ''}`);
    }
    const best = new Map<string, { i: number; n: number }>();
    scene.samples.forEach((_, i) => {
      if (!scene.atRest[i]) return;
      const n = new Map<string, number>();
      for (const id of this.visibleTexts(i)) n.set(this.groupOf.get(id)!, (n.get(this.groupOf.get(id)!) ?? 0) + 1);
      for (const [key, count] of n) if (count > (best.get(key)?.n ?? 0)) best.set(key, { i, n: count });
    });
    for (const [key, { i }] of best) {
      this.busiestAt.set(key, i);
      const laid = this.laidOutAt(i).get(key);
      if (!laid) continue;
      const placed = new Map<number, { label: string; centre: [number, number] }>();
      for (const [id, label] of laid) {
        const box = scene.states[i].get(id)!.box;
        placed.set(id, { label: `${label} as placed`, centre: centreOf(box) });
        this.slots.push({ label: `${label} as placed`, centre: centreOf(box), tol: tolerance(box) });
      }
      this.reference.set(key, placed);
    }
  }

  /** The group a text belongs to: the mobject it was first shown in, or the line that made it. */
  group(id: number): string {
    return this.groupOf.get(id)!;
  }

  /** The sample at rest where most of a group's texts are visible. */
  busiest(key: string): number | undefined {
    return this.busiestAt.get(key);
  }

  /** A group's texts visible at a sample. */
  members(key: string, i: number): number[] {
    return this.visibleTexts(i).filter((id) => this.groupOf.get(id) === key);
  }

  /** How many things to read separately in a sample. */
  readables(i: number): number {
    // Fewer texts than the limit are never too many, however they are read.
    let texts = 0;
    for (const [id] of this.scene.states[i]) if (this.scene.unit(id).isText) texts++;
    if (texts <= SCENE_RULES.clutter[0]) return texts;
    return this.separate(i).length;
  }

  /** The texts shown at a sample, as the eye reads them: alone, or together as one structure. */
  separate(i: number): number[][] {
    const states = this.scene.states[i];
    const shown = (x: UnitState | undefined) => !!x && opacityOf(x) >= 0.5 && !fullyOutside(x.box, this.scene.frame);
    const now = this.laidOutAt(i);
    const together = new Map<string, number[]>();
    const alone: number[][] = [];
    for (const [id, s] of states) {
      // A text drawn exactly over another shown is read once.
      if (!this.scene.unit(id).isText || !shown(s) || (s.copyOf !== undefined && shown(states.get(s.copyOf)))) continue;
      const key = this.groupOf.get(id)!;
      const centre = centreOf(s.box);
      const tol = tolerance(s.box);
      const near = (c: [number, number]) => Math.abs(c[0] - centre[0]) <= tol && Math.abs(c[1] - centre[1]) <= tol;
      const placed = this.reference.get(key)?.get(id);
      const label =
        (placed && near(placed.centre) ? placed.label : undefined) ??
        now.get(key)?.get(id) ??
        this.slots.find((slot) => near(slot.centre))?.label;
      if (label === undefined) alone.push([id]);
      else together.set(label, [...(together.get(label) ?? []), id]);
    }
    return [...alone, ...together.values()];
  }

  /** The texts visible at a sample (however faint) inside the frame, drawn at some size (not a point growing from one). */
  private visibleTexts(i: number): number[] {
    return [...this.scene.states[i]]
      .filter(
        ([id, s]) =>
          this.scene.unit(id).isText && s.box[2] - s.box[0] >= 1 && s.box[3] - s.box[1] >= 1 && !fullyOutside(s.box, this.scene.frame),
      )
      .map(([id]) => id);
  }

  /** Per group, the texts visible at a sample that a rule laid out, each with its structure's label. */
  private laidOutAt(i: number): Map<string, Map<number, string>> {
    const byGroup = new Map<string, number[]>();
    for (const id of this.visibleTexts(i)) byGroup.set(this.groupOf.get(id)!, [...(byGroup.get(this.groupOf.get(id)!) ?? []), id]);
    const out = new Map<string, Map<number, string>>();
    for (const [key, ids] of byGroup) {
      const boxes = ids.map((id) => this.scene.states[i].get(id)!.box);
      const signature = `${key}|${ids.map((id, k) => `${id}:${boxes[k].join(',')}`).join(';')}`;
      let laid = this.memo.get(signature);
      if (!laid) {
        laid = this.structure(i, key, ids, boxes);
        this.memo.set(signature, laid);
      }
      out.set(key, laid);
    }
    return out;
  }

  /** Which of a group's texts are laid out by rule, each with the label of its structure (a group may hold several). */
  private structure(i: number, key: string, ids: readonly number[], boxes: readonly Box[]): Map<number, string> {
    const laid = new Map<number, string>();
    if (inCoordinateSystem(this.scene.unit(ids[0]))) {
      for (const id of ids) laid.set(id, `${key} axes`);
      return laid;
    }
    // Texts in cells: each in the smallest shape of its group around it (a numbered box).
    const roots = new Set(ids.map((id) => this.scene.states[i].get(id)!.root));
    const shapes = [...this.scene.states[i]].filter(([id, s]) => !this.scene.unit(id).isText && roots.has(s.root)).map(([, s]) => s.box);
    const framed = inCellGrid(boxes.map((b) => cellOf(b, shapes)));
    if (framed.filter(Boolean).length >= Math.max(4, boxes.length * SCENE_RULES.laidOut)) {
      ids.forEach((id, k) => framed[k] && laid.set(id, `${key} cells`));
      return laid;
    }
    const index = new Map(boxes.map((b, k) => [b, k]));
    // The whole group first (labels each beside its shape in a grid sit far apart for their size), then in clusters.
    const whole = [...boxes];
    const parts = clusters(boxes);
    [whole, ...(parts.length > 1 ? parts : [])].forEach((part, c) => {
      if (part.some((b) => laid.has(ids[index.get(b)!]))) return;
      const placed = laidOut(part);
      if (placed.filter(Boolean).length < Math.max(3, part.length * SCENE_RULES.laidOut)) return;
      part.forEach((b, k) => placed[k] && laid.set(ids[index.get(b)!], `${key} cluster ${c}`));
    });
    return laid;
  }
}

/** How far a text's centre may move and still be where the rule placed it: a pixel and 5% of its height (Manim places exactly). */
const tolerance = (b: Box) => 1 + (b[3] - b[1]) * SCENE_RULES.alignment;

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
