import { clip, oneLine } from '../../domain/clip';
import { formatTimestamp } from '../../media/manifest';
import type { ScenePlay, SceneText } from '../inspection';
import { inCoordinateSystem, opacityOf, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/** What a shown text takes to read, in characters of prose: a formula's symbols weighed (docs/math-and-reading.md). */
export function readingChars(t: SceneText): number {
  const words = (s: string) => s.replace(/\s+/g, ' ').trim();
  if (t.mode === 'text') return words(t.text).length;
  if (t.mode === 'math') return t.glyphs * SCENE_RULES.formulaSymbolChars;
  // LaTeX text: its prose as characters, the glyphs its mathematics adds as symbols.
  const prose = words(
    t.text
      .replace(/\$\$[\s\S]*?\$\$|\$[\s\S]*?\$|\\\[[\s\S]*?\\\]|\\\([\s\S]*?\\\)/g, ' ')
      .replace(/\\[a-zA-Z]+\*?/g, ' ')
      .replace(/[{}]/g, ''),
  );
  const symbols = Math.max(0, t.glyphs - prose.replace(/\s/g, '').length);
  return prose.length + symbols * SCENE_RULES.formulaSymbolChars;
}

/**
 * How long shown texts read together need, ms: their characters at the reading rate, at least the shortest time
 * once (three one-letter labels shown together are read in that time, not three times it).
 */
export function readingMs(...shown: SceneText[]): number {
  const chars = shown.reduce((sum, t) => sum + readingChars(t), 0);
  return Math.max(SCENE_RULES.minReadingMs, (chars / SCENE_RULES.readingCps) * 1000);
}

interface Showing {
  unit: number;
  text: number;
  /** Samples of the stretch it shows this text. */
  a: number;
  b: number;
  readableMs: number;
  /** When it is first readable (fully shown, nothing rewriting it), ms; null when it never is. */
  fromMs: number | null;
  /** When it is first fully shown (opaque), ms; null when it never is (a faint decoration is not read). */
  fullMs: number | null;
  root: number;
}

/** A text (or texts read as one) on screen for less than it needs, and where waits would hold it. */
export interface ShortRead {
  /** The shown texts read together (indices in `texts`). */
  texts: number[];
  /** The unit the finding is pinned on (and, for repair, recognised by), and a sample it is shown in (null: only mid-transform). */
  unit: number;
  sample: number | null;
  needMs: number;
  readableMs: number;
  /** When it is first readable (or first shown, when it never is) and when it goes, ms. */
  fromMs: number;
  endMs: number;
  /** Steps of a derivation transformed one into the next without a pause: never a text of its own on screen. */
  inTransit: boolean;
  /** The plays after which it is fully shown, and how much longer each should hold it, s. */
  holds: { play: ScenePlay; seconds: number }[];
}

/** What a reading lacks, rounded up to a tenth of a second. */
const lacking = (needMs: number, readableMs: number) => Math.ceil((needMs - readableMs) / 100) / 10;

/**
 * Texts and formulas on screen for less time than a learner needs to read them:
 * readable (fully shown, nothing writing, fading or transforming it) for less
 * than half of what the reading rate gives for their characters and symbols.
 * Texts of one group that come and go together (a paragraph in lines) are
 * read as one; so are the steps of a derivation transformed one into the next
 * without a pause (never a text of their own on screen). What is on screen when
 * the video ends is exempt: players hold the last frame. Axis numbers,
 * highlights and number displays are not read one by one.
 */
export function shortReads(scene: Scene): ShortRead[] {
  const texts = scene.timeline.texts;
  if (!texts) return [];
  const { durationMs } = scene.timeline;
  const showings = showingsOf(scene);
  // What comes and goes together under one root is read as one.
  const groups = new Map<string, Showing[]>();
  for (const s of showings) {
    if (s.fullMs === null || scene.endOf(s.b) >= durationMs - 1) continue;
    const key = `${s.root}|${Math.round(scene.samples[s.a].timeMs / SCENE_RULES.togetherMs)}|${Math.round(scene.endOf(s.b) / SCENE_RULES.togetherMs)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const out: ShortRead[] = [];
  for (const group of groups.values()) {
    const needMs = readingMs(...group.map((s) => texts[s.text]));
    const readableMs = Math.min(...group.map((s) => s.readableMs));
    if (readableMs >= needMs * SCENE_RULES.readingShort) continue;
    const first = group[0];
    const play = showingPlay(scene, first);
    out.push({
      texts: group.map((s) => s.text),
      unit: first.unit,
      sample: first.a,
      needMs,
      readableMs,
      fromMs: first.fromMs ?? first.fullMs!,
      endMs: scene.endOf(first.b),
      inTransit: false,
      holds: play ? [{ play, seconds: lacking(needMs, readableMs) }] : [],
    });
  }
  out.push(...inTransit(scene, new Set(showings.map((s) => s.text))));
  return out.sort((a, b) => a.fromMs - b.fromMs);
}

/**
 * When a viewer reads what was just shown: from the end of the animation that showed each text (a text written
 * over a second is read once it stands), for as long as it needs. A still picture then is reading time, not a
 * freeze (the engagement rubric's `static`).
 */
export function readingWindows(scene: Scene): { startMs: number; endMs: number }[] {
  const texts = scene.timeline.texts ?? [];
  return showingsOf(scene)
    .filter((s) => s.fullMs !== null)
    .map((s) => {
      const startMs = Math.max(s.fromMs ?? s.fullMs!, showingPlay(scene, s)?.end ?? 0);
      return { startMs, endMs: startMs + readingMs(texts[s.text]) };
    });
}

/** Every stretch of a text unit showing one text, measured. */
function showingsOf(scene: Scene): Showing[] {
  if (!scene.timeline.texts) return [];
  const showings: Showing[] = [];
  for (const id of scene.unitIds()) {
    const u = scene.unit(id);
    if (!u.isText || !u.shows || u.highlight || inCoordinateSystem(u)) continue;
    // A stretch of showing one text; a gap of a few frames (a transform's last frames fade it out and in) is one.
    let start = -1;
    let last = -1;
    for (let i = 0; i <= scene.samples.length; i++) {
      const index = i < scene.samples.length && scene.states[i].has(id) ? scene.textAt(i, id) : null;
      const current = start >= 0 ? scene.textAt(start, id) : null;
      const bridged =
        index === null && i < scene.samples.length && start >= 0 && scene.samples[i].timeMs - scene.endOf(last) < SCENE_RULES.togetherMs;
      if (bridged) continue;
      if (start >= 0 && index !== current) {
        showings.push(measure(scene, id, current!, start, last));
        start = -1;
      }
      if (start < 0 && index !== null) start = i;
      if (index !== null) last = i;
    }
  }
  return showings;
}

/**
 * The steps of a derivation that exist only between two transforms (one turns the formula before into it, the
 * next turns it into the one after, back to back): readable for the pause between the two and the share of its
 * glyphs the second keeps while it plays. A run of them is one reading; each is held by a wait after the
 * transform that made it.
 */
function inTransit(scene: Scene, shown: ReadonlySet<number>): ShortRead[] {
  const { plays, steps = [], texts = [] } = scene.timeline;
  const transit = texts
    .map((_, k) => k)
    .filter((k) => !shown.has(k))
    .flatMap((k) => {
      const into = steps.find((s) => s[1] === k);
      const out = steps.find((s) => s[0] === k);
      const made = into && plays[into[3]];
      const next = out && plays[out[3]];
      if (!made || !next || next.start < made.end) return [];
      const readableMs = next.start - made.end + keptShare(next) * (next.end - next.start);
      // Pinned on the unit that showed the formula it was made from (the derivation's own object).
      const unit = scene.unitIds().find((id) => scene.unit(id).shows?.some(([, index]) => index === into[0]));
      return unit === undefined ? [] : [{ text: k, made, next, readableMs, unit }];
    });
  const runs: (typeof transit)[] = [];
  for (const t of transit) {
    const run = runs.find((r) => r.at(-1)!.next === t.made);
    if (run) run.push(t);
    else runs.push([t]);
  }
  return runs.flatMap((run) => {
    const needs = run.map((t) => readingMs(texts[t.text]));
    const needMs = needs.reduce((a, b) => a + b, 0);
    const readableMs = run.reduce((sum, t) => sum + t.readableMs, 0);
    if (readableMs >= needMs * SCENE_RULES.readingShort) return [];
    return [
      {
        texts: run.map((t) => t.text),
        unit: run[0].unit,
        sample: null,
        needMs,
        readableMs,
        fromMs: run[0].made.end,
        endMs: run.at(-1)!.next.end,
        inTransit: true,
        holds: run.map((t, k) => ({ play: t.made, seconds: lacking(needs[k], t.readableMs) })),
      },
    ];
  });
}

/** MEDIUM: the viewer loses what the text said. */
function readingTime(scene: Scene): Observation[] {
  const texts = scene.timeline.texts!;
  return shortReads(scene).map((r) => {
    const first = texts[r.texts[0]];
    const many = r.texts.length > 1;
    // Texts shown together are one list: the line that grouped them is where it is made.
    const { rootLine } = scene.unit(r.unit);
    const group = many && rootLine && rootLine !== first.line ? `, in the group made at line ${rootLine}` : '';
    const listed = (n: number) =>
      `${r.texts
        .slice(0, 3)
        .map((k) => `"${oneLine(clip(texts[k].text, n))}"`)
        .join(', ')}${r.texts.length > 3 ? ', …' : ''}; ${scene.textLine(r.texts[0])}${group}`;
    const what = r.inTransit
      ? `${many ? `${r.texts.length} steps of a derivation` : 'A step of a derivation'} transformed one into the next without a pause (${listed(24)})`
      : many
        ? `${r.texts.length} texts shown together (${listed(20)})`
        : `${scene.unit(r.unit).type} "${oneLine(clip(first.text, 50))}" (${scene.textLine(r.texts[0])})`;
    const size = many
      ? `${Math.round(r.texts.reduce((sum, k) => sum + readingChars(texts[k]), 0))} characters`
      : first.mode === 'math'
        ? `a ${first.glyphs}-symbol formula`
        : `${Math.round(readingChars(first))} characters`;
    const when = r.inTransit
      ? `only while transformed, from ${formatTimestamp(r.fromMs)}`
      : r.readableMs > 0
        ? `shown at rest or moving from ${formatTimestamp(r.fromMs)}`
        : `never still: from ${formatTimestamp(r.fromMs)} it is being written, faded or transformed`;
    const [hold] = r.holds;
    return {
      severity: 'MEDIUM' as const,
      unit: r.unit,
      startMs: r.fromMs,
      endMs: r.endMs,
      location: r.sample === null ? null : scene.place(scene.states[r.sample].get(r.unit)!.box),
      description: `${what} can be read for ${seconds(r.readableMs)} (${when}); ${size} ${many ? 'need' : 'needs'} about ${seconds(r.needMs)} at ${SCENE_RULES.readingCps} characters a second.`,
      suggestedFix:
        r.holds.length > 1
          ? `Hold each step on screen: ${r.holds.map((h) => `\`self.wait(${h.seconds})\` after line ${h.play.line}`).join(', ')}.`
          : hold?.play.line
            ? `Hold it on screen: \`self.wait(${hold.seconds})\` after the animation that shows it (${scene.sourceLine(r.unit, hold.play.line, hold.play.file)}), or slow what follows.`
            : `Hold it on screen about ${seconds(r.needMs)} (a wait after the animation that shows it).`,
    };
  });
}

