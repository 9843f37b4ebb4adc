import type { EvalKind, Severity } from '../domain/types';
import type { IssueDraft, IssueRegion } from '../kinds';
import { relativeLuminance, type Rgb } from '../media/colour';
import { formatTimestamp, type FrameManifest, type FrameRef } from '../media/manifest';
import type { SceneSample, SceneTimeline, SceneUnit, UnitState } from './inspection';

/**
 * Deterministic layout findings from a recorded scene (src/scene/inspection.ts):
 * text or shapes cut by the camera's frame, text drawn over text or across
 * another object, text too small for the rendered height, text whose colour is
 * too close to what is behind it, too many readable things at once, and objects
 * left on screen long after their last animation. Exact where the pixel
 * analyzers guess: the scene says what every object is, where it is, and which
 * line of the source put it there. docs/scene-inspection.md describes each rule.
 */

/** Every threshold, in units of the frame or of time, in one place. */
export const SCENE_RULES = {
  /** A unit whose box passes the frame edge by more than this share of the frame's side is cut (antialiasing stays below). */
  edgeTolerance: 0.004,
  /** A shape whose root spans this share of the frame in both directions is structure (a plane, a field, a backdrop). */
  frameFilling: 0.9,
  /** A camera frame narrower than this share of Manim's default frame is a close-up: what it crops is framing. */
  closeUp: 0.95,
  /** Findings about a state hold for at least this long at rest (ms). */
  minRestMs: 300,
  /** Cut at rest: this share of a text's box outside the frame makes it HIGH. */
  cutHigh: 0.4,
  /** Two texts overlap when their boxes share more than this part of the smaller one. */
  textOverlap: 0.08,
  /** A stroke crosses a text when its length inside the text's inner box is at least this share of that box's height (70% of the text's). */
  strokeCrossing: 0.9,
  /** A text straddles a filled shape when this share of its box (and no more than the complement) lies over the fill. */
  straddle: [0.15, 0.85] as const,
  /** Fills at least this opaque hide what a text straddles. */
  opaqueFill: 0.6,
  /** Legible text: the median glyph at least this many pixels and this share of the frame's height. */
  minGlyphPx: 7,
  minGlyphShare: 0.012,
  /** Below this share of the legible size, tiny text is HIGH. */
  tinyHigh: 0.6,
  /** WCAG contrast ratios: below each, the severity beside it. */
  contrast: [
    [2, 'HIGH'],
    [3, 'MEDIUM'],
    [4.5, 'LOW'],
  ] as const,
  /** Text counts as shown when at least this opaque (fading in or out is not its colour). */
  settledOpacity: 0.9,
  /** Readable things on screen at once: above the first MEDIUM clutter, above the second HIGH. */
  clutter: [20, 40] as const,
  /** Left on screen: idle for at least this long after its last animation (ms). */
  leftoverMs: 3000,
} as const;

/** Coordinate systems whose numbers are tick labels, not things to read one by one. */
const COORDINATE_SYSTEMS = new Set(['Axes', 'NumberPlane', 'ComplexPlane', 'PolarPlane', 'NumberLine', 'ThreeDAxes', 'CoordinateSystem', 'UnitInterval']);

/** x0, y0, x1, y1 in video pixels: the form the inspector records boxes in (the pixel judge's boxes are fractions of the frame). */
type Box = [number, number, number, number];

interface Frame {
  width: number;
  height: number;
}

/** A finding before it is pinned to a stored frame. */
interface Finding {
  kind: EvalKind;
  severity: Severity;
  category: string;
  unit: number;
  /** When it starts and ends, ms; the stored frame shown is the first inside. */
  startMs: number;
  endMs: number;
  location: string | null;
  edge?: IssueRegion['edge'];
  description: string;
  suggestedFix: string;
}

/** The scene's findings per frame kind, each pinned to the nearest stored frame inside its stretch. */
export function sceneFindings(timeline: SceneTimeline, manifest: FrameManifest): Map<EvalKind, IssueDraft[]> {
  const scene = new Scene(timeline);
  const findings = [...clipping(scene), ...overlaps(scene), ...tinyText(scene), ...contrast(scene), ...clutter(scene), ...leftovers(scene)];
  const byKind = new Map<EvalKind, IssueDraft[]>([
    ['VISUAL_VALIDATION_JSON', []],
    ['DESIGN_VALIDATION_JSON', []],
  ]);
  for (const f of findings) byKind.get(f.kind)!.push(scene.pin(f, manifest.frames));
  return byKind;
}

