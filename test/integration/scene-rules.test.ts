import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { EvalKind } from '../../src/domain/types';
import type { NormalizedIssue } from '../../src/kinds/verdict';
import type { FrameManifest } from '../../src/media/manifest';
import { timelineOf, type SceneTimeline } from '../../src/scene/inspection';
import { runInspector } from '../../src/scene/inspector';
import { sceneResults } from '../../testkit/scene-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });

/**
 * The layout rules as principles, on real Manim: scenes run through the real
 * inspector in its sandbox, each finding normalised as the pipeline stores it.
 */
const SOURCE = `from manim import *


class CrowdedLabels(Scene):
    def construct(self):
        labels = VGroup(*[Text(f"point {i}", font_size=28).move_to([-5.5 + (i % 8) * 1.45, 2.6 - (i // 8) * 0.32, 0]) for i in range(40)])
        self.play(FadeIn(labels))
        self.wait(2)
`;

const SCENES = ['CrowdedLabels'] as const;
type SceneName = (typeof SCENES)[number];

/** The frames the pipeline would store for a timeline: 16, evenly spaced, first and last included. */
function manifestOf(t: SceneTimeline): FrameManifest {
  const frames = Array.from({ length: 16 }, (_, index) => ({
    index,
    timestampMs: Math.round((index * Math.max(0, t.durationMs - 1)) / 15),
    width: 768,
    height: 432,
    key: `${t.scene}#${index}`,
  }));
  return { durationMs: t.durationMs, width: t.width, height: t.height, fps: t.fps, frames };
}

describe('scene rules on real Manim', () => {
  const issues = new Map<SceneName, (NormalizedIssue & { kind: EvalKind })[]>();
  beforeAll(async () => {
    const ran = await runInspector(
      [{ name: 'scenes.py', content: SOURCE }],
      SCENES.map((scene) => ({ scene, width: 854, height: 480, fps: 15, durationMs: 0 })),
      { ...config.scene, limits: { ...config.scene.limits, wallMs: 600_000, cpuSeconds: 600 } },
    );
    if (!('answer' in ran)) throw new Error(`the inspector did not run: ${JSON.stringify(ran)}`);
    SCENES.forEach((scene, i) => {
      const timeline = timelineOf(ran.answer.results[i], ran.answer.manim ?? null, {});
      if (!timeline) throw new Error(`${scene}: ${ran.answer.results[i]?.error ?? ran.answer.error}`);
      const results = sceneResults(timeline, manifestOf(timeline));
      issues.set(scene, [...results].flatMap(([kind, v]) => v.issues.map((issue) => ({ ...issue, kind }))));
    });
  }, 600_000);

  it('one defect, one issue: forty labels crowded over each other are one overlap issue saying how many and where', () => {
    const overlaps = issues.get('CrowdedLabels')!.filter((i) => i.category === 'overlap');
    expect(overlaps.length).toBeGreaterThan(0);
    expect(overlaps.length).toBeLessThanOrEqual(5);
    const [merged] = overlaps;
    const count = Number(/^(\d+) overlap issues at \d\d:\d\d\.\d (at the|in the)/.exec(merged.description)?.[1]);
    expect(count).toBeGreaterThanOrEqual(20);
    expect(merged.description).toMatch(/Text "point \d+" \(line 6\) is drawn over Text "point \d+"/);
    expect(merged.region).not.toBeNull();
  });
});
