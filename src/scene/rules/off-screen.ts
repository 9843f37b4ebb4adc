import type { Side } from '../../domain/geometry';
import { cutSides, fullyOutside, inCoordinateSystem, opacityOf, outside, units, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import { shiftTowards } from './clipped-content';
import type { UnitState } from '../inspection';
import type { SceneRule } from './rule';

/**
 * A unit that an animation moves from inside the frame out through an edge, and
 * that does not come back: alone (not scrolling with its group, not the camera
 * moving). The last frame the play renders shows it; what follows may remove it.
 */
function slidesOutOf(scene: Scene, id: number): Observation[] {
  const { frame } = scene;
  const u = scene.unit(id);
  const findings: Observation[] = [];
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
    const back =
      next > b &&
      [...Array(scene.samples.length - next).keys()].some((k) => {
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
    const scrolling =
      (root && (root[2] - root[0] > frame.width || root[3] - root[1] > frame.height)) ||
      [...scene.states[b].entries()].some(([other, s]) => cameIn(other, s));
    if (scrolling || (!u.isText && scene.isStructure(a, id))) continue;
    let first = a;
    while (first < b && cutSides(scene.states[first].get(id)?.box ?? before.box, frame).length === 0) first++;
    const o = outside(after.box, frame);
    const side = (Object.keys(o) as Side[]).reduce((x, y) => (o[y] > o[x] ? y : x));
    findings.push({
      severity: 'LOW',
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

function slidesOut(scene: Scene): Observation[] {
  return scene.unitIds().flatMap((id) => slidesOutOf(scene, id));
}

/** Whether the unit is outside the camera frame in every sample it is seen in: never shown. */
export function neverInFrame(scene: Scene, id: number): boolean {
  return scene.states.every((states) => {
    const s = states.get(id);
    return !s || fullyOutside(s.box, scene.frame);
  });
}

/**
 * Added and never shown: a unit the scene draws, wholly outside the frame
 * wherever it is (the camera never comes to it), for a while at rest. The
 * commonest way a generated label goes missing; a text is HIGH. Not a line or
 * curve (a plot runs on out of view), frame-filling structure, a coordinate
 * system's numbers (the plane goes on past the frame), nor what a close-up
 * crops (framing). A shape counts only when nothing of its root is ever shown:
 * a row of dots running past the edge is the clipped rule's.
 */
function neverShown(scene: Scene): Observation[] {
  const { frame } = scene;
  const findings: Observation[] = [];
  const rootShown = new Set<number>();
  for (const states of scene.states) for (const s of states.values()) if (!fullyOutside(s.box, frame)) rootShown.add(s.root);
  for (const id of scene.unitIds()) {
    const u = scene.unit(id);
    if (!neverInFrame(scene, id) || (!u.isText && u.open) || (u.isText && inCoordinateSystem(u))) continue;
    const outAt = (i: number) => {
      const s = scene.states[i].get(id);
      return !!s && !scene.closeUp[i] && !scene.isStructure(i, id) && (u.isText || !rootShown.has(s.root));
    };
    const runs = scene.runs(outAt).filter(([a, b]) => scene.restMs(a, b) >= SCENE_RULES.minRestMs);
    if (runs.length === 0) continue;
    const [a] = runs[0];
    const b = runs[runs.length - 1][1];
    let r = b;
    while (r > a && !scene.atRest[r]) r--;
    const box = scene.states[r].get(id)!.box;
    const o = outside(box, frame);
    const side = (Object.keys(o) as Side[]).reduce((x, y) => (o[y] > o[x] ? y : x));
    const perPx = scene.unitsPerPx(r);
    // How far its near edge is from the frame: what must move, plus a margin inside.
    const gap = { left: box[2], right: frame.width - box[0], top: box[3], bottom: frame.height - box[1] }[side];
    const move = (Math.abs(gap) + (side === 'left' || side === 'right' ? box[2] - box[0] : box[3] - box[1])) * perPx + 0.3;
    const startMs = scene.samples[a].timeMs;
    const endMs = scene.endOf(b);
    findings.push({
      severity: u.isText ? 'HIGH' : 'MEDIUM',
      unit: id,
      startMs,
      endMs,
      location: `outside the ${side} edge`,
      edge: side,
      description: `${scene.name(id)} is never shown: it is drawn wholly outside the frame, ${units(Math.abs(gap) * perPx)} past the ${side} edge, ${scene.span(startMs, endMs)}.`,
      suggestedFix: `${scene.sourceLine(id)} places it outside the frame: move it ${units(move)} back inside (\`shift(${shiftTowards(side)} * ${move.toFixed(1)})\`), or \`to_edge(${side.toUpperCase()}, buff=0.5)\`.`,
    });
  }
  return findings;
}

/** Off screen: what slides out and does not come back, and what is never shown at all. */
export const offScreen: SceneRule = {
  kind: 'VISUAL_VALIDATION_JSON',
  category: 'off_screen',
  layout: true,
  observe: (scene) => [...slidesOut(scene), ...neverShown(scene)],
};
