import type { EvalKind } from '../domain/types';
import type { IssueDraft } from '../kinds';
import type { FrameManifest } from '../media/manifest';
import type { SceneTimeline } from './inspection';
import { SCENE_RULE_SET } from './rules';
import { Scene } from './scene';

/**
 * Deterministic layout findings from a recorded scene (src/scene/inspection.ts):
 * text or shapes cut by the camera's frame, text drawn over text or across
 * another object, text too small for the rendered height, text whose colour is
 * too close to what is behind it, too many readable things at once, and objects
 * left on screen long after their last animation. Exact where the pixel
 * analyzers guess: the scene says what every object is, where it is, and which
 * line of the source put it there. Each rule is a file in src/scene/rules/;
 * docs/scene-inspection.md describes each.
 */

/** The scene's findings per frame kind a rule reports in, each pinned to the nearest stored frame inside its stretch. */
export function sceneFindings(timeline: SceneTimeline, manifest: FrameManifest): Map<EvalKind, IssueDraft[]> {
  const scene = new Scene(timeline);
  const byKind = new Map<EvalKind, IssueDraft[]>(SCENE_RULE_SET.map((rule) => [rule.kind, []]));
  for (const rule of SCENE_RULE_SET)
    for (const o of rule.observe(scene)) byKind.get(rule.kind)!.push(scene.pin(o, rule.category, manifest.frames));
  return byKind;
}