/** The recorded scene with what every rule asks of it. */
class Scene {
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
    this.states = this.samples.map((s) => new Map(s.units.filter(visible).map((u) => [u.id, u])));
    this.roots = this.samples.map((s) => {
      const boxes = new Map<number, Box>();
      for (const u of s.units.filter(visible)) {
        const root = u.root;
        const b = boxes.get(root);
        boxes.set(root, b ? [Math.min(b[0], u.box[0]), Math.min(b[1], u.box[1]), Math.max(b[2], u.box[2]), Math.max(b[3], u.box[3])] : [...u.box]);
      }
      return boxes;
    });
    const fills = (b: Box) => b[2] - b[0] >= this.frame.width * SCENE_RULES.frameFilling && b[3] - b[1] >= this.frame.height * SCENE_RULES.frameFilling;
    this.fillingRoots = new Set(this.roots.flatMap((boxes) => [...boxes].filter(([, b]) => fills(b)).map(([root]) => root)));
  }

  unit(id: number): SceneUnit {
    return this.timeline.units[String(id)];
  }

  /** Every unit seen, in the order first seen. */
  unitIds(): number[] {
    const seen = new Set<number>();
    for (const s of this.states) for (const id of s.keys()) seen.add(id);
    return [...seen];
  }

  /**
   * Whether the unit belongs to a frame-filling root (a plane, a vector field, a
   * backdrop): one that fills the frame in any sample, so a field still being
   * drawn arrow by arrow is a field already.
   */
  isStructure(i: number, id: number): boolean {
    const state = this.states[i].get(id);
    return !!state && this.fillingRoots.has(state.root);
  }

  /** Scene units per pixel in a sample (the camera may zoom). */
  unitsPerPx(i: number): number {
    return this.samples[i].camera.width / this.frame.width;
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
    const text = u.text ? ` "${clip(u.text, 40)}"` : '';
    return `${u.type}${text}${u.line ? ` (line ${u.line}${u.calledFrom ? `, called from line ${u.calledFrom}` : ''})` : ''}`;
  }

  /** The line of the source to change, quoted: where the object was last placed, else where it was made. */
  sourceLine(id: number, line?: number | null, file?: string | null): string {
    const u = this.unit(id);
    const n = line ?? u.placedLine ?? u.calledFrom ?? u.line;
    if (!n) return 'the scene';
    const text = this.timeline.lines[`${(line ? file : null) ?? u.file ?? ''}:${n}`];
    return text ? `line ${n}: \`${clip(text, 90)}\`` : `line ${n}`;
  }

  /** The finding as an issue on the stored frame nearest its start, inside its stretch where one is. */
  pin(f: Finding, frames: readonly FrameRef[]): IssueDraft {
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
      category: f.category,
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
    return { left: f(b[0], this.frame.width), top: f(b[1], this.frame.height), right: f(b[2], this.frame.width), bottom: f(b[3], this.frame.height) };
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

const visible = (u: UnitState) => Math.max(u.fillOpacity, u.strokeOpacity) >= 0.05;
const opacityOf = (u: UnitState) => Math.max(u.fillOpacity, u.strokeOpacity);
const area = (b: Box) => Math.max(0, b[2] - b[0]) * Math.max(0, b[3] - b[1]);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s).replace(/\s+/g, ' ');
const units = (v: number) => `${v.toFixed(v < 1 ? 2 : 1)} units`;
const pct = (v: number) => `${Math.round(v * 100)}%`;

function nearest(frames: readonly FrameRef[], ms: number): FrameRef | undefined {
  return frames.reduce<FrameRef | undefined>((best, f) => (!best || Math.abs(f.timestampMs - ms) < Math.abs(best.timestampMs - ms) ? f : best), undefined);
}

function intersection(a: Box, b: Box): number {
  return area([Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])]);
}

type Side = 'left' | 'right' | 'top' | 'bottom';

/** How far past each edge a box reaches, px. */
function outside(b: Box, frame: Frame): Record<Side, number> {
  return { left: Math.max(0, -b[0]), right: Math.max(0, b[2] - frame.width), top: Math.max(0, -b[1]), bottom: Math.max(0, b[3] - frame.height) };
}

