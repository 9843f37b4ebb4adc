import { scoreFromIssues } from '../analyzers/context';
import type { SceneEvidence } from '../analyzers/scoring';
import type { EvalKind, IssueDraft, Verdict } from '../kinds';
import { formatTimestamp, type FrameManifest } from '../media/manifest';
import { sceneFindings } from './findings';
import { drawnByChance, sampleAt, type SceneTimeline } from './inspection';
import { SCENE_RULE_SET } from './rules';
import { readingWindows } from './rules/reading-time';
import { clip, oneLine } from '../domain/clip';
import { Scene } from './scene';

/**
 * How a recorded scene takes part in judging. When a scene was inspected it is
 * the authority on geometry: the pixel analyzers' guesses in these categories
 * are dropped and the scene's findings stand in their place; the signal
 * categories (flashing, blank, frozen, pacing) stay with the pixels, which
 * see every decoded frame.
 */
export const GEOMETRY_CATEGORIES: ReadonlySet<string> = new Set(SCENE_RULE_SET.filter((rule) => rule.layout).map((rule) => rule.category));
/** The geometry categories judged on colours: the scene is their authority only while it has every colour shown. */
const COLOUR_CATEGORIES: ReadonlySet<string> = new Set(SCENE_RULE_SET.filter((rule) => rule.colour).map((rule) => rule.category));

/** The kinds a recorded scene judges with the pixels: those its rules declare (a rule's `kind`). */
export const SCENE_KINDS: ReadonlySet<EvalKind> = new Set(SCENE_RULE_SET.map((rule) => rule.kind));

/** The recorded scene as a kind that reads it itself sees it: when animations play, and its findings for the kind. */
export function sceneEvidence(kind: EvalKind, scene: SceneTimeline, manifest: FrameManifest | null): SceneEvidence {
  return {
    playing: scene.plays
      .filter((p) => p.end > p.start && p.units.length > 0 && !p.animations.every((a) => a === 'Wait'))
      .map((p) => ({ startMs: p.start, endMs: p.end })),
    reading: readingWindows(new Scene(scene)),
    findings: sceneIssues(kind, scene, manifest),
  };
}

/** The scene's findings for one kind (empty for kinds it has none for). */
export function sceneIssues(kind: EvalKind, scene: SceneTimeline, manifest: FrameManifest | null): IssueDraft[] {
  return manifest ? (sceneFindings(scene, manifest).get(kind) ?? []) : [];
}

/**
 * A kind's issues with the scene as the authority on geometry: the pixels' guesses there dropped, the scene's findings
 * in. Where the recording cannot follow the render (randomness it did not seed placed some objects), the pixels keep
 * their layout findings beside the scene's about the other objects; where chance chose only colours, their findings on
 * colours.
 */
export function layoutFromScene<I extends { category: string }>(
  pixels: readonly I[],
  scene: readonly I[],
  timeline: Pick<SceneTimeline, 'units'>,
): I[] {
  const chance = drawnByChance(timeline);
  const sceneDecides = (category: string) =>
    GEOMETRY_CATEGORIES.has(category) && !chance.placed && !(chance.coloured && COLOUR_CATEGORIES.has(category));
  return [...pixels.filter((i) => !sceneDecides(i.category)), ...scene];
}

/**
 * A local verdict with the scene as the authority on geometry: pixel guesses in
 * geometry categories dropped, the scene's findings in, a validation kind's
 * score recounted from the issues (a rubric's stands).
 */
export function sceneOverPixels(
  pixels: Verdict,
  scene: readonly IssueDraft[],
  timeline: Pick<SceneTimeline, 'units'>,
  maxScore: number,
  rescore: boolean,
): Verdict {
  const issues = layoutFromScene(pixels.issues, scene, timeline);
  const dropped = pixels.issues.length + scene.length - issues.length;
  const summary =
    issues.length === 0
      ? 'No issues found; layout checked against the scene.'
      : `${issues.length} issue(s): ${[...new Set(issues.map((i) => i.category))].join(', ')}. Layout from the scene${dropped ? ` (${dropped} pixel guess${dropped === 1 ? '' : 'es'} about layout set aside)` : ''}.`;
  return { score: rescore ? scoreFromIssues(issues, maxScore) : pixels.score, summary, issues };
}

const FACTS_LIMIT = 6000;

/**
 * What an LLM judge is told about the scene, as data inside the fence: the
 * scene's exact findings and, per frame it is shown, the text on screen with
 * its box. Bounded, and the same for every frame kind of a run (it belongs to
 * the prompt prefix the kinds share).
 */
export function sceneFacts(scene: SceneTimeline, manifest: FrameManifest | null): string {
  const lines = [
    `Scene facts, recorded by running the animation's Manim source (scene ${scene.scene}, ${(scene.durationMs / 1000).toFixed(1)} s); positions are exact, in pixels of the ${scene.width}x${scene.height} video:`,
  ];
  if (manifest) {
    for (const [kind, issues] of sceneFindings(scene, manifest)) {
      for (const i of issues)
        lines.push(`- finding (${kind}, ${i.severity}, ${i.category}, frame ${i.frameIndex ?? '-'}): ${oneLine(clip(i.description, 240))}`);
    }
    for (const frame of manifest.frames) {
      const sample = sampleAt(scene, frame.timestampMs);
      if (!sample) continue;
      const texts = sample.units
        .filter((u) => scene.units[String(u.id)]?.isText && Math.max(u.fillOpacity, u.strokeOpacity) >= 0.5)
        .map(
          (u) =>
            `${scene.units[String(u.id)].type} "${oneLine(clip(scene.units[String(u.id)].text ?? '', 40))}" at [${u.box.map((v) => Math.round(v)).join(', ')}]`,
        );
      const shapes = sample.units.length - texts.length;
      lines.push(
        `- frame ${frame.index} (${formatTimestamp(frame.timestampMs)}): ${texts.slice(0, 10).join('; ') || 'no text'}${texts.length > 10 ? `; ${texts.length - 10} more texts` : ''}; ${shapes} other objects`,
      );
    }
  }
  const text = lines.join('\n');
  return text.length > FACTS_LIMIT ? `${text.slice(0, FACTS_LIMIT - 1)}…` : text;
}
