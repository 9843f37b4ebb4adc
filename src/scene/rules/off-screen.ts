import { cutSides, fullyOutside, opacityOf, outside, type Observation, type Scene, type Side } from '../scene';
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

export const offScreen: SceneRule = { kind: 'VISUAL_VALIDATION_JSON', category: 'off_screen', layout: true, observe: slidesOut };
