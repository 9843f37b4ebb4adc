import { z } from 'zod';

/** Texts (each distinct string a text or formula shows) one recording may report. */
const MAX_TEXTS = 10_000;

/** The longest .tex text the inspector may report compiling (Manim's template alone is about 600 characters). */
export const TEX_TEXT_CHARS = 64 * 1024;

/**
 * What the scene inspector (scene-inspector/inspect_scene.py) reports about one
 * scene: every visible object over time, in the video's pixel coordinates. It
 * comes out of a sandbox running untrusted code, so it is validated and bounded
 * here before anything reads it (docs/scene-inspection.md).
 */

const hexColour = z.string().regex(/^#[0-9a-f]{6}$/);
const px = z.number().finite().min(-1e6).max(1e6);
const id = z.number().int().min(0).max(1e7);
const ms = z
  .number()
  .int()
  .min(0)
  .max(24 * 3600 * 1000);
const share = z.number().finite().min(0).max(1e3);

/** A unit on screen in one sample: a text object as a whole, or one shape. */
const UnitRow = z.tuple([
  id,
  px, // x0
  px, // y0
  px, // x1
  px, // y1
  z.number().int().min(0).max(1e7), // draw order
  hexColour.nullable(), // fill
  share, // fill opacity
  hexColour.nullable(), // stroke
  share, // stroke opacity
  px.nullable(), // letter height (text)
  z.tuple([z.number().int().min(-1).max(1e7), hexColour.nullable(), share, share]).nullable(), // behind the text: unit (-1 background), fill, opacity, share of the box
  z
    .array(z.tuple([id, px]))
    .max(2000)
    .nullable(), // strokes crossing the text's inner box: unit, length in pixels
  id, // the mobject in the scene it is part of now
]);

const Sample = z.object({
  t: ms,
  n: z.number().int().min(0),
  cam: z.union([z.tuple([px, px, px, px]), z.tuple([px, px, px, px, px, px, px, px])]),
  bg: hexColour,
  u: z.array(UnitRow).max(600),
  /** Texts drawn exactly over another (one outline, a pixel apart at most): [the later, the earlier in draw order]. */
  same: z
    .array(z.tuple([id, id]))
    .max(600)
    .optional(),
});

const Unit = z.object({
  type: z.string().max(100),
  text: z.string().max(4000).nullable(),
  file: z.string().max(500).nullable(),
  line: z.number().int().min(0).nullable(),
  calledFrom: z.number().int().min(0).nullable().optional(),
  root: id,
  rootType: z.string().max(100),
  /** The source line that made the root, when it is not the unit itself (the `VGroup` of a list of texts). */
  rootLine: z.number().int().min(0).nullable().optional(),
  /** The root's class and its bases, nearest first: what it is (a `BarChart` is an `Axes`, a `CoordinateSystem`). */
  rootClasses: z.array(z.string().max(100)).max(32).optional(),
  isText: z.boolean(),
  /** Part of a shape made to mark a target (a frame, a backing, a brace, an underline, a cross). */
  highlight: z.boolean().optional(),
  /** A stroke without fill whose ends do not meet: a line, a plot, an arc. */
  open: z.boolean().optional(),
  placedLine: z.number().int().min(0).optional(),
  /** Placed by randomness the render did not seed: where the video shows it is not recorded (its layout is the pixels'). */
  unseeded: z.boolean().optional(),
  /** Kept its place but coloured by randomness the render did not seed (or what is behind it was): its contrast is the pixels'. */
  unseededColour: z.boolean().optional(),
  /** A text's shown text over time: from each time (ms), the index in `texts` of what it shows (its own, or a transform's target). */
  shows: z
    .array(z.tuple([ms, z.number().int().min(0).max(MAX_TEXTS)]))
    .max(MAX_TEXTS)
    .optional(),
});

const Play = z.object({
  i: z.number().int().min(0),
  start: ms,
  end: ms,
  file: z.string().max(500).nullable(),
  line: z.number().int().min(0).nullable(),
  animations: z.array(z.string().max(100)).max(1000),
  units: z.array(id).max(100_000),
  /**
   * The texts an animation of the play moves, with its class (`Write`, `FadeOut`, `_MethodAnimation`), and for a
   * matching transform the share of the text's glyphs it keeps (moves to their place in the new text).
   */
  texts: z
    .array(z.union([z.tuple([id, z.string().max(100)]), z.tuple([id, z.string().max(100), z.number().min(0).max(1)])]))
    .max(100_000)
    .optional(),
});

/** A text or formula the scene shows: its string as written, how it is written, the line that made it, its glyphs drawn. */
const ShownText = z.object({
  text: z.string().max(4000),
  mode: z.enum(['math', 'tex', 'text']),
  file: z.string().max(500).nullable(),
  line: z.number().int().min(0).nullable(),
  glyphs: z.number().int().min(0).max(1e6),
});

/** What the computer algebra system found of one formula or one step (scene-inspector/check_math.py). */
const MathVerdict = z.object({
  status: z.enum(['ok', 'wrong', 'skipped']),
  why: z.string().max(400).optional(),
  claim: z.string().max(100).optional(),
  left: z.string().max(400).optional(),
  right: z.string().max(400).optional(),
  relation: z.string().max(10).optional(),
  before: z.string().max(400).optional(),
  after: z.string().max(400).optional(),
  expected: z.string().max(400).nullable().optional(),
  detail: z.string().max(400).optional(),
  pair: z.number().int().min(0).optional(),
  /** The line of a multi-line formula whose step is wrong. */
  line: z.number().int().min(0).optional(),
  cpuMs: z.number().finite().min(0).optional(),
});

const MathAnswer = z.object({
  /** One per entry of `texts`. */
  formulas: z.array(MathVerdict).max(MAX_TEXTS),
  steps: z
    .array(MathVerdict.extend({ from: z.number().int().min(0), to: z.number().int().min(0), layout: z.boolean().optional() }))
    .max(MAX_TEXTS),
  budgetSpent: z.boolean(),
  cpuSeconds: z.number().finite().min(0).optional(),
  startCpuSeconds: z.number().finite().min(0).optional(),
  error: z.string().max(400).optional(),
});

const Candidate = z.object({ name: z.string().max(200), durationMs: ms.optional(), error: z.string().max(4000).optional() });

const SceneAnswer = z.object({
  status: z.enum(['ok', 'no-scene', 'error', 'mismatch', 'ambiguous']),
  error: z.string().max(4000).optional(),
  candidates: z.array(Candidate).max(1000).optional(),
  cpuSeconds: z.number().finite().min(0).optional(),
  tex: z
    .object({
      compiles: z.number().int().min(0),
      ownCpuSeconds: z.number().finite().min(0),
      compilerCpuSeconds: z.number().finite().min(0),
      cacheHits: z.number().int().min(0).optional(),
    })
    .optional(),
  scene: z.string().max(200).optional(),
  durationMs: ms.optional(),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
  fps: z.number().positive().optional(),
  frameWidth: px.nullable().optional(),
  frameHeight: px.nullable().optional(),
  units: z.record(z.string().regex(/^\d+$/), Unit).optional(),
  samples: z.array(Sample).max(4000).optional(),
  plays: z.array(Play).max(100_000).optional(),
  texts: z.array(ShownText).max(MAX_TEXTS).optional(),
  /**
   * Derivation steps: a transform turned text `from` into text `to` (indices in `texts`) at `t` ms, in play `i`;
   * `layout` when the later was written below the earlier (or in its place), not transformed from it.
   */
  steps: z
    .array(
      z.union([
        z.tuple([z.number().int().min(0), z.number().int().min(0), ms, z.number().int().min(0)]),
        z.tuple([z.number().int().min(0), z.number().int().min(0), ms, z.number().int().min(0), z.literal('layout')]),
      ]),
    )
    .max(MAX_TEXTS)
    .optional(),
  math: MathAnswer.optional(),
  notes: z.array(z.string().max(1000)).max(100).optional(),
});

export const JobResultSchema = SceneAnswer.extend({
  /** Ambiguous: the answers of every scene whose timeline matches the video. */
  matches: z.array(SceneAnswer).max(200).optional(),
});

export const InspectorAnswerSchema = z.object({
  protocol: z.literal(1),
  manim: z.string().max(100).optional(),
  importCpuSeconds: z.number().finite().min(0).optional(),
  notes: z.array(z.string().max(1000)).max(100).optional(),
  error: z.string().max(4000).optional(),
  /** The .tex texts the scene compiled that the TeX cache did not serve: what the cache is filled with. */
  texCompiled: z.array(z.string().max(TEX_TEXT_CHARS)).max(200).optional(),
  results: z.array(JobResultSchema).max(1000),
});

export type InspectorAnswer = z.infer<typeof InspectorAnswerSchema>;
export type InspectorJobResult = z.infer<typeof JobResultSchema>;
export type SceneUnit = z.infer<typeof Unit>;
export type ScenePlay = z.infer<typeof Play>;
export type SceneText = z.infer<typeof ShownText>;
export type SceneMath = z.infer<typeof MathAnswer>;
export type MathCheck = z.infer<typeof MathVerdict>;

/** One unit in one sample, by name. */
export interface UnitState {
  id: number;
  box: [number, number, number, number];
  z: number;
  fill: string | null;
  fillOpacity: number;
  stroke: string | null;
  strokeOpacity: number;
  glyphPx: number | null;
  behind: { unit: number; fill: string | null; opacity: number; share: number } | null;
  /** Strokes of other units inside the text's box (inset 8% across, 15% top and bottom): their length, px. */
  crossings: { unit: number; lengthPx: number }[];
  /** The mobject in the scene it is part of in this sample. */
  root: number;
  /** A text drawn exactly over this earlier one (a Transform's source showing its target's glyphs): one text drawn twice. */
  copyOf?: number;
}

export interface SceneSample {
  timeMs: number;
  /** The camera's frame in scene units: centre and size; a 3D camera's orientation (phi, theta, gamma in degrees, zoom). */
  camera: { x: number; y: number; width: number; height: number; orientation: number[] };
  background: string;
  units: UnitState[];
}

/** A successful inspection, as stored with the pipeline run and read by the scene findings and the report. */
export interface SceneTimeline {
  scene: string;
  manim: string | null;
  durationMs: number;
  width: number;
  height: number;
  fps: number;
  /** Manim's default frame, scene units (the camera's frame in a sample can differ: zoom). */
  frameWidth: number;
  frameHeight: number;
  units: Record<string, SceneUnit>;
  samples: SceneSample[];
  plays: ScenePlay[];
  /** Every text and formula shown (absent in timelines recorded before texts were). */
  texts?: SceneText[];
  /** Derivation steps: [from, to, ms, play, 'layout'?] (indices in `texts`). */
  steps?: ([number, number, number, number] | [number, number, number, number, 'layout'])[];
  /** The computer algebra system's verdicts on the formulas and steps, when it ran. */
  math?: SceneMath;
  /** The source lines findings quote, `file:line` -> text. */
  lines: Record<string, string>;
  notes: string[];
}

export function toSample(raw: z.infer<typeof Sample>): SceneSample {
  const copies = new Map(raw.same ?? []);
  return {
    timeMs: raw.t,
    camera: { x: raw.cam[0], y: raw.cam[1], width: raw.cam[2], height: raw.cam[3], orientation: raw.cam.slice(4) },
    background: raw.bg,
    units: raw.u.map(([uid, x0, y0, x1, y1, zIndex, fill, fillOpacity, stroke, strokeOpacity, glyphPx, behind, crossings, root]) => ({
      id: uid,
      box: [x0, y0, x1, y1],
      z: zIndex,
      fill,
      fillOpacity,
      stroke,
      strokeOpacity,
      glyphPx,
      behind: behind && { unit: behind[0], fill: behind[1], opacity: behind[2], share: behind[3] },
      crossings: (crossings ?? []).map(([unit, lengthPx]) => ({ unit, lengthPx })),
      root,
      ...(copies.has(uid) && { copyOf: copies.get(uid) }),
    })),
  };
}

/** The sample showing the scene at `ms`: the last one at or before it. */
export function sampleAt(timeline: Pick<SceneTimeline, 'samples'>, ms: number): SceneSample | null {
  const { samples } = timeline;
  let lo = 0;
  let hi = samples.length - 1;
  if (hi < 0 || samples[0].timeMs > ms) return samples[0] ?? null;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (samples[mid].timeMs <= ms) lo = mid;
    else hi = mid - 1;
  }
  return samples[lo];
}

