import type { SceneUnit, UnitState } from '../inspection';
import type { PixelBox as Box } from '../../domain/geometry';
import type { Observation, Scene } from '../scene';
import type { Candidate, SourceEdit } from './types';

/**
 * How one layout rule's findings are repaired (one file per rule in this
 * folder, registered in `rules.ts`): candidate edits computed from the recorded
 * geometry, smallest first, and the objects a finding is about (how it is
 * recognised again after a patch).
 */
export interface RuleRepair {
  propose(scene: Scene, finding: Observation): Omit<Candidate, 'id'>[];
  /** For one defect of several findings (a crowd of labels drawn over each other): edits that fix them together. */
  proposeTogether?(scene: Scene, findings: readonly Observation[]): Omit<Candidate, 'id'>[];
  /** The units the finding is about; by default its own. */
  involved?(scene: Scene, finding: Observation): number[];
  /** What re-inspection shows once it is gone, after the object's name: "stays inside the frame". */
  gone: string;
}

/** Manim's buffs, scene units: MED_SMALL_BUFF (next_to's default) and the edge buffer (to_edge's). */
export const BUFFS = [0.25, 0.5] as const;

/**
 * The unit's state at the last sample at rest in [startMs, endMs) (the last sample there when none is at
 * rest): settled, where the first at rest may be a play's first frame, before anything is drawn.
 */
export function stateIn(scene: Scene, id: number, startMs: number, endMs: number): { i: number; state: UnitState } | null {
  let last: { i: number; state: UnitState } | null = null;
  let lastAtRest: { i: number; state: UnitState } | null = null;
  for (let i = 0; i < scene.samples.length; i++) {
    const state = scene.states[i].get(id);
    if (!state || scene.samples[i].timeMs < startMs - 1 || scene.samples[i].timeMs >= endMs) continue;
    last = { i, state };
    if (scene.atRest[i]) lastAtRest = last;
  }
  return lastAtRest ?? last;
}

/** The line that last placed the object (where a shift belongs), else where it was made. */
export function placedAt(u: SceneUnit): { file: string; line: number } | null {
  const line = u.placedLine ?? u.calledFrom ?? u.line;
  return u.file && line ? { file: u.file, line } : null;
}

/** The line that made the object (where its size or colour is given). */
export function madeAt(u: SceneUnit): { file: string; line: number } | null {
  return u.file && u.line ? { file: u.file, line: u.line } : null;
}

/** The line of `file` whose assignment names the object: in the scene, the call of the helper that made it. */
export function objectLine(u: SceneUnit, file: string): number | undefined {
  if (u.calledFrom) return u.calledFrom;
  return u.file === file && u.line ? u.line : undefined;
}

/** `shift(0.65 * LEFT + 0.3 * UP)`: a move in scene units (x right, y up), each part rounded up to the hundredth. */
export function shiftCall(dx: number, dy: number): string {
  const part = (v: number, plus: string, minus: string) =>
    `${(Math.ceil(Math.abs(v) * 100 - 1e-9) / 100).toFixed(2)} * ${v < 0 ? minus : plus}`;
  const parts = [Math.abs(dx) >= 0.005 ? part(dx, 'RIGHT', 'LEFT') : null, Math.abs(dy) >= 0.005 ? part(dy, 'UP', 'DOWN') : null].filter(
    Boolean,
  );
  return `shift(${parts.join(' + ')})`;
}

/** The move, px (y down), that brings a box inside the frame with `buffPx` to spare; null when it cannot fit. */
export function moveInside(box: Box, width: number, height: number, buffPx: number): [number, number] | null {
  const axis = (lo: number, hi: number, side: number) => {
    if (hi - lo > side - 2 * buffPx) return null;
    if (lo < buffPx) return buffPx - lo;
    if (hi > side - buffPx) return side - buffPx - hi;
    return 0;
  };
  const dx = axis(box[0], box[2], width);
  const dy = axis(box[1], box[3], height);
  return dx === null || dy === null ? null : [dx, dy];
}

/** A chain edit at a line; on a call on the scene (`self.play`), on the object's own expression there. */
export function chain(at: { file: string; line: number }, call: string, object?: number): SourceEdit {
  return { file: at.file, line: at.line, ...(object ? { object } : {}), op: { kind: 'chain', call } };
}
