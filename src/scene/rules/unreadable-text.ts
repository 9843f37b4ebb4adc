import { clip, oneLine } from '../../domain/clip';
import { fullyOutside, opacityOf, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/** The smallest legible median glyph for the rendered height, px. */
export function legibleGlyphPx(height: number): number {
  return Math.max(SCENE_RULES.minGlyphPx, height * SCENE_RULES.minGlyphShare);
}

/** Text shown at rest whose letters are smaller than legible at the video's height; the parts of one group (axis numbers) are one finding. */
function tinyText(scene: Scene): Observation[] {
  const least = legibleGlyphPx(scene.frame.height);
  const groups = new Map<number, { ids: number[]; a: number; b: number; glyph: number }>();
  for (const id of scene.unitIds().filter((id) => scene.unit(id).isText)) {
    const tiny = (i: number) => {
      const s = scene.states[i].get(id);
      return (
        !!s && s.glyphPx !== null && opacityOf(s) >= SCENE_RULES.settledOpacity && !fullyOutside(s.box, scene.frame) && s.glyphPx < least
      );
    };
    const runs = scene.runs(tiny).filter(([a, b]) => scene.restMs(a, b) >= SCENE_RULES.minRestMs);
    if (runs.length === 0) continue;
    const a = runs[0][0];
    const b = runs.at(-1)![1];
    const glyph = scene.states[a].get(id)!.glyphPx!;
    const group = groups.get(scene.unit(id).root);
    if (!group) groups.set(scene.unit(id).root, { ids: [id], a, b, glyph });
    else
      Object.assign(group, {
        ids: [...group.ids, id],
        a: Math.min(group.a, a),
        b: Math.max(group.b, b),
        glyph: Math.min(group.glyph, glyph),
      });
  }
  return [...groups.values()].map(({ ids, a, b, glyph }) => {
    const id = ids[0];
    const factor = Math.ceil((least / glyph) * 10) / 10;
    const what =
      ids.length > 1
        ? `${ids.length} pieces of text of ${scene.unit(id).rootType} (${ids
            .slice(0, 3)
            .map((i) => `"${oneLine(clip(scene.unit(i).text ?? '', 12))}"`)
            .join(', ')}${ids.length > 3 ? ', …' : ''}; line ${scene.unit(id).line})`
        : scene.name(id);
    return {
      severity: glyph < least * SCENE_RULES.tinyHigh ? ('HIGH' as const) : ('MEDIUM' as const),
      unit: id,
      startMs: scene.samples[a].timeMs,
      endMs: scene.endOf(b),
      location: scene.place(scene.states[a].get(id)!.box),
      description: `${what} ${ids.length > 1 ? 'are' : 'is'} too small to read at ${scene.frame.height}p ${scene.span(scene.samples[a].timeMs, scene.endOf(b))}: letters ${glyph.toFixed(1)} px high, legible text needs ${least.toFixed(1)} px.`,
      suggestedFix: `${scene.sourceLine(id, scene.unit(id).line)}: make it at least ${factor}x larger (\`font_size\` times ${factor}, or \`scale(${factor})\`).`,
    };
  });
}

export const unreadableText: SceneRule = { kind: 'VISUAL_VALIDATION_JSON', category: 'unreadable_text', layout: true, observe: tinyText };