/** What randomness the render did not seed drew, as the inspector marked it: some units' places, some only their colours. */
export function drawnByChance(timeline: Pick<SceneTimeline, 'units'>): { placed: boolean; coloured: boolean } {
  const units = Object.values(timeline.units);
  return { placed: units.some((u) => u.unseeded), coloured: units.some((u) => u.unseededColour) };
}

/** A successful job's result as the timeline the findings read; null when it is not one. */
export function timelineOf(result: z.infer<typeof SceneAnswer>, manim: string | null, lines: Record<string, string>): SceneTimeline | null {
  if (
    result.status !== 'ok' ||
    !result.samples ||
    !result.units ||
    !result.plays ||
    !result.width ||
    !result.height ||
    !result.fps ||
    result.durationMs === undefined
  )
    return null;
  return {
    scene: result.scene ?? '',
    manim,
    durationMs: result.durationMs,
    width: result.width,
    height: result.height,
    fps: result.fps,
    frameWidth: result.frameWidth ?? result.samples[0]?.cam[2] ?? 14.22,
    frameHeight: result.frameHeight ?? result.samples[0]?.cam[3] ?? 8,
    units: result.units,
    samples: result.samples.map(toSample),
    plays: result.plays,
    ...(result.texts && { texts: result.texts }),
    ...(result.steps && { steps: result.steps }),
    ...(result.math && { math: result.math }),
    lines,
    notes: result.notes ?? [],
  };
}