function cutSides(b: Box, frame: Frame): Side[] {
  const o = outside(b, frame);
  const tolerance = { left: frame.width, right: frame.width, top: frame.height, bottom: frame.height };
  return (Object.keys(o) as Side[]).filter((s) => o[s] > tolerance[s] * SCENE_RULES.edgeTolerance);
}

const fullyOutside = (b: Box, frame: Frame) => b[2] <= 0 || b[0] >= frame.width || b[3] <= 0 || b[1] >= frame.height;

/** Share of a box's area outside the frame. */
function outsideShare(b: Box, frame: Frame): number {
  const a = area(b);
  return a > 0 ? 1 - intersection(b, [0, 0, frame.width, frame.height]) / a : 0;
}

/**
 * Cut by the frame edge. At rest (no animation playing, the camera not in a
 * close-up) a cut that lasts is a defect, wherever it began; a unit that slides
 * out of the frame while the rest stays, and is not part of something scrolling
 * through or of a camera move, is a lighter one (an exit that reads as a loss).
 */
function clipping(scene: Scene): Finding[] {
  const { frame } = scene;
  const findings: Finding[] = [];
  for (const id of scene.unitIds()) {
    const u = scene.unit(id);
    const cutAt = (i: number) => {
      const s = scene.states[i].get(id);
      return !!s && !scene.closeUp[i] && !(!u.isText && scene.isStructure(i, id)) && !fullyOutside(s.box, frame) && cutSides(s.box, frame).length > 0;
    };
    for (const [a, b] of scene.runs(cutAt)) {
      const rest = scene.restMs(a, b);
      const last = b === scene.samples.length - 1;
      if (rest < SCENE_RULES.minRestMs && !(last && scene.atRest[b])) continue;
      // The state at rest that shows the cut best: the last one.
      let r = b;
      while (r > a && !scene.atRest[r]) r--;
      const s = scene.states[r].get(id)!;
      const sides = cutSides(s.box, frame);
      const o = outside(s.box, frame);
      const side = sides.reduce((x, y) => (o[y] > o[x] ? y : x));
      const share = outsideShare(s.box, frame);
      const perPx = scene.unitsPerPx(r);
      const widthUnits = (s.box[2] - s.box[0]) * perPx;
      const tooWide = s.box[2] - s.box[0] > frame.width || s.box[3] - s.box[1] > frame.height;
      const startMs = scene.samples[a].timeMs;
      const endMs = scene.endOf(b);
      // The animation that took it past the edge, if one did (it was inside when it began): that is the line to change.
      const mover = scene.timeline.plays.find((p) => {
        if (!p.units.includes(id) || p.start > startMs || startMs >= p.end || p.animations.every((x) => x === 'Wait')) return false;
        const before = scene.states[scene.indexAt(p.start)].get(id);
        return !!before && cutSides(before.box, frame).length === 0;
      });
      const where = mover ? scene.sourceLine(id, mover.line, mover.file) : scene.sourceLine(id);
      findings.push({
        kind: 'VISUAL_VALIDATION_JSON',
        severity: u.isText && share >= SCENE_RULES.cutHigh ? 'HIGH' : 'MEDIUM',
        category: 'clipped_content',
        unit: id,
        startMs,
        endMs,
        location: sides.length > 1 ? `${sides.join(' and ')} edges` : `${side} edge`,
        edge: side,
        description:
          `${scene.name(id)} is cut by the ${sides.join(' and ')} edge${sides.length > 1 ? 's' : ''} of the frame ${scene.span(startMs, endMs)}: ` +
          `${pct(share)} of it is outside, ${units(o[side] * perPx)} past the ${side} edge${tooWide ? `; it is ${units(widthUnits)} wide, wider than the frame` : ''}.`,
        suggestedFix: tooWide
          ? `${where}: it does not fit the frame: \`scale_to_fit_width(config.frame_width - 1)\` or a smaller \`font_size\`, or split it over two lines.`
          : `${where} leaves it ${units(o[side] * perPx)} past the ${side} edge: move it ${units(o[side] * perPx + 0.3)} back inside (\`shift(${shiftTowards(side)} * ${(o[side] * perPx + 0.3).toFixed(1)})\`), or \`to_edge(${side.toUpperCase()}, buff=0.5)\`.`,
      });
    }
    findings.push(...slidesOut(scene, id));
  }
  return findings;
}

const shiftTowards = (side: Side) => ({ left: 'RIGHT', right: 'LEFT', top: 'DOWN', bottom: 'UP' })[side];

