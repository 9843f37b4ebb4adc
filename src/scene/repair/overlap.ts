import type { PixelBox as Box } from '../../domain/geometry';
import { area, intersection, type Observation, type Scene } from '../scene';
import { layoutsOf } from '../rules/clutter';
import { SCENE_RULES } from '../thresholds';
import { arrange } from './clutter';
import { BUFFS, chain, objectLine, placedAt, shiftCall, stateIn, type RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/** The most candidates tried for one overlap: the smallest moves. */
const MOST = 4;

/** What the text overlaps, as the rule sees it at the first sample at rest: another text, a stroke through it, or a fill it straddles. */
function other(scene: Scene, f: Observation): number | null {
  const at = stateIn(scene, f.unit, f.startMs, f.endMs);
  if (!at) return null;
  const s = at.state;
  const states = scene.states[at.i];
  const text = [...states.values()].find(
    (o) =>
      o.id !== f.unit &&
      scene.unit(o.id).isText &&
      intersection(s.box, o.box) / Math.max(1, Math.min(area(s.box), area(o.box))) > SCENE_RULES.textOverlap,
  );
  if (text) return text.id;
  const stroke = s.crossings
    .filter((c) => !scene.together(at.i, f.unit, c.unit) && !scene.isStructure(at.i, c.unit))
    .sort((a, b) => b.lengthPx - a.lengthPx)[0];
  if (stroke) return stroke.unit;
  return s.behind && s.behind.unit >= 0 ? s.behind.unit : null;
}

/**
 * Separates an overlap: the shift that moves one of the two (the text, or the
 * other) clear of the other's box by next_to's buff, in whichever of the four
 * directions is shortest and keeps it inside the frame.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const partner = other(scene, f);
  if (partner === null) return [];
  const a = stateIn(scene, f.unit, f.startMs, f.endMs);
  const b = a && scene.states[a.i].get(partner);
  if (!a || !b) return [];
  const perPx = scene.unitsPerPx(a.i);
  const buff = BUFFS[0] / perPx;
  const { width, height } = scene.frame;
  const out: Omit<Candidate, 'id'>[] = [];
  for (const [mover, box, fixed] of [
    [f.unit, a.state.box, b.box],
    [partner, b.box, a.state.box],
  ] as [number, Box, Box][]) {
    const at = placedAt(scene.unit(mover));
    if (!at) continue;
    const moves: [number, number][] = [
      [fixed[2] - box[0] + buff, 0],
      [fixed[0] - box[2] - buff, 0],
      [0, fixed[3] - box[1] + buff],
      [0, fixed[1] - box[3] - buff],
    ];
    const spaced = nextTo(scene, at, fixed, box, perPx);
    if (spaced) out.push(spaced);
    for (const [dx, dy] of moves) {
      const moved = [box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy];
      if (moved[0] < 0 || moved[1] < 0 || moved[2] > width || moved[3] > height) continue;
      const call = shiftCall(dx * perPx, -dy * perPx);
      // Placed by a play (`self.play(b.animate.move_to(…))`): the shift goes on the object's own expression there.
      const edit = chain(at, call, objectLine(scene.unit(mover), at.file));
      out.push({ label: `${call} at line ${at.line}`, edits: [edit], size: Math.hypot(dx, dy) * perPx });
    }
  }
  return out.sort((x, y) => x.size - y.size).slice(0, MOST);
}

/**
 * When the line placing the mover is a `next_to(…, DIRECTION)`, the `buff` that
 * takes it clear of the other's box in that direction: the edit a person would
 * make. The line is read only to learn the direction and the buff it has; the
 * edit itself is made on the syntax tree.
 */
function nextTo(scene: Scene, at: { file: string; line: number }, fixed: Box, box: Box, perPx: number): Omit<Candidate, 'id'> | null {
  const text = scene.timeline.lines[`${at.file}:${at.line}`] ?? '';
  const call = /\.next_to\([^,()]+(?:\([^()]*\))?,\s*(UP|DOWN|LEFT|RIGHT)\s*(?:,\s*buff\s*=\s*(-?[\d.]+))?\s*\)/.exec(text);
  if (!call) return null;
  const buff = call[2] === undefined ? BUFFS[0] : Number(call[2]);
  // How far the mover reaches into the other's side, px (y down): what the buff must add, with next_to's own buff to spare.
  const depth = { UP: box[3] - fixed[1], DOWN: fixed[3] - box[1], LEFT: box[2] - fixed[0], RIGHT: fixed[2] - box[0] }[call[1] as 'UP'];
  if (!Number.isFinite(buff) || depth <= 0) return null;
  const value = Math.ceil((buff + depth * perPx + BUFFS[0]) * 100 - 1e-9) / 100;
  return {
    label: `next_to buff=${value} at line ${at.line}`,
    edits: [{ ...at, op: { kind: 'keyword', call: 'next_to', keyword: 'buff', value: value.toFixed(2) } }],
    // The edit a person would make: preferred to a shift of the same length.
    size: depth * perPx + BUFFS[0] - 0.001,
  };
}

/** Texts of one group drawn over each other, several pairs at once: the group arranged, as its clutter would be. */
function proposeTogether(scene: Scene, findings: readonly Observation[]): Omit<Candidate, 'id'>[] {
  const layouts = layoutsOf(scene);
  const texts = new Set(
    findings.flatMap((f) => [f.unit, other(scene, f)]).filter((id): id is number => id !== null && scene.unit(id).isText),
  );
  const perGroup = new Map<string, number>();
  for (const id of texts) perGroup.set(layouts.group(id), (perGroup.get(layouts.group(id)) ?? 0) + 1);
  const [best] = [...perGroup].sort((a, b) => b[1] - a[1]);
  return best && best[1] >= 3 ? arrange(scene, layouts, best[0]) : [];
}

export const overlapRepair: RuleRepair = {
  propose,
  proposeTogether,
  involved: (scene, f) => {
    const partner = other(scene, f);
    return partner === null ? [f.unit] : [f.unit, partner];
  },
  gone: 'is clear of what it overlapped',
};
