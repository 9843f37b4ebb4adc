import { area, intersection, opacityOf, type Observation, type Scene } from '../scene';
import { SCENE_RULES } from '../thresholds';
import type { SceneRule } from './rule';

/**
 * Text drawn over text, across another object's stroke, or straddling a filled
 * shape it does not belong to, for a while at rest. A text drawn exactly over
 * another (the same glyphs in the same place) reads as one text, not two. Parts of one group (an
 * axis and its numbers) belong together; a frame-filling structure (a grid)
 * is meant to run behind labels; a highlight (a frame, a backing, a brace, an
 * underline, a cross) marks its target: the inspector counts strokes only
 * where they cut glyphs, and a highlight's only over glyphs it does not mark.
 */
function overlaps(scene: Scene): Observation[] {
  const findings: Observation[] = [];
  const reported = new Set<string>();
  const texts = scene.unitIds().filter((id) => scene.unit(id).isText);
  for (const id of texts) {
    const pairs = new Map<string, { other: number; what: 'text' | 'stroke' | 'fill'; at: number[] }>();
    for (let i = 0; i < scene.samples.length; i++) {
      const s = scene.states[i].get(id);
      if (!s || !scene.atRest[i] || opacityOf(s) < 0.5) continue;
      for (const otherId of texts) {
        if (otherId <= id) continue;
        const o = scene.states[i].get(otherId);
        // One text drawn twice, exactly over itself, reads as one text.
        if (!o || opacityOf(o) < 0.5 || s.copyOf === otherId || o.copyOf === id) continue;
        const shared = intersection(s.box, o.box) / Math.max(1, Math.min(area(s.box), area(o.box)));
        if (shared > SCENE_RULES.textOverlap) add(pairs, `t${otherId}`, otherId, 'text', i);
      }
      for (const c of s.crossings) {
        if (
          c.lengthPx < (s.box[3] - s.box[1]) * 0.7 * SCENE_RULES.strokeCrossing ||
          scene.together(i, id, c.unit) ||
          scene.isStructure(i, c.unit)
        )
          continue;
        const panel =
          s.behind &&
          s.behind.unit >= 0 &&
          s.behind.opacity >= SCENE_RULES.opaqueFill &&
          s.behind.share >= SCENE_RULES.straddle[1] &&
          (scene.states[i].get(s.behind.unit)?.z ?? -1) > (scene.states[i].get(c.unit)?.z ?? -1);
        if (!panel) add(pairs, `s${c.unit}`, c.unit, 'stroke', i);
      }
      const b = s.behind;
      if (
        b &&
        b.unit >= 0 &&
        b.opacity >= SCENE_RULES.opaqueFill &&
        b.share >= SCENE_RULES.straddle[0] &&
        b.share <= SCENE_RULES.straddle[1] &&
        !scene.together(i, id, b.unit) &&
        !scene.isStructure(i, b.unit) &&
        !scene.unit(b.unit)?.highlight
      ) {
        add(pairs, `f${b.unit}`, b.unit, 'fill', i);
      }
    }
    for (const pair of pairs.values()) {
      const restMs = pair.at.reduce((sum, i) => sum + scene.spans[i], 0);
      if (restMs < SCENE_RULES.minRestMs) continue;
      const dedupe = [id, pair.other].sort().join('-');
      if (reported.has(dedupe)) continue;
      reported.add(dedupe);
      const first = pair.at[0];
      const lastAt = pair.at.at(-1)!;
      const s = scene.states[first].get(id)!;
      const what =
        pair.what === 'text'
          ? `is drawn over ${scene.name(pair.other)}`
          : pair.what === 'stroke'
            ? `has ${scene.name(pair.other)} running through it`
            : `straddles the edge of the filled ${scene.name(pair.other)}`;
      const startMs = scene.samples[first].timeMs;
      const endMs = scene.endOf(lastAt);
      findings.push({
        severity: 'MEDIUM',
        unit: id,
        startMs,
        endMs,
        location: scene.place(s.box),
        description: `${scene.name(id)} ${what} ${scene.span(startMs, endMs)}: the text is hard to read.`,
        suggestedFix:
          pair.what === 'text'
            ? `${scene.sourceLine(id)}: place it clear of the other text, e.g. \`next_to(other, DOWN, buff=0.3)\`, or fade the other out first.`
            : `${scene.sourceLine(id)}: move it off the ${pair.what === 'stroke' ? 'line' : 'shape'} (\`next_to(shape, UP, buff=0.2)\`), or give it a backing: \`add_background_rectangle()\`.`,
      });
    }
  }
  return findings;
}

function add(
  pairs: Map<string, { other: number; what: 'text' | 'stroke' | 'fill'; at: number[] }>,
  key: string,
  other: number,
  what: 'text' | 'stroke' | 'fill',
  i: number,
): void {
  const pair = pairs.get(key) ?? pairs.set(key, { other, what, at: [] }).get(key)!;
  pair.at.push(i);
}

export const overlap: SceneRule = { kind: 'VISUAL_VALIDATION_JSON', category: 'overlap', layout: true, observe: overlaps };