/**
 * A unit that an animation moves from inside the frame out through an edge, and
 * that does not come back: alone (not scrolling with its group, not the camera
 * moving). The last frame the play renders shows it; what follows may remove it.
 */
function slidesOut(scene: Scene, id: number): Finding[] {
  const { frame } = scene;
  const u = scene.unit(id);
  const findings: Finding[] = [];
  for (const play of scene.timeline.plays) {
    if (!play.units.includes(id) || play.end <= play.start) continue;
    const a = scene.indexAt(play.start);
    const b = scene.indexAt(play.end - 1);
    if (b < a) continue;
    const before = scene.states[a].get(id);
    const after = scene.states[b].get(id);
    if (!before || !after || scene.closeUp[a] || fullyOutside(before.box, frame) || cutSides(before.box, frame).length > 0) continue;
    if (cutSides(after.box, frame).length === 0 || opacityOf(after) < 0.5) continue;
    // It stays out: from the end of the play on, it is gone or still outside.
    const next = scene.indexAt(play.end);
    const back = next > b && [...Array(scene.samples.length - next).keys()].some((k) => {
      const s = scene.states[next + k].get(id);
      return s && cutSides(s.box, frame).length === 0 && !fullyOutside(s.box, frame);
    });
    const stillCut = scene.states[next]?.get(id);
    if (back || (stillCut && !fullyOutside(stillCut.box, frame))) continue;
    const cam = (i: number) => scene.samples[i].camera;
    if (cam(a).x !== cam(b).x || cam(a).y !== cam(b).y || cam(a).width !== cam(b).width) continue;
    // Scrolling: its group reaches past the frame, or another part of it comes into the frame while it goes out.
    const root = scene.roots[b].get(after.root);
    const cameIn = (other: number, s: UnitState) => {
      if (other === id || s.root !== after.root || fullyOutside(s.box, frame)) return false;
      const earlier = scene.states[a].get(other);
      return !earlier || fullyOutside(earlier.box, frame);
    };
    const scrolling = (root && (root[2] - root[0] > frame.width || root[3] - root[1] > frame.height)) || [...scene.states[b].entries()].some(([other, s]) => cameIn(other, s));
    if (scrolling || (!u.isText && scene.isStructure(a, id))) continue;
    let first = a;
    while (first < b && cutSides(scene.states[first].get(id)?.box ?? before.box, frame).length === 0) first++;
    const o = outside(after.box, frame);
    const side = (Object.keys(o) as Side[]).reduce((x, y) => (o[y] > o[x] ? y : x));
    findings.push({
      kind: 'VISUAL_VALIDATION_JSON',
      severity: 'LOW',
      category: 'off_screen',
      unit: id,
      startMs: scene.samples[first].timeMs,
      endMs: play.end,
      location: `${side} edge`,
      edge: side,
      description: `${scene.name(id)} slides out through the ${side} edge ${scene.span(scene.samples[first].timeMs, play.end)} and does not come back.`,
      suggestedFix: `${scene.sourceLine(id, play.line, play.file)} moves it off screen: if it should leave, \`FadeOut(...)\` reads as an exit; if not, keep its end position inside the frame.`,
    });
  }
  return findings;
}

/**
 * Text drawn over text, across another object's stroke, or straddling a filled
 * shape it does not belong to, for a while at rest. Parts of one group (an
 * axis and its numbers) belong together; a frame-filling structure (a grid)
 * is meant to run behind labels.
 */
