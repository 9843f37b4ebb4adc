import { clip, oneLine } from '../domain/clip';
import type { PixelBox as Box, Side } from '../domain/geometry';
import type { Severity } from '../domain/types';
import type { IssueDraft, IssueRegion } from '../kinds';
import { formatTimestamp, type FrameRef } from '../media/manifest';
import type { ScenePlay, SceneSample, SceneTimeline, SceneUnit, UnitState } from './inspection';
import { SCENE_RULES } from './thresholds';

/**
 * The recorded scene (src/scene/inspection.ts) as the layout rules read it:
 * which samples are at rest, what every unit is and where, the geometry they
 * share, and how a finding is pinned to a stored frame.
 */

/**
 * Animations that leave a text's glyphs as they are while they play: it can
 * be read meanwhile (moved, turned, scaled, flashed round, recoloured through
 * `.animate`, faded while still opaque). Anything else that plays on it
 * (written, transformed into another text) changes what is drawn until it ends.
 */
const KEEPS_GLYPHS = new Set([
  'Wait',
  // A fade changes its opacity alone: while still 90% opaque it is fully shown.
  'FadeIn',
  'FadeOut',
  '_MethodAnimation',
  'ApplyMethod',
  'MoveToTarget',
  'Rotate',
  'Rotating',
  'ApplyMatrix',
  'ScaleInPlace',
  'Indicate',
  'Circumscribe',
  'Wiggle',
  'ApplyWave',
  'FocusOn',
  'Flash',
  'MoveAlongPath',
  'UpdateFromFunc',
  'UpdateFromAlphaFunc',
  'MaintainPositionRelativeTo',
]);

/** Manim's coordinate systems: every axes, plane and chart is a `CoordinateSystem`, every axis a `NumberLine`. */
const COORDINATE_SYSTEMS = new Set(['CoordinateSystem', 'NumberLine']);

/** A recording made before the inspector named a root's bases names its class alone: Manim's own coordinate systems then. */
const MANIM_COORDINATE_SYSTEMS = new Set([
  ...COORDINATE_SYSTEMS,
  'Axes',
  'NumberPlane',
  'ComplexPlane',
  'PolarPlane',
  'ThreeDAxes',
  'UnitInterval',
  'BarChart',
]);

/** Whether a unit is part of a coordinate system (any subclass too: a `BarChart`), whose numbers are tick labels, not things to read one by one. */
export const inCoordinateSystem = (u: Pick<SceneUnit, 'rootType' | 'rootClasses'>) =>
  u.rootClasses ? u.rootClasses.some((c) => COORDINATE_SYSTEMS.has(c)) : MANIM_COORDINATE_SYSTEMS.has(u.rootType);

export interface Frame {
  width: number;
  height: number;
}

/** What a rule finds, before it is pinned to a stored frame (the rule declares its kind and category). */
export interface Observation {
  severity: Severity;
  unit: number;
  /** When it starts and ends, ms; the stored frame shown is the first inside. */
  startMs: number;
  endMs: number;
  location: string | null;
  edge?: IssueRegion['edge'];
  description: string;
  suggestedFix: string;
}

/** The recorded scene with what every rule asks of it. */
export class Scene {
  readonly frame: Frame;
  readonly samples: SceneSample[];
  /** Each sample's length, ms. */
  readonly spans: number[];
  /** Whether no animation (other than a wait) is playing and the camera stands still at each sample. */
  readonly atRest: boolean[];
  readonly cameraMoving: boolean[];
  readonly closeUp: boolean[];
  readonly states: Map<number, UnitState>[];
  /** Per sample, the box of everything visible under each root. */
  readonly roots: Map<number, Box>[];
  readonly fillingRoots: Set<number>;
  /** Shapes made by one line of the source, of one type, that together fill the frame in some sample (a field's lines added one by one). */
  readonly fillingFamilies: Set<string>;

