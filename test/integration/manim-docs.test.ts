import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { FRAME_KINDS, judgeVideoLocally, type LocalResults } from '../../testkit/local-judge';
import { scoreCorpusVideo, type CorpusVideo } from '../../testkit/manim-corpus';
import {
  docsFile,
  docsSample,
  isClipFact,
  isLastFrame,
  loadDocsCorpus,
  renderDocsScenes,
  type RenderOutcome,
} from '../../testkit/manim-docs';
import { inspectCorpus, withScene } from '../../testkit/scene-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-manim-docs-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const corpus = loadDocsCorpus();
const sample = docsSample(corpus);
/** Issues of one category a run may list (one defect, one issue). */
const MAX_ISSUES_OF_ONE_CATEGORY = 5;

/** Issue 31's goals: MEDIUM/HIGH false findings per 100 clean scenes (docs/benchmarks.md). */
const GOAL_PER_100 = { pixels: 3, sources: 1 };

/** MEDIUM/HIGH findings on the clean scenes, findings true of the clip (a still's stillness, its length) apart. */
const falseFindings = (judged: Map<CorpusVideo, LocalResults>) =>
  [...judged].flatMap(([video, results]) =>
    video.defect === null
      ? scoreCorpusVideo(video, results)
          .falsePositives.filter((i) => !isClipFact(corpus, video, i))
          .map((i) => `${video.animation.id}: ${i.severity} ${i.category} @ ${i.frameHint}`)
      : [],
  );

/** Categories with more than the allowed issues (any severity) in one scene's run. */
const crowdedCategories = (video: CorpusVideo, results: LocalResults) => {
  const counts = new Map<string, number>();
  for (const kind of FRAME_KINDS) for (const i of results.get(kind)!.issues) counts.set(i.category, (counts.get(i.category) ?? 0) + 1);
  return [...counts].filter(([, n]) => n > MAX_ISSUES_OF_ONE_CATEGORY).map(([category, n]) => `${video.animation.id}: ${n} ${category}`);
};

/**
 * A fixed sample of Manim's documentation examples (corpus/manim-docs, every
 * 9th), rendered at 480p15 when the cache lacks them, judged from pixels and
 * with their sources in the real sandbox: every one renders and judges, and no
 * run lists more than five issues of one category, and the false findings per
 * 100 clean scenes are within the goals. The whole corpus is measured by
 * `npm run bench:docs` (docs/benchmarks.md).
 */
describe('local judge on a sample of Manim documentation examples (480p15)', () => {
  let rendered: RenderOutcome[];
  const pixels = new Map<CorpusVideo, LocalResults>();
  const sources = new Map<CorpusVideo, LocalResults>();

  beforeAll(async () => {
    rendered = await renderDocsScenes(corpus, sample, '480p15');
    const ready = sample.filter((v) => fs.existsSync(docsFile(corpus, v, '480p15')));
    for (const video of ready) pixels.set(video, await judgeVideoLocally(docsFile(corpus, video, '480p15'), config, workDir));
    const inspected = await inspectCorpus(corpus, config, ready);
    for (const video of ready) {
      const timeline = inspected.timelines.get(video.file);
      sources.set(video, timeline ? withScene(pixels.get(video)!, timeline, inspected.manifests.get(video.file)!) : pixels.get(video)!);
    }
  }, 1_200_000);

  it('samples at least 40 examples, animated and last-frame both, and renders every one', () => {
    expect(sample.length).toBeGreaterThanOrEqual(40);
    expect(sample.some((v) => isLastFrame(corpus, v))).toBe(true);
    expect(sample.some((v) => !isLastFrame(corpus, v))).toBe(true);
    expect(rendered.filter((o) => !o.ok).map((o) => `${o.id}: ${o.error}`)).toEqual([]);
    expect(pixels.size).toBe(sample.length);
  });

  it(`no run has more than ${MAX_ISSUES_OF_ONE_CATEGORY} issues of one category, from pixels or with sources`, () => {
    const crowded = [...pixels, ...sources].flatMap(([video, results]) => crowdedCategories(video, results));
    expect(crowded).toEqual([]);
  });

  for (const mode of ['pixels', 'sources'] as const)
    it(`from ${mode === 'pixels' ? 'pixels alone' : 'the scene with its source'}, at most ${GOAL_PER_100[mode]} false findings per 100 clean scenes`, () => {
      const judged = mode === 'pixels' ? pixels : sources;
      const clean = [...judged.keys()].filter((v) => v.defect === null).length;
      const found = falseFindings(judged);
      expect(clean).toBeGreaterThanOrEqual(30);
      expect(found.length, found.join('\n')).toBeLessThanOrEqual(Math.floor((GOAL_PER_100[mode] * clean) / 100));
    });
});