function overlaps(scene: Scene): Finding[] {
  const findings: Finding[] = [];
  const reported = new Set<string>();
  const texts = scene.unitIds().filter((id) => scene.unit(id).isText);
  for (const id of texts) {
    const pairs = new Map<string, { other: number; what: 'text' | 'stroke' | 'fill'; at: number[] }>();
    for (let i = 0; i < scene.samples.length; i++) {
      const s = scene.states[i].get(id);
      if (!s || !scene.atRest[i] || opacityOf(s) < 0.5) continue;
      for (const otherId of texts) {
        if (otherId <= id) continue;
        const o = scene.states[i].get(otherId);
        if (!o || opacityOf(o) < 0.5) continue;
        const shared = intersection(s.box, o.box) / Math.max(1, Math.min(area(s.box), area(o.box)));
        if (shared > SCENE_RULES.textOverlap) add(pairs, `t${otherId}`, otherId, 'text', i);
      }
      for (const c of s.crossings) {
        if (c.lengthPx < (s.box[3] - s.box[1]) * 0.7 * SCENE_RULES.strokeCrossing || scene.together(i, id, c.unit) || scene.isStructure(i, c.unit)) continue;
        const panel = s.behind && s.behind.unit >= 0 && s.behind.opacity >= SCENE_RULES.opaqueFill && s.behind.share >= SCENE_RULES.straddle[1] && (scene.states[i].get(s.behind.unit)?.z ?? -1) > (scene.states[i].get(c.unit)?.z ?? -1);
        if (!panel) add(pairs, `s${c.unit}`, c.unit, 'stroke', i);
      }
      const b = s.behind;
      if (b && b.unit >= 0 && b.opacity >= SCENE_RULES.opaqueFill && b.share >= SCENE_RULES.straddle[0] && b.share <= SCENE_RULES.straddle[1] && !scene.together(i, id, b.unit) && !scene.isStructure(i, b.unit)) {
        add(pairs, `f${b.unit}`, b.unit, 'fill', i);
      }
    }
    for (const pair of pairs.values()) {
      const restMs = pair.at.reduce((sum, i) => sum + scene.spans[i], 0);
      if (restMs < SCENE_RULES.minRestMs) continue;
      const dedupe = [id, pair.other].sort().join('-');
      if (reported.has(dedupe)) continue;
      reported.add(dedupe);
      const first = pair.at[0];
      const lastAt = pair.at.at(-1)!;
      const s = scene.states[first].get(id)!;
      const what = pair.what === 'text' ? `is drawn over ${scene.name(pair.other)}` : pair.what === 'stroke' ? `has ${scene.name(pair.other)} running through it` : `straddles the edge of the filled ${scene.name(pair.other)}`;
      const startMs = scene.samples[first].timeMs;
      const endMs = scene.endOf(lastAt);
      findings.push({
        kind: 'VISUAL_VALIDATION_JSON',
        severity: 'MEDIUM',
        category: 'overlap',
        unit: id,
        startMs,
        endMs,
        location: scene.place(s.box),
        description: `${scene.name(id)} ${what} ${scene.span(startMs, endMs)}: the text is hard to read.`,
        suggestedFix:
          pair.what === 'text'
            ? `${scene.sourceLine(id)}: place it clear of the other text, e.g. \`next_to(other, DOWN, buff=0.3)\`, or fade the other out first.`
            : `${scene.sourceLine(id)}: move it off the ${pair.what === 'stroke' ? 'line' : 'shape'} (\`next_to(shape, UP, buff=0.2)\`), or give it a backing: \`add_background_rectangle()\`.`,
      });
    }
  }
  return findings;
}

function add(pairs: Map<string, { other: number; what: 'text' | 'stroke' | 'fill'; at: number[] }>, key: string, other: number, what: 'text' | 'stroke' | 'fill', i: number): void {
  const pair = pairs.get(key) ?? pairs.set(key, { other, what, at: [] }).get(key)!;
  pair.at.push(i);
}

/** The smallest legible median glyph for the rendered height, px. */
export function legibleGlyphPx(height: number): number {
  return Math.max(SCENE_RULES.minGlyphPx, height * SCENE_RULES.minGlyphShare);
}