  constructor(readonly timeline: SceneTimeline) {
    this.frame = { width: timeline.width, height: timeline.height };
    this.samples = timeline.samples;
    this.spans = this.samples.map((s, i) => (this.samples[i + 1]?.timeMs ?? timeline.durationMs) - s.timeMs);
    const active = timeline.plays.filter((p) => p.end > p.start && !p.animations.every((a) => a === 'Wait'));
    // A camera that pans, zooms or turns (a 3D camera's ambient rotation runs during waits) moves everything.
    const cameraAt = (i: number) => {
      const c = this.samples[i]?.camera;
      return c ? [c.x, c.y, c.width, c.height, ...c.orientation] : null;
    };
    const moved = (i: number, j: number) => {
      const [a, b] = [cameraAt(i), cameraAt(j)];
      return !!a && !!b && a.some((v, k) => Math.abs(v - (b[k] ?? v)) > 1e-3);
    };
    this.cameraMoving = this.samples.map((_, i) => moved(i, i - 1) || moved(i, i + 1));
    this.atRest = this.samples.map((s, i) => !this.cameraMoving[i] && !active.some((p) => s.timeMs > p.start && s.timeMs < p.end));
    this.closeUp = this.samples.map((s) => s.camera.width < timeline.frameWidth * SCENE_RULES.closeUp);
    // What randomness the render did not seed placed is not where the recording says: no rule reads it. Its group's
    // extent still counts it (a field fills the frame wherever chance put each of its lines).
    const recorded = (u: UnitState) => visible(u) && !timeline.units[String(u.id)]?.unseeded;
    this.states = this.samples.map((s) => new Map(s.units.filter(recorded).map((u) => [u.id, u])));
    this.roots = this.samples.map((s) => {
      const boxes = new Map<number, Box>();
      for (const u of s.units.filter(visible)) {
        const root = u.root;
        const b = boxes.get(root);
        boxes.set(
          root,
          b ? [Math.min(b[0], u.box[0]), Math.min(b[1], u.box[1]), Math.max(b[2], u.box[2]), Math.max(b[3], u.box[3])] : [...u.box],
        );
      }
      return boxes;
    });
    const fills = (b: Box) =>
      b[2] - b[0] >= this.frame.width * SCENE_RULES.frameFilling && b[3] - b[1] >= this.frame.height * SCENE_RULES.frameFilling;
    this.fillingRoots = new Set(this.roots.flatMap((boxes) => [...boxes].filter(([, b]) => fills(b)).map(([root]) => root)));
    this.fillingFamilies = new Set();
    for (const s of this.samples) {
      const boxes = new Map<string, Box>();
      for (const u of s.units.filter(visible)) {
        const key = this.family(u.id);
        if (key === null) continue;
        const b = boxes.get(key);
        boxes.set(
          key,
          b ? [Math.min(b[0], u.box[0]), Math.min(b[1], u.box[1]), Math.max(b[2], u.box[2]), Math.max(b[3], u.box[3])] : [...u.box],
        );
      }
      for (const [key, b] of boxes) if (fills(b)) this.fillingFamilies.add(key);
    }
  }

  /** The family of a shape: its type and the line that made it (texts have none: a label is never structure). */
  private family(id: number): string | null {
    const u = this.timeline.units[String(id)];
    return u && !u.isText && u.line !== null ? `${u.type}|${u.file ?? ''}:${u.line}` : null;
  }

  unit(id: number): SceneUnit {
    return this.timeline.units[String(id)];
  }

  /**
   * Whether, at a sample, an animation that changes the unit's glyphs plays on it: it is being written, faded or
   * transformed into another text. Moving, scaling, turning, flashing round or recolouring it keeps them.
   */
  rewriting(i: number, id: number): boolean {
    return this.playingOn(i, id).some((p) => !this.keepsGlyphs(p, id));
  }

  /** The plays at a sample, and the animation each plays on the unit (with a matching transform's kept share), if any. */
  playingOn(i: number, id: number): ScenePlay[] {
    const t = this.samples[i].timeMs;
    return this.timeline.plays.filter(
      (p) => p.start <= t && t < p.end && (p.units.includes(id) || (p.texts ?? []).some(([u]) => u === id)),
    );
  }

  private keepsGlyphs(p: ScenePlay, id: number): boolean {
    const mine = (p.texts ?? []).filter(([unit]) => unit === id);
    if (mine.length === 0) return p.animations.every((a) => KEEPS_GLYPHS.has(a));
    if (mine.every(([, animation]) => KEEPS_GLYPHS.has(animation))) return true;
    // A transform into the same text moves it.
    const before = this.textAt(this.indexAt(p.start), id);
    const after = this.textAt(this.indexAt(p.end), id);
    return before !== null && before === after && mine.every(([, animation]) => /Transform/.test(animation));
  }

