import { formatTimestamp } from '../../media/manifest';
import { area, COORDINATE_SYSTEMS, fullyOutside, opacityOf, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/** Too many readable things on screen at once, at rest: tick labels of an axis count as one. */
function tooMany(scene: Scene): Observation[] {
  const counts = scene.samples.map((_, i) => {
    const roots = new Set<number>();
    let n = 0;
    for (const [id, s] of scene.states[i]) {
      const u = scene.unit(id);
      if (!u.isText || opacityOf(s) < 0.5 || fullyOutside(s.box, scene.frame)) continue;
      if (COORDINATE_SYSTEMS.has(u.rootType)) {
        if (!roots.has(u.root)) n++;
        roots.add(u.root);
      } else n++;
    }
    return n;
  });
  const [medium, high] = SCENE_RULES.clutter;
  const runs = scene.runs((i) => scene.atRest[i] && counts[i] > medium).filter(([a, b]) => scene.restMs(a, b) >= 1000);
  if (runs.length === 0) return [];
  const [a] = runs[0];
  const b = runs.at(-1)![1];
  let peak = a;
  for (const [x, y] of runs) for (let i = x; i <= y; i++) if (counts[i] > counts[peak]) peak = i;
  const texts = [...scene.states[peak].keys()].filter((id) => scene.unit(id).isText);
  const biggest = texts.reduce((x, y) => (area(scene.states[peak].get(y)!.box) > area(scene.states[peak].get(x)!.box) ? y : x));
  const lines = [...new Set(texts.map((id) => scene.unit(id).line).filter((l): l is number => l !== null))].sort((x, y) => x - y);
  return [
    {
      severity: counts[peak] > high ? 'HIGH' : 'MEDIUM',
      unit: biggest,
      startMs: scene.samples[a].timeMs,
      endMs: scene.endOf(b),
      location: null,
      description: `${counts[peak]} pieces of text are on screen at once at ${formatTimestamp(scene.samples[peak].timeMs)} (${scene.span(scene.samples[a].timeMs, scene.endOf(b))} more than ${medium}): too many to read.`,
      suggestedFix: `Show at most ${medium} at a time (made at line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 6).join(', ')}${lines.length > 6 ? ', …' : ''}): reveal them in groups and \`FadeOut\` each group before the next, or split the scene.`,
    },
  ];
}

export const clutter: SceneRule = { kind: 'DESIGN_VALIDATION_JSON', category: 'clutter', observe: tooMany };
