import { cutSides, type Observation, type Scene } from '../scene';
import { BUFFS, chain, moveInside, objectLine, placedAt, shiftCall, stateIn, type RuleRepair } from './rule-repair';
import type { Candidate, SourceEdit } from './types';

/**
 * Cut by the frame: the exact shift that brings the object's box inside with
 * one of Manim's buffs, at the line that placed it or, when an animation took
 * it past the edge, on that animation; a scale first when it is wider or
 * taller than the frame.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const u = scene.unit(f.unit);
  const at = stateIn(scene, f.unit, f.startMs, f.endMs);
  if (!at) return [];
  const { frame } = scene;
  const perPx = scene.unitsPerPx(at.i);
  const box = at.state.box;
  // The animation that took it past the edge (it was inside when it began), as the rule names it.
  const mover = scene.timeline.plays.find((p) => {
    if (!p.units.includes(f.unit) || p.start > f.startMs || f.startMs >= p.end || p.animations.every((x) => x === 'Wait')) return false;
    const before = scene.states[scene.indexAt(p.start)].get(f.unit);
    return !!before && cutSides(before.box, frame).length === 0;
  });
  const sites: ((call: string) => SourceEdit | null)[] = [];
  const moverObject = mover?.file ? objectLine(u, mover.file) : undefined;
  if (mover?.file && mover.line && moverObject) sites.push((call) => chain({ file: mover.file!, line: mover.line! }, call, moverObject));
  const placed = placedAt(u);
  if (placed) sites.push((call) => chain(placed, call));
  const out: Omit<Candidate, 'id'>[] = [];
  for (const buff of BUFFS) {
    const move = moveInside(box, frame.width, frame.height, buff / perPx);
    if (move) {
      const [dx, dy] = [move[0] * perPx, -move[1] * perPx];
      const call = shiftCall(dx, dy);
      sites.forEach((site, k) => {
        const edit = site(call);
        if (edit) out.push({ label: `${call} at line ${edit.line}`, edits: [edit], size: Math.hypot(dx, dy) + k * 0.01 });
      });
      continue;
    }
    // Wider or taller than the frame: scaled to fit with the buff, then moved inside.
    const w = box[2] - box[0];
    const h = box[3] - box[1];
    const factor = Math.floor(Math.min((frame.width - 2 * (buff / perPx)) / w, (frame.height - 2 * (buff / perPx)) / h, 1) * 100) / 100;
    const cx = (box[0] + box[2]) / 2;
    const cy = (box[1] + box[3]) / 2;
    const scaled: typeof box = [cx - (w * factor) / 2, cy - (h * factor) / 2, cx + (w * factor) / 2, cy + (h * factor) / 2];
    const after = moveInside(scaled, frame.width, frame.height, buff / perPx);
    if (!after || !placed) continue;
    const edits = [chain(placed, `scale(${factor})`)];
    if (after[0] !== 0 || after[1] !== 0) edits.push(chain(placed, shiftCall(after[0] * perPx, -after[1] * perPx)));
    out.push({ label: `scale(${factor}) at line ${placed.line}`, edits, size: (1 - factor) * 10 + Math.hypot(after[0], after[1]) * perPx });
  }
  return out;
}

export const clippedContentRepair: RuleRepair = { propose, gone: 'stays inside the frame' };