  /** The index in `texts` of what a text unit shows at a sample (its own text, or a transform's target), or null. */
  textAt(i: number, id: number): number | null {
    const shows = this.unit(id)?.shows;
    if (!shows) return null;
    const t = this.samples[i].timeMs;
    let found: number | null = null;
    for (const [from, index] of shows) if (from <= t) found = index;
    return found ?? shows[0]?.[1] ?? null;
  }

  /** The source line that made a shown text, quoted: "line 12: `MathTex(...)`". */
  textLine(index: number): string {
    const t = this.timeline.texts?.[index];
    if (!t?.line) return 'the scene';
    const text = this.timeline.lines[`${t.file ?? ''}:${t.line}`];
    return text ? `line ${t.line}: \`${oneLine(clip(text, 90))}\`` : `line ${t.line}`;
  }

  /** Every unit seen, in the order first seen. */
  unitIds(): number[] {
    const seen = new Set<number>();
    for (const s of this.states) for (const id of s.keys()) seen.add(id);
    return [...seen];
  }

  /**
   * Whether the unit belongs to frame-filling structure (a plane, a vector
   * field, stream lines, a backdrop): a root, or the shapes one line of the
   * source made, that fill the frame in any sample, so a field still being
   * drawn arrow by arrow is a field already, and a plane bent, sheared or
   * moving is still one.
   */
  isStructure(i: number, id: number): boolean {
    const state = this.states[i].get(id);
    if (!state) return false;
    const family = this.family(id);
    return this.fillingRoots.has(state.root) || (family !== null && this.fillingFamilies.has(family));
  }

  /** Scene units per pixel in a sample (the camera may zoom). */
  unitsPerPx(i: number): number {
    return this.samples[i].camera.width / this.frame.width;
  }

  /** When each unit was first shown (the time of its first sample) and last shown (the end of its last), ms. */
  shownSpans(): { firstSeen: Map<number, number>; lastSeen: Map<number, number> } {
    const firstSeen = new Map<number, number>();
    const lastSeen = new Map<number, number>();
    this.states.forEach((states, i) => {
      for (const id of states.keys()) {
        if (!firstSeen.has(id)) firstSeen.set(id, this.samples[i].timeMs);
        lastSeen.set(id, this.endOf(i));
      }
    });
    return { firstSeen, lastSeen };
  }

  endOf(i: number): number {
    return this.samples[i].timeMs + this.spans[i];
  }

  /** Whether two units are parts of one mobject in the scene at this sample (an axis and its numbers). */
  together(i: number, a: number, b: number): boolean {
    const [x, y] = [this.states[i].get(a), this.states[i].get(b)];
    return !!x && !!y && x.root === y.root;
  }

  /** Runs of consecutive samples where `test` holds. */
  runs(test: (i: number) => boolean): [number, number][] {
    const out: [number, number][] = [];
    let start = -1;
    for (let i = 0; i <= this.samples.length; i++) {
      const on = i < this.samples.length && test(i);
      if (on && start < 0) start = i;
      if (!on && start >= 0) {
        out.push([start, i - 1]);
        start = -1;
      }
    }
    return out;
  }

  /** Time at rest within samples [a, b] (ms). */
  restMs(a: number, b: number, test: (i: number) => boolean = () => true): number {
    let total = 0;
    for (let i = a; i <= b; i++) if (this.atRest[i] && test(i)) total += this.spans[i];
    return total;
  }

  /** What a unit is, for a sentence: `Text "Similar triangles" (line 12)`. */
  name(id: number): string {
    const u = this.unit(id);
    const text = u.text ? ` "${oneLine(clip(u.text, 40))}"` : '';
    return `${u.type}${text}${u.line ? ` (line ${u.line}${u.calledFrom ? `, called from line ${u.calledFrom}` : ''})` : ''}`;
  }

  /** The line of the source to change, quoted: where the object was last placed, else where it was made. */
  sourceLine(id: number, line?: number | null, file?: string | null): string {
    const u = this.unit(id);
    const n = line ?? u.placedLine ?? u.calledFrom ?? u.line;
    if (!n) return 'the scene';
    const text = this.timeline.lines[`${(line ? file : null) ?? u.file ?? ''}:${n}`];
    return text ? `line ${n}: \`${oneLine(clip(text, 90))}\`` : `line ${n}`;
  }

