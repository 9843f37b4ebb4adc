import { blend, fromHex, hex, lightnessContrast, strongestText } from '../../analyzers/colour';
import type { Rgb } from '../../media/colour';
import type { Observation, Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import { chain, madeAt, stateIn, type RuleRepair } from './rule-repair';
import type { Candidate } from '.';

/**
 * Low contrast: the text's colour moved towards white or black (whichever reads
 * better on what is behind it) just until, blended by the text's opacity over
 * it, it reaches the readable lightness contrast (Lc 60, `SCENE_RULES.readableContrast`);
 * given where the text is made (`color=`), or set after (`set_color`) when
 * something else colours it.
 */
function propose(scene: Scene, f: Observation): Omit<Candidate, 'id'>[] {
  const u = scene.unit(f.unit);
  const at = stateIn(scene, f.unit, f.startMs, f.endMs);
  const made = madeAt(u);
  const fill = at?.state.fill;
  if (!at || !fill || !made) return [];
  const s = at.state;
  const background = fromHex(scene.samples[at.i].background);
  const b = s.behind;
  const behind = b && b.unit >= 0 && b.fill && b.share >= 0.5 ? blend(fromHex(b.fill), b.opacity, background) : background;
  const text = fromHex(fill);
  const towards = strongestText(behind);
  let colour: Rgb = towards;
  for (let t = 0; t <= 1; t += 0.02) {
    const c = blend(towards, t, text).map(Math.round) as Rgb;
    // A margin over the target for the colour's rounding to 8 bits.
    if (lightnessContrast(blend(c, s.fillOpacity, behind), behind) >= SCENE_RULES.readableContrast + 0.5) {
      colour = c;
      break;
    }
  }
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
