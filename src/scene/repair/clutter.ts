import type { ScenePlay, SceneText } from '../inspection';
import { layoutsOf, type TextLayouts } from '../rules/clutter';
import { readingChars, readingMs } from '../rules/reading-time';
import { legibleGlyphPx } from '../rules/unreadable-text';
import { SCENE_RULES } from '../thresholds';
import type { PixelBox as Box } from '../../domain/geometry';
import { fullyOutside, type Observation, type Scene } from '../scene';
import { BUFFS, objectLine, type RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/**
 * Too many texts at once: the group that crowds the frame, fixed as a person
 * would (docs/fixes.md, "The clutter edits"). Arranged: `arrange_in_grid` in as
 * many rows and columns as fit the room the rest of the scene leaves, with
 * Manim's buff between cells, scaled to fit that room with the edge buff only
 * when it must, just before the play that first shows it. Arranged by rule,
 * its texts read as one table; a crowd that would need letters too small to
 * read is not arranged. Or shown in steps, when one play shows it whole: its
 * first parts shown, held for their reading time and faded out before that
 * play shows the rest.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const layouts = layoutsOf(scene);
  const key = crowdOf(scene, layouts, f);
  return key === null ? [] : [...arrange(scene, layouts, key), ...inSteps(scene, layouts, key)];
}

/** At the finding's busiest moment, the group with the most texts read one by one: what crowds the frame. */
function crowdOf(scene: Scene, layouts: TextLayouts, f: Observation): string | null {
  let peak = -1;
  let most = -1;
  scene.samples.forEach((s, i) => {
    if (!scene.atRest[i] || s.timeMs < f.startMs - 1 || s.timeMs >= f.endMs) return;
    const n = layouts.readables(i);
    if (n > most) [peak, most] = [i, n];
  });
  if (peak < 0) return null;
  const alone = new Map<string, number>();
  for (const part of layouts.separate(peak))
    if (part.length === 1) alone.set(layouts.group(part[0]), (alone.get(layouts.group(part[0])) ?? 0) + 1);
  const [best] = [...alone].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 3 ? best[0] : null;
}

const union = (boxes: readonly Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** A point in scene units as Manim's directions: `0.45 * DOWN + 1.20 * LEFT`, `ORIGIN`. */
function point(x: number, y: number): string {
  const part = (v: number, plus: string, minus: string) => `${Math.abs(v).toFixed(2)} * ${v < 0 ? minus : plus}`;
  const parts = [Math.abs(x) >= 0.005 ? part(x, 'RIGHT', 'LEFT') : null, Math.abs(y) >= 0.005 ? part(y, 'UP', 'DOWN') : null].filter(
    Boolean,
  );
  return parts.length ? parts.join(' + ') : 'ORIGIN';
}

/**
 * The candidates that arrange a group of texts (a clutter finding's crowd, or
 * the texts of one group drawn over each other), computed from where the group
 * is when most of it is shown: its items (each text with what was shown with
 * it, a dot and its label) in a grid of rows and columns, aligned on the side
 * their text is on, scaled to the room above, below or between what else is on
 * screen, and moved there; the two grid shapes that scale least. None when its
 * texts would be too small to read.
 */
export function arrange(scene: Scene, layouts: TextLayouts, key: string): Omit<Candidate, 'id'>[] {
  const i = layouts.busiest(key);
  if (i === undefined) return [];
  const texts = layouts.members(key, i);
  if (texts.length < 3) return [];
  const states = scene.states[i];
  const perPx = scene.unitsPerPx(i);
  const { width, height } = scene.frame;
  // Items: each text with the shapes first shown with it (a dot and its label), unless the group was shown whole.
  const roots = new Set(texts.map((id) => scene.unit(id).root));
  const items =
    roots.size > 1 ? [...roots].map((root) => [...states.keys()].filter((id) => scene.unit(id).root === root)) : texts.map((id) => [id]);
  const boxes = items.map((ids) => union(ids.map((id) => states.get(id)!.box)));
  const members = new Set(items.flat());
  // The side of its item each text is on: the cells align there, so the texts line up in columns.
  const sides = items.map((ids) => {
    const text = ids.find((id) => scene.unit(id).isText);
    const rest = ids.filter((id) => id !== text);
    if (text === undefined || rest.length === 0) return 'centre';
    const [t, r] = [states.get(text)!.box, union(rest.map((id) => states.get(id)!.box))];
    return r[2] <= t[0] + 1 ? 'right' : r[0] >= t[2] - 1 ? 'left' : 'centre';
  });
  const align = sides.every((s) => s === 'right')
    ? ', cell_alignment=RIGHT'
    : sides.every((s) => s === 'left')
      ? ', cell_alignment=LEFT'
      : '';
  // The room the rest of the scene leaves: below what is at the top, above what is at the bottom, inside the edge buff.
  // Another crowd's texts leave none anywhere: the room is the frame's, as if they were arranged too.
  const alone = layouts.separate(i).flatMap((part) => (part.length === 1 ? part : []));
  const crowds = new Set(alone.filter((id) => alone.filter((other) => layouts.group(other) === layouts.group(id)).length >= 3));
  const [edge, buff] = [BUFFS[1] / perPx, BUFFS[0] / perPx];
  let [top, bottom] = [edge, height - edge];
  for (const [id, s] of states) {
    if (members.has(id) || crowds.has(id) || fullyOutside(s.box, scene.frame) || scene.isStructure(i, id)) continue;
    if ((s.box[1] + s.box[3]) / 2 < height / 2) top = Math.max(top, s.box[3] + buff);
    else bottom = Math.min(bottom, s.box[1] - buff);
  }
  const [roomW, roomH] = [width - 2 * edge, bottom - top];
  if (roomH < height * 0.3) return [];
  // Rows and columns: the count whose grid, in cells as large as the largest item, scales least to fit the room,
  // and of those, the one shaped most like the room (a person spreads a table out, not down one side).
  const [cellW, cellH] = [Math.max(...boxes.map((b) => b[2] - b[0])), Math.max(...boxes.map((b) => b[3] - b[1]))];
  const grids = Array.from({ length: items.length }, (_, k) => {
    const [cols, rows] = [k + 1, Math.ceil(items.length / (k + 1))];
    const [w, h] = [cols * cellW + (cols - 1) * buff, rows * cellH + (rows - 1) * buff];
    return { rows, cols, factor: Math.min(1, roomW / w, roomH / h), shape: Math.abs(Math.log(w / h / (roomW / roomH))) };
  }).filter((g) => g.rows * g.cols - items.length < g.cols);
  // The two that scale least, then shaped most like the room: if the first lands on something, the other may not.
  const ranked = grids.sort((a, b) => b.factor - a.factor || a.shape - b.shape).slice(0, 2);
  // Shrunk, its smallest letters must stay legible (a text whose glyphs were not measured is left out).
  const glyph = Math.min(...texts.map((id) => states.get(id)!.glyphPx || Infinity));
  // Where it goes: the room's centre, in scene units.
  const camera = scene.samples[i].camera;
  const [x, y] = [camera.x, camera.y - ((top + bottom) / 2 - height / 2) * perPx];
  const site = firstShown(scene, texts);
  const member = site && texts.map((id) => objectLine(scene.unit(id), site.file)).find((line) => line !== undefined);
  if (!site || !member) return [];
  return ranked.flatMap((g, k) => {
    const factor = Math.floor(g.factor * 100) / 100;
    if (factor < 1 && glyph * factor < legibleGlyphPx(height)) return [];
    const grid = `arrange_in_grid(rows=${g.rows}, cols=${g.cols}, buff=${BUFFS[0]}${align})`;
    const statement = `__group__.${grid}${factor < 1 ? `.scale(${factor})` : ''}.move_to(${point(x, y)})`;
    return [
      {
        label: `${grid} before line ${site.line}`,
        edits: [{ file: site.file, line: site.line, member, op: { kind: 'before' as const, statement } }],
        // A larger change than moving or resizing one object: tried after those.
        size: 10 + (1 - factor) * 10 + k,
      },
    ];
  });
}

/**
 * The candidate that shows a crowd in steps: when one play that runs once shows
 * all of it, its group's first parts are shown before that play, each held for
 * what its texts take to read and faded out before the next, and taken out of
 * the group, so the play shows the rest:
 * `self.play(FadeIn(g[:len(g) // 2])); self.wait(2.4); self.play(FadeOut(g[:len(g) // 2])); g.remove(*g[:len(g) // 2])`.
 * Each step shows at most three quarters of what the frame holds beside the
 * rest of the scene (a step takes a share of the group's members, not of its
 * texts). The timeline grows by exactly the steps.
 */
function inSteps(scene: Scene, layouts: TextLayouts, key: string): Omit<Candidate, 'id'>[] {
  const i = layouts.busiest(key);
  if (i === undefined) return [];
  const texts = layouts.members(key, i);
  const site = firstShown(scene, texts);
  const member = site && texts.map((id) => objectLine(scene.unit(id), site.file)).find((line) => line !== undefined);
  if (!site || !member) return [];
  const { play } = site;
  const { firstSeen } = scene.shownSpans();
  const once = scene.timeline.plays.filter((p) => p.file === play.file && p.line === play.line).length === 1;
  if (!once || texts.some((id) => (firstSeen.get(id) ?? -1) < play.start || (firstSeen.get(id) ?? Infinity) > play.end)) return [];
  const alone = layouts.separate(i).filter((part) => part.length === 1 && layouts.group(part[0]) === key).length;
  const room = Math.floor((SCENE_RULES.clutter[0] - (layouts.readables(i) - alone)) * 0.75);
  if (room < 3) return [];
  const steps = Math.max(2, Math.ceil(texts.length / room));
  // Held for the most its share of the texts can take to read (the longest of them), to a tenth of a second.
  const shown = texts.map((id) => scene.timeline.texts?.[scene.textAt(i, id) ?? -1]).filter((t): t is SceneText => !!t);
  const longest = shown.sort((a, b) => readingChars(b) - readingChars(a)).slice(0, Math.ceil(texts.length / steps));
  const hold = Math.ceil(readingMs(...longest) / 100) / 10;
  const statement = Array.from({ length: steps - 1 }, (_, k) => {
    const part = `__group__[:len(__group__) // ${steps - k}]`;
    return `self.play(FadeIn(${part})); self.wait(${hold}); self.play(FadeOut(${part})); __group__.remove(*${part})`;
  }).join('; ');
  return [
    {
      label: `shown in ${steps} steps before line ${play.line}`,
      edits: [{ file: site.file, line: site.line, member, op: { kind: 'before' as const, statement } }],
      // Lengthens the timeline: tried after the arrangements.
      size: 20 + steps,
      // Manim's FadeIn and FadeOut take a second each.
      growsMs: (steps - 1) * (2000 + hold * 1000),
    },
  ];
}

/** The play during which the first of the texts is first seen: the group is arranged just before it. */
function firstShown(scene: Scene, texts: readonly number[]): { file: string; line: number; play: ScenePlay } | null {
  const { firstSeen } = scene.shownSpans();
  const t = Math.min(...texts.map((id) => firstSeen.get(id) ?? Infinity));
  const play = scene.timeline.plays.filter((p) => p.start <= t && (t < p.end || p.start === p.end)).sort((a, b) => b.start - a.start)[0];
  return play?.file && play.line ? { file: play.file, line: play.line, play } : null;
}

export const clutterRepair: RuleRepair = {
  propose,
  involved: (scene, f) => {
    const layouts = layoutsOf(scene);
    const key = crowdOf(scene, layouts, f);
    return key === null ? [f.unit] : layouts.members(key, layouts.busiest(key)!);
  },
  gone: 'and the texts shown with it are few enough to read at once',
};
