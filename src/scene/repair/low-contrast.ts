import { blend, contrastRatio, fromHex, hex } from '../../analyzers/colour';
import { relativeLuminance, type Rgb } from '../../media/colour';
import type { Observation, Scene } from '../scene';
import { chain, madeAt, stateIn, type RuleRepair } from './rule-repair';
import type { Candidate } from '.';

/** WCAG's ratio for text, with a margin for the colour's rounding to 8 bits. */
const TARGET = 4.6;

/**
 * Low contrast: the text's colour moved towards white or black (whichever the
 * background is far from) just until, blended by the text's opacity over what
 * is behind it, it reaches 4.5:1; given where the text is made (`color=`), or
 * set after (`set_color`) when something else colours it.
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
  const towards: Rgb = relativeLuminance(behind) < 0.18 ? [255, 255, 255] : [0, 0, 0];
  let colour: Rgb = towards;
  for (let t = 0; t <= 1; t += 0.02) {
    const c = blend(towards, t, text).map(Math.round) as Rgb;
    if (contrastRatio(blend(c, s.fillOpacity, behind), behind) >= TARGET) {
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

export const lowContrastRepair: RuleRepair = { propose, gone: 'reads at 4.5:1 or more against what is behind it' };
