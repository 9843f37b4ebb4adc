import { holdSeconds, shortReads } from '../rules/reading-time';
import type { Observation, Scene } from '../scene';
import type { RuleRepair } from './rule-repair';
import type { Candidate } from '.';

/**
 * Too short to read: the scene held longer after the animation that shows the
 * text (the `self.wait(...)` after it waits more, or one is added), by what it
 * lacks and then by a full second more. The timeline grows by exactly that, each
 * time the line runs (docs/fixes.md).
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const read = shortReads(scene).find((r) => r.showings[0].unit === f.unit && r.fromMs === f.startMs);
  const play = read?.play;
  if (!read || !play?.file || !play.line) return [];
  const runs = scene.timeline.plays.filter((p) => p.file === play.file && p.line === play.line).length;
  const lacks = holdSeconds(read);
  return [lacks, Math.ceil(lacks) + 1].map((seconds, k) => ({
    label: `self.wait(${seconds}) after line ${play.line}`,
    edits: [{ file: play.file!, line: play.line!, op: { kind: 'wait', seconds } }],
    size: seconds + k,
    growsMs: Math.round(seconds * 1000) * runs,
  }));
}

export const readingTimeRepair: RuleRepair = { propose, gone: 'stays on screen long enough to read' };
