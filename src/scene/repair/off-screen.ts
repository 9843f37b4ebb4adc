import { neverInFrame } from '../rules/off-screen';
import type { Observation, Scene } from '../scene';
import { clippedContentRepair } from './clipped-content';
import { BUFFS, chain, moveInside, objectLine, shiftCall, type RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/**
 * Slides out and does not come back: the animation's move shortened so that it ends inside the frame, with a buff.
 * Never shown at all: placed inside as a cut object is (the shift, or a scale, at the line that placed it).
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  if (neverInFrame(scene, f.unit)) return clippedContentRepair.propose(scene, f);
  const play = scene.timeline.plays.find((p) => p.units.includes(f.unit) && p.end === f.endMs);
  if (!play?.file || !play.line) return [];
  const object = objectLine(scene.unit(f.unit), play.file);
  const i = scene.indexAt(play.end - 1);
  const state = scene.states[i].get(f.unit);
  if (!object || !state) return [];
  const perPx = scene.unitsPerPx(i);
  return BUFFS.flatMap((buff) => {
    const move = moveInside(state.box, scene.frame.width, scene.frame.height, buff / perPx);
    if (!move) return [];
    const [dx, dy] = [move[0] * perPx, -move[1] * perPx];
    const call = shiftCall(dx, dy);
    return [
      {
        label: `${call} on the animation at line ${play.line}`,
        edits: [chain({ file: play.file!, line: play.line! }, call, object)],
        size: Math.hypot(dx, dy),
      },
    ];
  });
}

export const offScreenRepair: RuleRepair = { propose, gone: 'stays inside the frame' };