/** How long the unit's stretch of showing one text is readable: opaque, and nothing but glyph-keeping animations playing on it. */
function measure(scene: Scene, id: number, text: number, a: number, b: number): Showing {
  let readableMs = 0;
  let fromMs: number | null = null;
  let fullMs: number | null = null;
  for (let i = a; i <= b; i++) {
    const state = scene.states[i].get(id);
    if (!state) continue;
    const t = scene.samples[i].timeMs;
    const credit = readShare(scene, i, id);
    if (opacityOf(state) >= SCENE_RULES.settledOpacity) fullMs ??= t;
    if (credit === 0) continue;
    readableMs += scene.spans[i] * credit;
    fromMs ??= t;
  }
  readableMs += keptAcross(scene, id, text, scene.samples[a].timeMs, scene.endOf(b));
  return { unit: id, text, a, b, readableMs, fromMs, fullMs, root: scene.states[a].get(id)!.root };
}

/**
 * The reading a transform gives a text from outside its own samples: the glyphs a transform into it kept from the
 * formula before (their share of its glyphs, for the time the transform played), and, for a matching transform
 * whose pieces stand in for it while it plays, the share it keeps of it.
 */
function keptAcross(scene: Scene, id: number, text: number, startMs: number, endMs: number): number {
  const { plays, steps = [], texts = [] } = scene.timeline;
  const frameMs = 1000 / scene.timeline.fps + 1;
  let ms = 0;
  const into = steps.find((s) => s[1] === text && Math.abs(plays[s[3]]?.end - startMs) <= frameMs);
  if (into) {
    const p = plays[into[3]];
    const kept = keptShare(p) * (texts[into[0]]?.glyphs ?? 0);
    ms += Math.min(1, kept / Math.max(1, texts[text].glyphs)) * (p.end - p.start);
  }
  // A matching transform's pieces play in the text's place: its samples do not show the unit.
  const out = plays.find((p) => p.start >= endMs - frameMs && p.start <= endMs + 1 && keptShare(p, id) > 0);
  if (out && !scene.samples.some((s, i) => s.timeMs > out.start && s.timeMs < out.end && scene.states[i].has(id)))
    ms += keptShare(out, id) * (out.end - out.start);
  return ms;
}

