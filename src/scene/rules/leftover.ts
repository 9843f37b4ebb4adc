import { formatTimestamp } from '../../media/manifest';
import { inCoordinateSystem, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/**
 * An object left on screen after the scene moved on: something that came in
 * with it was taken away after its last animation, but it stays to the end.
 * LOW, a hint, never a failure; coordinate systems and frame-filling structure
 * are meant to stay.
 */
function leftovers(scene: Scene): Observation[] {
  const { durationMs } = scene.timeline;
  const last = scene.samples.length - 1;
  if (last < 0) return [];
  const { firstSeen, lastSeen } = scene.shownSpans();
  const findings: Observation[] = [];
  const reportedRoots = new Set<number>();
  for (const [id, s] of scene.states[last]) {
    const u = scene.unit(id);
    if (reportedRoots.has(u.root) || inCoordinateSystem(u) || scene.isStructure(last, id)) continue;
    const lastPlay = scene.timeline.plays.filter((p) => p.units.includes(id) && !p.animations.every((a) => a === 'Wait')).at(-1);
    if (!lastPlay || durationMs - lastPlay.end < SCENE_RULES.leftoverMs) continue;
    const cameIn = firstSeen.get(id)!;
    const partner = [...firstSeen.entries()].find(
      ([other, t]) =>
        other !== id &&
        scene.unit(other).root !== u.root &&
        Math.abs(t - cameIn) <= 100 &&
        !scene.states[last].has(other) &&
        lastSeen.get(other)! > lastPlay.end,
    );
    if (!partner) continue;
    reportedRoots.add(u.root);
    findings.push({
      severity: 'LOW',
      unit: id,
      startMs: lastPlay.end,
      endMs: durationMs,
      location: scene.place(s.box),
      description: `${scene.name(id)} stays on screen to the end, ${((durationMs - lastPlay.end) / 1000).toFixed(1)} s after its last animation at ${formatTimestamp(lastPlay.end)}, though ${scene.name(partner[0])}, which came in with it, was taken away at ${formatTimestamp(lastSeen.get(partner[0])!)}.`,
      suggestedFix: `If it is no longer needed, \`FadeOut\` it with the other (${scene.sourceLine(id, lastPlay.line, lastPlay.file)} is its last animation).`,
    });
  }
  return findings;
}

export const leftover: SceneRule = { kind: 'DESIGN_VALIDATION_JSON', category: 'clutter', layout: true, observe: leftovers };
