import { shortReads } from '../rules/reading-time';
import type { Observation, Scene } from '../scene';
import type { RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/**
 * Too short to read: the scene held longer after each animation that shows the
 * text (the `self.wait(...)` after it waits more, or one is added), by what it
 * lacks and then by a full second more. The timeline grows by exactly that, each
 * time those lines run (docs/fixes.md).
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const read = shortReads(scene).find((r) => r.unit === f.unit && r.fromMs === f.startMs);
  if (!read || read.holds.length === 0 || read.holds.some((h) => !h.play.file || !h.play.line)) return [];
  const runs = (file: string | null, line: number | null) => scene.timeline.plays.filter((p) => p.file === file && p.line === line).length;
  return [0, 1].map((more) => {
    const holds = read.holds.map((h) => ({ ...h, seconds: more ? Math.ceil(h.seconds) + 1 : h.seconds }));
    return {
      label: holds.map((h) => `self.wait(${h.seconds}) after line ${h.play.line}`).join(', '),
      edits: holds.map((h) => ({ file: h.play.file!, line: h.play.line!, op: { kind: 'wait' as const, seconds: h.seconds } })),
      size: holds.reduce((sum, h) => sum + h.seconds, 0) + more,
      growsMs: holds.reduce((sum, h) => sum + Math.round(h.seconds * 1000) * runs(h.play.file, h.play.line), 0),
    };
  });
}

export const readingTimeRepair: RuleRepair = { propose, gone: 'stays on screen long enough to read' };
