import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { FRAME_KINDS, judgeVideoLocally } from '../../testkit/local-judge';
import {
  corpusFile,
  MANIM_CORPUS,
  QUALITIES,
  scoreCorpusVideo,
  TRAPS_CORPUS,
  type Corpus,
  type CorpusScore,
  type CorpusVideo,
  type Quality,
} from '../../testkit/manim-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-manim-corpus-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const SPATIAL = new Set(['clipped_content', 'off_screen', 'overlap', 'unreadable_text', 'low_contrast', 'clutter']);
const judge = (corpus: Corpus, video: CorpusVideo, quality: Quality = '480p15') =>
  judgeVideoLocally(corpusFile(corpus, video, quality), config, workDir);

/** A clean scene passes every frame kind with no MEDIUM or HIGH issue. */
async function expectClean(corpus: Corpus, video: CorpusVideo, quality?: Quality) {
  const results = await judge(corpus, video, quality);
  const serious = FRAME_KINDS.flatMap((kind) =>
    results
      .get(kind)!
      .issues.filter((i) => i.severity !== 'LOW')
      .map((i) => `${kind} ${i.severity} ${i.category} @ ${i.frameHint}: ${i.description}`),
  );
  expect(serious).toEqual([]);
  for (const kind of FRAME_KINDS) expect(results.get(kind)!.status, kind).toBe('PASS');
}

/** A found defect says where and when, for the visual report and a designer. */
function expectWellReported(file: string, found: NonNullable<CorpusScore['found']>) {
  expect(found.frameIndex, file).not.toBeNull();
  if (SPATIAL.has(found.category)) expect(found.region, file).not.toBeNull();
  expect(found.description.length, file).toBeGreaterThan(30);
}

const clean = (corpus: Corpus) => corpus.videos.filter((v) => v.defect === null);
const defects = (corpus: Corpus) => corpus.videos.filter((v) => v.defect !== null);

describe('local judge on the Manim corpus (real Manim renders)', () => {
  it('has at least 12 clean scenes and 18 scenes with one planted defect, at every quality', () => {
    expect(clean(MANIM_CORPUS).length).toBeGreaterThanOrEqual(12);
    expect(defects(MANIM_CORPUS).length).toBeGreaterThanOrEqual(18);
    for (const quality of QUALITIES)
      for (const v of MANIM_CORPUS.videos) expect(fs.existsSync(corpusFile(MANIM_CORPUS, v, quality)), `${quality} ${v.file}`).toBe(true);
  });

  it.each(clean(MANIM_CORPUS).map((v) => [v.file, v] as const))(
    '%s: every frame kind passes with no MEDIUM or HIGH issue',
    async (_file, video) => {
      await expectClean(MANIM_CORPUS, video);
    },
  );

  it('finds at least 90% of the planted defects at MEDIUM or HIGH in an expected kind and category, within 1 s of when they are on screen', async () => {
    const scores: [string, CorpusScore][] = [];
    for (const video of defects(MANIM_CORPUS)) scores.push([video.file, scoreCorpusVideo(video, await judge(MANIM_CORPUS, video))]);
    const missed = scores.filter(([, s]) => !s.found).map(([file]) => file);
    // The misses are named in the failure message and in docs/local-judge.md.
    expect(scores.filter(([, s]) => s.found).length / scores.length, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(0.9);
    for (const [file, s] of scores) if (s.found) expectWellReported(file, s.found);
    // Every defect video judged in turn: a hang guard, not a speed figure (bench:local has those).
  }, 600_000);
});

/**
 * The patterns a pixel judge is tempted to fail (charts, a table, code and a
 * graph on their own backgrounds, frame-filling fields, a scrolling column) and
 * the defects it used to miss, each at the three qualities: the same verdict at
 * 480p15, 720p30 and 1080p60.
 */
describe('local judge on the traps corpus (real Manim renders, three qualities)', () => {
  const cases = (videos: CorpusVideo[]) => videos.flatMap((v) => QUALITIES.map((q) => [v.description, q, v] as const));

  it.each(cases(clean(TRAPS_CORPUS)))('%s, %s: every frame kind passes with no MEDIUM or HIGH issue', async (_what, quality, video) => {
    await expectClean(TRAPS_CORPUS, video, quality);
  });

  it.each(cases(defects(TRAPS_CORPUS)))(
    '%s, %s: found at MEDIUM or HIGH in an expected kind and category, within 1 s of its window',
    async (_what, quality, video) => {
      const score = scoreCorpusVideo(video, await judge(TRAPS_CORPUS, video, quality));
      expect(score.found, `named: ${score.named?.frameHint ?? score.noted?.frameHint ?? 'nothing'}`).not.toBeNull();
      expectWellReported(video.file, score.found!);
    },
  );
});
