import { blend, contrastRatio, fromHex as rgbOf, hex, lightnessContrast, readableText } from '../../analyzers/colour';
import type { Rgb } from '../../media/srgb';
import type { UnitState } from '../inspection';
import { fullyOutside, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/** The levels the description names: the LOW limit (large text) and the MEDIUM one (any text). */
const [, [ANY_TEXT], [LARGE_TEXT]] = SCENE_RULES.contrast;

/** What text in state `s` at sample i is read against: the fill it sits on (blended over the background), else the background. */
export function behindText(scene: Scene, i: number, s: UnitState): { colour: Rgb; on: string } {
  const background = rgbOf(scene.samples[i].background);
  const b = s.behind;
  return b && b.unit >= 0 && b.fill && b.share >= 0.5
    ? { colour: blend(rgbOf(b.fill), b.opacity, background), on: `the fill of ${scene.name(b.unit)}` }
    : { colour: background, on: 'the background' };
}

/**
 * Text whose colour is too close to the background or the fill behind it, by
 * its lightness contrast (APCA, `lightnessContrast`): text in an animation is
 * shown at headline sizes, so it is held to APCA's levels for large text.
 */
function contrast(scene: Scene): Observation[] {
  const findings: Observation[] = [];
  // A text whose colours chance chose (unseeded randomness) is shown in colours the recording does not have.
  for (const id of scene.unitIds().filter((id) => scene.unit(id).isText && !scene.unit(id).unseededColour)) {
    const contrastAt = (i: number): { lc: number; text: Rgb; behind: Rgb; on: string } | null => {
      const s = scene.states[i].get(id);
      if (!s?.fill || s.fillOpacity < SCENE_RULES.settledOpacity || fullyOutside(s.box, scene.frame)) return null;
      const { colour: behind, on } = behindText(scene, i, s);
      const text = blend(rgbOf(s.fill), s.fillOpacity, behind);
      return { lc: lightnessContrast(text, behind), text, behind, on };
    };
    const weak = (i: number) => (contrastAt(i)?.lc ?? 999) < SCENE_RULES.contrast.at(-1)![0];
    const runs = scene.runs(weak).filter(([a, b]) => scene.restMs(a, b) >= 1000);
    if (runs.length === 0) continue;
    const [a] = runs[0];
    const b = runs.at(-1)![1];
    let worst = a;
    for (const [x, y] of runs) for (let i = x; i <= y; i++) if (scene.atRest[i] && contrastAt(i)!.lc < contrastAt(worst)!.lc) worst = i;
    const w = contrastAt(worst)!;
    const severity = SCENE_RULES.contrast.find(([limit]) => w.lc < limit)![1];
    const better = readableText(w.text, w.behind, SCENE_RULES.readableContrast);
    findings.push({
      severity,
      unit: id,
      startMs: scene.samples[a].timeMs,
      endMs: scene.endOf(b),
      location: scene.place(scene.states[worst].get(id)!.box),
      description: `${scene.name(id)} in ${hex(w.text)} on ${w.on} (${hex(w.behind)}) has a lightness contrast of Lc ${w.lc.toFixed(0)} (${contrastRatio(w.text, w.behind).toFixed(2)}:1 by WCAG 2) ${scene.span(scene.samples[a].timeMs, scene.endOf(b))}; large text asks Lc ${LARGE_TEXT}, any text Lc ${ANY_TEXT} (APCA).`,
      suggestedFix: `${scene.sourceLine(id, scene.unit(id).line)}: use a colour reaching Lc ${SCENE_RULES.readableContrast} against ${hex(w.behind)}, e.g. \`color="${hex(better)}"\`.`,
    });
  }
  return findings;
}

export const lowContrast: SceneRule = {
  kind: 'DESIGN_VALIDATION_JSON',
  category: 'low_contrast',
  layout: true,
  colour: true,
  observe: contrast,
};
