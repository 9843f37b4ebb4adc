import { fromHex, hex, readableText } from '../../analyzers/colour';
import { behindText } from '../rules/low-contrast';
import type { Observation, Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import { chain, madeAt, stateIn, type RuleRepair } from './rule-repair';
import type { Candidate } from './types';

/**
 * Low contrast: the text's colour moved towards white or black (whichever reads
 * better on what is behind it) just until, blended by the text's opacity over
 * it, it reaches the readable lightness contrast (Lc 75, `SCENE_RULES.readableContrast`);
 * given where the text is made (`color=`), or set after (`set_color`) when
 * something else colours it.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const u = scene.unit(f.unit);
  const at = stateIn(scene, f.unit, f.startMs, f.endMs);
  const made = madeAt(u);
  const fill = at?.state.fill;
  if (!at || !fill || !made) return [];
  const text = fromHex(fill);
  const colour = readableText(text, behindText(scene, at.i, at.state).colour, SCENE_RULES.readableContrast, at.state.fillOpacity);
  const value = `"${hex(colour).toUpperCase()}"`;
  const size = Math.hypot(...colour.map((c, k) => c - text[k])) / 255;
  return [
    {
      label: `color=${value} at line ${made.line}`,
      edits: [{ ...made, op: { kind: 'keyword', call: u.type, keyword: 'color', value } }],
      size,
    },
    { label: `set_color(${value}) at line ${made.line}`, edits: [chain(made, `set_color(${value})`)], size: size + 0.01 },
  ];
}

export const lowContrastRepair: RuleRepair = {
  propose,
  gone: `reads at Lc ${SCENE_RULES.readableContrast} or more against what is behind it`,
};
