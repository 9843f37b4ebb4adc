import { formatTimestamp } from '../../media/manifest';
import type { ScenePlay, SceneText } from '../inspection';
import { clip, inCoordinateSystem, opacityOf, type Observation, type Scene } from '../scene';
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

/** How long a shown text needs to be read, ms: its characters at the reading rate, at least the shortest time. */
export function readingMs(t: SceneText): number {
  return Math.max(SCENE_RULES.minReadingMs, (readingChars(t) / SCENE_RULES.readingCps) * 1000);
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

/** A text (or texts read as one) on screen for less than it needs, and the play after which it is fully shown. */
export interface ShortRead {
  showings: Showing[];
  needMs: number;
  readableMs: number;
  /** When it is first readable, or first fully shown when it never is, ms. */
  fromMs: number;
  /** The play after which it is fully shown: where a wait holds it. */
  play: ScenePlay | undefined;
}

/**
 * Texts and formulas on screen for less time than a learner needs to read them:
 * readable (fully shown, nothing writing, fading or transforming it) for less
 * than half of what the reading rate gives for their characters and symbols.
 * Texts of one group that come and go together (a paragraph in lines) are
 * read as one. What is on screen when the video ends is exempt: players hold
 * the last frame. Axis numbers, highlights and number displays are not read one
 * by one.
 */
export function shortReads(scene: Scene): ShortRead[] {
  const texts = scene.timeline.texts;
  if (!texts) return [];
  const { durationMs } = scene.timeline;
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
  // What comes and goes together under one root is read as one.
  const groups = new Map<string, Showing[]>();
  for (const s of showings) {
    if (s.fullMs === null || scene.endOf(s.b) >= durationMs - 1) continue;
    const key = `${s.root}|${Math.round(scene.samples[s.a].timeMs / SCENE_RULES.togetherMs)}|${Math.round(scene.endOf(s.b) / SCENE_RULES.togetherMs)}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const out: ShortRead[] = [];
  for (const group of groups.values()) {
    const needMs = group.reduce((sum, s) => sum + readingMs(texts[s.text]), 0);
    const readableMs = Math.min(...group.map((s) => s.readableMs));
    if (readableMs >= needMs * SCENE_RULES.readingShort) continue;
    const first = group[0];
    out.push({ showings: group, needMs, readableMs, fromMs: first.fromMs ?? first.fullMs!, play: showingPlay(scene, first) });
  }
  return out.sort((a, b) => a.fromMs - b.fromMs);
}

/** The wait that holds a short read long enough: what it lacks, rounded up to a tenth of a second. */
export const holdSeconds = (r: ShortRead) => Math.ceil((r.needMs - r.readableMs) / 100) / 10;

/** MEDIUM: the viewer loses what the text said. */
function readingTime(scene: Scene): Observation[] {
  const texts = scene.timeline.texts!;
  return shortReads(scene).map((r) => {
    const first = r.showings[0];
    const t = texts[first.text];
    const what =
      r.showings.length > 1
        ? `${r.showings.length} texts shown together (${r.showings
            .slice(0, 3)
            .map((s) => `"${clip(texts[s.text].text, 20)}"`)
            .join(', ')}${r.showings.length > 3 ? ', …' : ''}; ${scene.textLine(first.text)})`
        : `${scene.unit(first.unit).type} "${clip(t.text, 50)}" (${scene.textLine(first.text)})`;
    const size =
      r.showings.length > 1
        ? `${Math.round(r.showings.reduce((sum, s) => sum + readingChars(texts[s.text]), 0))} characters`
        : t.mode === 'math'
          ? `a ${t.glyphs}-symbol formula`
          : `${Math.round(readingChars(t))} characters`;
    const when =
      r.readableMs > 0
        ? `shown at rest or moving from ${formatTimestamp(r.fromMs)}`
        : `never still: from ${formatTimestamp(r.fromMs)} it is being written, faded or transformed`;
    return {
      severity: 'MEDIUM' as const,
      unit: first.unit,
      startMs: r.fromMs,
      endMs: scene.endOf(first.b),
      location: scene.place(scene.states[first.a].get(first.unit)!.box),
      description: `${what} can be read for ${seconds(r.readableMs)} (${when}); ${size} needs about ${seconds(r.needMs)} at ${SCENE_RULES.readingCps} characters a second.`,
      suggestedFix: r.play?.line
        ? `Hold it on screen: \`self.wait(${holdSeconds(r)})\` after the animation that shows it (${scene.sourceLine(first.unit, r.play.line, r.play.file)}), or slow what follows.`
        : `Hold it on screen about ${seconds(r.needMs)} (a \`self.wait(${holdSeconds(r)})\` after the animation that shows it).`,
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
  return { unit: id, text, a, b, readableMs, fromMs, fullMs, root: scene.states[a].get(id)!.root };
}

/** Animations that write a text in reading order: a viewer reads along as its glyphs appear (or go). */
const WRITES = new Set([
  'Write',
  'Unwrite',
  'AddTextLetterByLetter',
  'RemoveTextLetterByLetter',
  'AddTextWordByWord',
  'TypeWithCursor',
  'UntypeWithCursor',
]);

/**
 * How much of a sample's time counts as reading: all of it while the text is fully shown and nothing rewrites it,
 * or while it is being written (read along); a matching transform's kept share while it plays (its kept glyphs
 * stay readable as they move); none otherwise.
 */
function readShare(scene: Scene, i: number, id: number): number {
  const opaque = opacityOf(scene.states[i].get(id)!) >= SCENE_RULES.settledOpacity;
  if (!scene.rewriting(i, id)) return opaque ? 1 : 0;
  const mine = scene.playingOn(i, id).flatMap((p) => (p.texts ?? []).filter(([u]) => u === id));
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