/** Text shown at rest whose letters are smaller than legible at the video's height; the parts of one group (axis numbers) are one finding. */
function tinyText(scene: Scene): Finding[] {
  const least = legibleGlyphPx(scene.frame.height);
  const groups = new Map<number, { ids: number[]; a: number; b: number; glyph: number }>();
  for (const id of scene.unitIds().filter((id) => scene.unit(id).isText)) {
    const tiny = (i: number) => {
      const s = scene.states[i].get(id);
      return !!s && s.glyphPx !== null && opacityOf(s) >= SCENE_RULES.settledOpacity && !fullyOutside(s.box, scene.frame) && s.glyphPx < least;
    };
    const runs = scene.runs(tiny).filter(([a, b]) => scene.restMs(a, b) >= SCENE_RULES.minRestMs);
    if (runs.length === 0) continue;
    const a = runs[0][0];
    const b = runs.at(-1)![1];
    const glyph = scene.states[a].get(id)!.glyphPx!;
    const group = groups.get(scene.unit(id).root);
    if (!group) groups.set(scene.unit(id).root, { ids: [id], a, b, glyph });
    else Object.assign(group, { ids: [...group.ids, id], a: Math.min(group.a, a), b: Math.max(group.b, b), glyph: Math.min(group.glyph, glyph) });
  }
  return [...groups.values()].map(({ ids, a, b, glyph }) => {
    const id = ids[0];
    const factor = Math.ceil((least / glyph) * 10) / 10;
    const what = ids.length > 1 ? `${ids.length} pieces of text of ${scene.unit(id).rootType} (${ids.slice(0, 3).map((i) => `"${clip(scene.unit(i).text ?? '', 12)}"`).join(', ')}${ids.length > 3 ? ', …' : ''}; line ${scene.unit(id).line})` : scene.name(id);
    return {
      kind: 'VISUAL_VALIDATION_JSON' as const,
      severity: glyph < least * SCENE_RULES.tinyHigh ? ('HIGH' as const) : ('MEDIUM' as const),
      category: 'unreadable_text',
      unit: id,
      startMs: scene.samples[a].timeMs,
      endMs: scene.endOf(b),
      location: scene.place(scene.states[a].get(id)!.box),
      description: `${what} ${ids.length > 1 ? 'are' : 'is'} too small to read at ${scene.frame.height}p ${scene.span(scene.samples[a].timeMs, scene.endOf(b))}: letters ${glyph.toFixed(1)} px high, legible text needs ${least.toFixed(1)} px.`,
      suggestedFix: `${scene.sourceLine(id, scene.unit(id).line)}: make it at least ${factor}x larger (\`font_size\` times ${factor}, or \`scale(${factor})\`).`,
    };
  });
}

function rgbOf(hex: string): Rgb {
  return [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
}

function blend(top: Rgb, alpha: number, under: Rgb): Rgb {
  return [0, 1, 2].map((c) => top[c] * alpha + under[c] * (1 - alpha)) as Rgb;
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const hexOf = (c: Rgb) => `#${c.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;

/** The text colour moved towards white or black (whichever the background is far from) until it reaches `target`. */
function readableColour(text: Rgb, behind: Rgb, target: number): Rgb {
  const towards: Rgb = relativeLuminance(behind) < 0.18 ? [255, 255, 255] : [0, 0, 0];
  for (let t = 0; t <= 1.0001; t += 0.05) {
    const c = blend(towards, t, text);
    if (contrastRatio(c, behind) >= target) return c;
  }
  return towards;
}

/** Text whose colour is too close to the background or the fill behind it (WCAG 2.x contrast ratio). */
function contrast(scene: Scene): Finding[] {
  const findings: Finding[] = [];
  for (const id of scene.unitIds().filter((id) => scene.unit(id).isText)) {
    const ratioAt = (i: number): { ratio: number; text: Rgb; behind: Rgb; on: string } | null => {
      const s = scene.states[i].get(id);
      if (!s?.fill || s.fillOpacity < SCENE_RULES.settledOpacity || fullyOutside(s.box, scene.frame)) return null;
      const background = rgbOf(scene.samples[i].background);
      const b = s.behind;
      const behind = b && b.unit >= 0 && b.fill && b.share >= 0.5 ? blend(rgbOf(b.fill), b.opacity, background) : background;
      const text = blend(rgbOf(s.fill), s.fillOpacity, behind);
      return { ratio: contrastRatio(text, behind), text, behind, on: b && b.unit >= 0 && b.share >= 0.5 ? `the fill of ${scene.name(b.unit)}` : 'the background' };
    };
    const weak = (i: number) => (ratioAt(i)?.ratio ?? 99) < SCENE_RULES.contrast.at(-1)![0];
    const runs = scene.runs(weak).filter(([a, b]) => scene.restMs(a, b) >= 1000);
    if (runs.length === 0) continue;
    const [a] = runs[0];
    const b = runs.at(-1)![1];
    let worst = a;
    for (const [x, y] of runs) for (let i = x; i <= y; i++) if (scene.atRest[i] && ratioAt(i)!.ratio < ratioAt(worst)!.ratio) worst = i;
    const w = ratioAt(worst)!;
    const severity = SCENE_RULES.contrast.find(([limit]) => w.ratio < limit)![1];
    const better = readableColour(w.text, w.behind, 4.5);
    findings.push({
      kind: 'DESIGN_VALIDATION_JSON',
      severity,
      category: 'low_contrast',
      unit: id,
      startMs: scene.samples[a].timeMs,
      endMs: scene.endOf(b),
      location: scene.place(scene.states[worst].get(id)!.box),
      description: `${scene.name(id)} in ${hexOf(w.text)} on ${w.on} (${hexOf(w.behind)}) has a contrast ratio of ${w.ratio.toFixed(2)}:1 ${scene.span(scene.samples[a].timeMs, scene.endOf(b))}; WCAG asks 4.5:1 for text (3:1 for large text).`,
      suggestedFix: `${scene.sourceLine(id, scene.unit(id).line)}: use a colour with at least 4.5:1 against ${hexOf(w.behind)}, e.g. \`color="${hexOf(better)}"\`.`,
    });
  }
  return findings;
}

