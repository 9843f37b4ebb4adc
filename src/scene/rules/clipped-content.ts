import type { Side } from '../../domain/geometry';
import { cutSides, fullyOutside, inCoordinateSystem, outside, outsideShare, pct, units, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/**
 * Cut by the frame edge. At rest (no animation playing, the camera not in a
 * close-up) a cut that lasts is a defect, wherever it began; a unit that slides
 * out of the frame while the rest stays, and is not part of something scrolling
 * through or of a camera move, is a lighter one (an exit that reads as a loss).
 * Not cut: frame-filling structure and the numbers of a frame-filling plane (cut
 * where the plane is), and a line or curve (a stroke whose ends do not meet: a
 * plot, a tangent), which reads as running on out of view.
 */
function clipping(scene: Scene): Observation[] {
  const { frame } = scene;
  const findings: Observation[] = [];
  for (const id of scene.unitIds()) {
    const u = scene.unit(id);
    const cutAt = (i: number) => {
      const s = scene.states[i].get(id);
      return (
        !!s &&
        !scene.closeUp[i] &&
        !(!u.isText && (scene.isStructure(i, id) || u.open)) &&
        !(u.isText && inCoordinateSystem(u) && scene.isStructure(i, id)) &&
        !fullyOutside(s.box, frame) &&
        cutSides(s.box, frame).length > 0
      );
    };
    for (const [a, b] of scene.runs(cutAt)) {
      const rest = scene.restMs(a, b);
      const last = b === scene.samples.length - 1;
      if (rest < SCENE_RULES.minRestMs && !(last && scene.atRest[b])) continue;
      // The state at rest that shows the cut best: the last one.
      let r = b;
      while (r > a && !scene.atRest[r]) r--;
      const s = scene.states[r].get(id)!;
      const sides = cutSides(s.box, frame);
      const o = outside(s.box, frame);
      const side = sides.reduce((x, y) => (o[y] > o[x] ? y : x));
      const share = outsideShare(s.box, frame);
      const perPx = scene.unitsPerPx(r);
      const widthUnits = (s.box[2] - s.box[0]) * perPx;
      const tooWide = s.box[2] - s.box[0] > frame.width || s.box[3] - s.box[1] > frame.height;
      const startMs = scene.samples[a].timeMs;
      const endMs = scene.endOf(b);
      // The animation that took it past the edge, if one did (it was inside when it began): that is the line to change.
      const mover = scene.timeline.plays.find((p) => {
        if (!p.units.includes(id) || p.start > startMs || startMs >= p.end || p.animations.every((x) => x === 'Wait')) return false;
        const before = scene.states[scene.indexAt(p.start)].get(id);
        return !!before && cutSides(before.box, frame).length === 0;
      });
      const where = mover ? scene.sourceLine(id, mover.line, mover.file) : scene.sourceLine(id);
      findings.push({
        severity: u.isText && share >= SCENE_RULES.cutHigh ? 'HIGH' : 'MEDIUM',
        unit: id,
        startMs,
        endMs,
        location: sides.length > 1 ? `${sides.join(' and ')} edges` : `${side} edge`,
        edge: side,
        description:
          `${scene.name(id)} is cut by the ${sides.join(' and ')} edge${sides.length > 1 ? 's' : ''} of the frame ${scene.span(startMs, endMs)}: ` +
          `${pct(share)} of it is outside, ${units(o[side] * perPx)} past the ${side} edge${tooWide ? `; it is ${units(widthUnits)} wide, wider than the frame` : ''}.`,
        suggestedFix: tooWide
          ? `${where}: it does not fit the frame: \`scale_to_fit_width(config.frame_width - 1)\` or a smaller \`font_size\`, or split it over two lines.`
          : `${where} leaves it ${units(o[side] * perPx)} past the ${side} edge: move it ${units(o[side] * perPx + 0.3)} back inside (\`shift(${shiftTowards(side)} * ${(o[side] * perPx + 0.3).toFixed(1)})\`), or \`to_edge(${side.toUpperCase()}, buff=0.5)\`.`,
      });
    }
  }
  return findings;
}

/** The direction that brings what is past `side` back inside. */
export const shiftTowards = (side: Side) => ({ left: 'RIGHT', right: 'LEFT', top: 'DOWN', bottom: 'UP' })[side];

export const clippedContent: SceneRule = { kind: 'VISUAL_VALIDATION_JSON', category: 'clipped_content', layout: true, observe: clipping };