  /** The finding as an issue on the stored frame nearest its start, inside its stretch where one is. */
  pin(f: Observation, category: string, frames: readonly FrameRef[]): IssueDraft {
    const inside = frames.filter((fr) => fr.timestampMs >= f.startMs - 1 && fr.timestampMs < f.endMs);
    const frame = inside[0] ?? nearest(frames, f.startMs);
    let region: IssueRegion | null = null;
    if (frame) {
      const i = this.indexAt(frame.timestampMs);
      const state = this.states[i]?.get(f.unit);
      if (state) region = { ...this.fractions(state.box), ...(f.edge ? { edge: f.edge } : {}) };
    }
    return {
      severity: f.severity,
      category,
      frameIndex: frame ? frame.index : null,
      location: f.location,
      description: f.description,
      suggestedFix: f.suggestedFix,
      region,
      origin: 'scene',
    };
  }

  indexAt(ms: number): number {
    let i = 0;
    while (i + 1 < this.samples.length && this.samples[i + 1].timeMs <= ms) i++;
    return i;
  }

  fractions(b: Box): IssueRegion {
    const f = (v: number, side: number) => Math.min(1, Math.max(0, v / side));
    return {
      left: f(b[0], this.frame.width),
      top: f(b[1], this.frame.height),
      right: f(b[2], this.frame.width),
      bottom: f(b[3], this.frame.height),
    };
  }

  /** "at the top right", "in the middle": where a box's centre lies. */
  place(b: Box): string {
    const x = (b[0] + b[2]) / 2 / this.frame.width;
    const y = (b[1] + b[3]) / 2 / this.frame.height;
    const row = y < 1 / 3 ? 'top' : y > 2 / 3 ? 'bottom' : '';
    const col = x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : '';
    return row || col ? `at the ${[row, col].filter(Boolean).join(' ')}` : 'in the middle';
  }

  /** From `start` to `end` in words: "from 00:02.8 to 00:06.0", "from 00:02.8 to the end". */
  span(startMs: number, endMs: number): string {
    return `from ${formatTimestamp(startMs)} ${endMs >= this.timeline.durationMs - 1 ? 'to the end' : `to ${formatTimestamp(endMs)}`}`;
  }
}

export const visible = (u: UnitState) => Math.max(u.fillOpacity, u.strokeOpacity) >= 0.05;
export const opacityOf = (u: UnitState) => Math.max(u.fillOpacity, u.strokeOpacity);
export const area = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
export const units = (v: number) => `${v.toFixed(v < 1 ? 2 : 1)} units`;
export const pct = (v: number) => `${Math.round(v * 100)}%`;

function nearest(frames: readonly FrameRef[], ms: number): FrameRef | undefined {
  return frames.reduce<FrameRef | undefined>(
    (best, f) => (!best || Math.abs(f.timestampMs - ms) < Math.abs(best.timestampMs - ms) ? f : best),
    undefined,
  );
}

export function intersection(a: Box, b: Box): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

/** How far past each edge a box reaches, px. */
export function outside(b: Box, frame: Frame): Record<Side, number> {
  return {
    left: Math.max(0, -b[0]),
    right: Math.max(0, b[2] - frame.width),
    top: Math.max(0, -b[1]),
    bottom: Math.max(0, b[3] - frame.height),
  };
}

export function cutSides(b: Box, frame: Frame): Side[] {
  const o = outside(b, frame);
  const tolerance = { left: frame.width, right: frame.width, top: frame.height, bottom: frame.height };
  return (Object.keys(o) as Side[]).filter((s) => o[s] > tolerance[s] * SCENE_RULES.edgeTolerance);
}

export const fullyOutside = (b: Box, frame: Frame) => b[2] <= 0 || b[0] >= frame.width || b[3] <= 0 || b[1] >= frame.height;

/** Share of a box's area outside the frame. */
export function outsideShare(b: Box, frame: Frame): number {
  const a = area(b);
  return a > 0 ? 1 - intersection(b, [0, 0, frame.width, frame.height]) / a : 0;
}
