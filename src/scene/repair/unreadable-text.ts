import type { Observation, Scene } from '../scene';
import { legibleGlyphPx } from '../rules/unreadable-text';
import { chain, madeAt, stateIn, type RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/** Pixels of a typical glyph per font point at an 8-unit frame height, as the inspector measures (scene-inspector/inspect_scene.py). */
const GLYPH_UNITS_PER_POINT = 0.0075;

/**
 * Too small: a `font_size` that reaches the legible letter height (from the
 * size it is shown at, which follows any scaling), or the same factor as a
 * `scale` where it was made.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const u = scene.unit(f.unit);
  const at = stateIn(scene, f.unit, f.startMs, f.endMs);
  const made = madeAt(u);
  if (!at?.state.glyphPx || !made) return [];
  const least = legibleGlyphPx(scene.frame.height);
  const factor = Math.ceil((least / at.state.glyphPx) * 1.05 * 20) / 20;
  const shownAt = (at.state.glyphPx * scene.samples[at.i].camera.height) / (GLYPH_UNITS_PER_POINT * scene.frame.height);
  const fontSize = Math.ceil(shownAt * factor);
  return [
    {
      label: `font_size=${fontSize} at line ${made.line}`,
      edits: [{ ...made, op: { kind: 'keyword', call: u.type, keyword: 'font_size', value: String(fontSize) } }],
      size: factor - 1,
    },
    { label: `scale(${factor}) at line ${made.line}`, edits: [chain(made, `scale(${factor})`)], size: factor - 1 + 0.01 },
  ];
}

export const unreadableTextRepair: RuleRepair = { propose, gone: 'is large enough to read' };
