import type { Observation, Scene } from '../scene';
import { objectLine, type RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/**
 * Left on screen: a `FadeOut` of the object added to the play that took away
 * what came in with it, so it leaves with it and the timeline keeps its length.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const u = scene.unit(f.unit);
  const { firstSeen, lastSeen } = scene.shownSpans();
  const last = scene.states.at(-1);
  const cameIn = firstSeen.get(f.unit);
  if (!last || cameIn === undefined) return [];
  // What came in with it and was taken away after its last animation (as the rule finds it).
  const partners = [...firstSeen.entries()]
    .filter(([other, t]) => other !== f.unit && scene.unit(other).root !== u.root && Math.abs(t - cameIn) <= 100 && !last.has(other))
    .map(([other]) => other)
    .filter((other) => lastSeen.get(other)! > f.startMs);
  const out: Omit<Candidate, 'id'>[] = [];
  const seen = new Set<string>();
  for (const partner of partners) {
    const gone = lastSeen.get(partner)!;
    // The play during which it went (a fade's last samples are already invisible).
    const play = scene.timeline.plays.find(
      (p) => p.units.includes(partner) && p.start < gone && gone <= p.end + 1 && !p.animations.every((a) => a === 'Wait'),
    );
    const object = play?.file ? objectLine(u, play.file) : undefined;
    if (!play?.file || !play.line || !object || seen.has(`${play.file}:${play.line}`)) continue;
    seen.add(`${play.file}:${play.line}`);
    out.push({
      label: `FadeOut at line ${play.line}`,
      edits: [{ file: play.file, line: play.line, object, op: { kind: 'animate', animation: 'FadeOut(__object__)' } }],
      size: out.length + 1,
    });
  }
  return out;
}

export const leftoverRepair: RuleRepair = { propose, gone: 'leaves with what came in with it' };