/** The share of a text's glyphs a play keeps readable as it transforms it (of one unit's, or of any text's it plays on). */
function keptShare(p: ScenePlay, unit?: number): number {
  return Math.max(0, ...(p.texts ?? []).filter(([u]) => unit === undefined || u === unit).map((e) => (e.length === 3 ? e[2] : 0)));
}

/** Animations that write a text in reading order: a viewer reads along as its glyphs appear (or go). */
const WRITES = new Set([
  'Write',
  'Unwrite',
  'Create',
  'Uncreate',
  'DrawBorderThenFill',
  'AddTextLetterByLetter',
  'RemoveTextLetterByLetter',
  'AddTextWordByWord',
  'TypeWithCursor',
  'UntypeWithCursor',
]);

const FADES = new Set(['FadeIn', 'FadeOut']);

/**
 * How much of a sample's time counts as reading: all of it while the text is fully shown and nothing rewrites it,
 * or while it is being written (read along); a matching transform's kept share while it plays (its kept glyphs
 * stay readable as they move); none otherwise, nor while it fades in or out.
 */
function readShare(scene: Scene, i: number, id: number): number {
  const mine = scene.playingOn(i, id).flatMap((p) => (p.texts ?? []).filter(([u]) => u === id));
  // A fade is a way on or off screen, not time at rest: the eye waits for it to settle.
  if (mine.some(([, animation]) => FADES.has(animation))) return 0;
  const opaque = opacityOf(scene.states[i].get(id)!) >= SCENE_RULES.settledOpacity;
  if (!scene.rewriting(i, id)) return opaque ? 1 : 0;
  if (mine.some(([, animation]) => WRITES.has(animation))) return 1;
  return Math.min(1, ...mine.map((entry) => (entry.length === 3 ? entry[2] : 0)));
}

/**
 * The play after which the text is fully shown, where a wait holds it: the one playing when it became opaque
 * (its Write or FadeIn), else the last one (not a wait) that ended by then.
 */
function showingPlay(scene: Scene, s: Showing): ScenePlay | undefined {
  const at = s.fullMs!;
  const plays = scene.timeline.plays.filter((p) => !p.animations.every((a) => a === 'Wait'));
  return plays.find((p) => p.start <= at && at < p.end) ?? plays.filter((p) => p.end <= at + 1).at(-1);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

export const readingTimeRule: SceneRule = { kind: 'ENGAGEMENT_RUBRIC_JSON', category: 'pacing', layout: false, observe: readingTime };