/** Too many readable things on screen at once, at rest: tick labels of an axis count as one. */
function clutter(scene: Scene): Finding[] {
  const counts = scene.samples.map((_, i) => {
    const roots = new Set<number>();
    let n = 0;
    for (const [id, s] of scene.states[i]) {
      const u = scene.unit(id);
      if (!u.isText || opacityOf(s) < 0.5 || fullyOutside(s.box, scene.frame)) continue;
      if (COORDINATE_SYSTEMS.has(u.rootType)) {
        if (!roots.has(u.root)) n++;
        roots.add(u.root);
      } else n++;
    }
    return n;
  });
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
  return [{
    kind: 'DESIGN_VALIDATION_JSON',
    severity: counts[peak] > high ? 'HIGH' : 'MEDIUM',
    category: 'clutter',
    unit: biggest,
    startMs: scene.samples[a].timeMs,
    endMs: scene.endOf(b),
    location: null,
    description: `${counts[peak]} pieces of text are on screen at once at ${formatTimestamp(scene.samples[peak].timeMs)} (${scene.span(scene.samples[a].timeMs, scene.endOf(b))} more than ${medium}): too many to read.`,
    suggestedFix: `Show at most ${medium} at a time (made at line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 6).join(', ')}${lines.length > 6 ? ', …' : ''}): reveal them in groups and \`FadeOut\` each group before the next, or split the scene.`,
  }];
}

/**
 * An object left on screen after the scene moved on: something that came in
 * with it was taken away after its last animation, but it stays to the end.
 * LOW, a hint, never a failure; coordinate systems and frame-filling structure
 * are meant to stay.
 */
function leftovers(scene: Scene): Finding[] {
  const { durationMs } = scene.timeline;
  const last = scene.samples.length - 1;
  if (last < 0) return [];
  const firstSeen = new Map<number, number>();
  const lastSeen = new Map<number, number>();
  scene.states.forEach((states, i) => {
    for (const id of states.keys()) {
      if (!firstSeen.has(id)) firstSeen.set(id, scene.samples[i].timeMs);
      lastSeen.set(id, scene.endOf(i));
    }
  });
  const findings: Finding[] = [];
  const reportedRoots = new Set<number>();
  for (const [id, s] of scene.states[last]) {
    const u = scene.unit(id);
    if (reportedRoots.has(u.root) || COORDINATE_SYSTEMS.has(u.rootType) || scene.isStructure(last, id)) continue;
    const lastPlay = scene.timeline.plays.filter((p) => p.units.includes(id) && !p.animations.every((a) => a === 'Wait')).at(-1);
    if (!lastPlay || durationMs - lastPlay.end < SCENE_RULES.leftoverMs) continue;
    const cameIn = firstSeen.get(id)!;
    const partner = [...firstSeen.entries()].find(([other, t]) => other !== id && scene.unit(other).root !== u.root && Math.abs(t - cameIn) <= 100 && !scene.states[last].has(other) && lastSeen.get(other)! > lastPlay.end);
    if (!partner) continue;
    reportedRoots.add(u.root);
    findings.push({
      kind: 'DESIGN_VALIDATION_JSON',
      severity: 'LOW',
      category: 'clutter',
      unit: id,
      startMs: lastPlay.end,
      endMs: durationMs,
      location: scene.place(s.box),
      description: `${scene.name(id)} stays on screen to the end, ${((durationMs - lastPlay.end) / 1000).toFixed(1)} s after its last animation at ${formatTimestamp(lastPlay.end)}, though ${scene.name(partner[0])}, which came in with it, was taken away at ${formatTimestamp(lastSeen.get(partner[0])!)}.`,
      suggestedFix: `If it is no longer needed, \`FadeOut\` it with the other (${scene.sourceLine(id, lastPlay.line, lastPlay.file)} is its last animation).`,
    });
  }
  return findings;
}
