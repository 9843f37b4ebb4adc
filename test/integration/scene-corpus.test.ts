import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { HOLDOUT_CORPUS, MANIM_CORPUS, scoreCorpusVideo, TRAPS_CORPUS, type Corpus } from '../../testkit/manim-corpus';
import { GEOMETRY_CATEGORIES } from '../../src/scene/judge';
import { inspectCorpus, isGeometryDefect, sceneResults, type InspectedCorpus } from '../../testkit/scene-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });

/**
 * Every labelled Manim corpus judged from its sources, in the real sandbox:
 * each layout defect found in an expected kind and category within 1 s of its
 * window (at the severity its labels accept: a shape that leaves the frame for
 * good is a LOW note from the scene, since an exit is often meant), and no
 * MEDIUM or HIGH layout finding on any clean scene.
 */
describe.each([MANIM_CORPUS, HOLDOUT_CORPUS, TRAPS_CORPUS].map((c) => [c.name, c] as const))(
  'scene findings on corpus/%s (real Manim renders, their sources given)',
  (_name, corpus: Corpus) => {
    let inspected: InspectedCorpus;
    beforeAll(async () => {
      inspected = await inspectCorpus(corpus, config);
    }, 300_000);

    it('inspects every scene, each timeline matching its video', () => {
      expect([...inspected.failures]).toEqual([]);
      for (const video of corpus.videos) {
        const timeline = inspected.timelines.get(video.file)!;
        expect(Math.abs(timeline.durationMs - inspected.manifests.get(video.file)!.durationMs), video.file).toBeLessThanOrEqual(140);
      }
    });

    it('finds every layout defect in an expected kind and category, within 1 s of when it is on screen, saying which line made it', () => {
      const missed: string[] = [];
      for (const video of corpus.videos.filter(isGeometryDefect)) {
        const score = scoreCorpusVideo(video, sceneResults(inspected.timelines.get(video.file)!, inspected.manifests.get(video.file)!));
        const hit = score.found ?? score.noted;
        if (!hit) missed.push(`${video.file}${score.named ? ` (placed at ${score.named.frameHint})` : ''}`);
        else {
          expect(hit.suggestedFix, video.file).toMatch(/lines? \d+/);
          expect(hit.region, video.file).not.toBeNull();
        }
      }
      expect(missed).toEqual([]);
    });

    it('reports no MEDIUM or HIGH layout finding on a clean scene', () => {
      const serious = corpus.videos
        .filter((v) => v.defect === null)
        .flatMap((v) =>
          scoreCorpusVideo(v, sceneResults(inspected.timelines.get(v.file)!, inspected.manifests.get(v.file)!))
            // These corpora are labelled for layout; reading time is measured on the math corpora (bench:math).
            .falsePositives.filter((i) => GEOMETRY_CATEGORIES.has(i.category))
            .map((i) => `${v.file}: ${i.kind} ${i.severity} ${i.category} @ ${i.frameHint}`),
        );
      expect(serious).toEqual([]);
    });
  },
);
