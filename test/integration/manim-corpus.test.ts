import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { FRAME_KINDS, judgeVideoLocally } from '../../testkit/local-judge';
import { corpusFile, MANIM_CORPUS, scoreCorpusVideo, type CorpusScore } from '../../testkit/manim-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-manim-corpus-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const SPATIAL = new Set(['clipped_content', 'off_screen', 'overlap', 'unreadable_text', 'low_contrast', 'clutter']);
const clean = MANIM_CORPUS.videos.filter((v) => v.defect === null);
const defects = MANIM_CORPUS.videos.filter((v) => v.defect !== null);

describe('local judge on the Manim corpus (real Manim renders)', () => {
  it('has at least 12 clean scenes and 18 scenes with one planted defect', () => {
    expect(clean.length).toBeGreaterThanOrEqual(12);
    expect(defects.length).toBeGreaterThanOrEqual(18);
    for (const v of MANIM_CORPUS.videos) expect(fs.existsSync(corpusFile(MANIM_CORPUS, v)), v.file).toBe(true);
  });

  it.each(clean.map((v) => [v.file, v] as const))('%s: every frame kind passes with no MEDIUM or HIGH issue', async (_file, video) => {
    const results = await judgeVideoLocally(corpusFile(MANIM_CORPUS, video), config, workDir);
    const serious = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.filter((i) => i.severity !== 'LOW').map((i) => `${kind} ${i.severity} ${i.category} @ ${i.frameHint}: ${i.description}`));
    expect(serious).toEqual([]);
    for (const kind of FRAME_KINDS) expect(results.get(kind)!.status, kind).toBe('PASS');
  });

  it('finds at least 90% of the planted defects in an expected kind and category, within 1 s of when they are on screen', async () => {
    const scores: [string, CorpusScore][] = [];
    for (const video of defects) scores.push([video.file, scoreCorpusVideo(video, await judgeVideoLocally(corpusFile(MANIM_CORPUS, video), config, workDir))]);
    const missed = scores.filter(([, s]) => !s.found).map(([file]) => file);
    // The misses are named in the failure message and in docs/local-judge.md.
    expect(scores.filter(([, s]) => s.found).length / scores.length, `missed: ${missed.join(', ')}`).toBeGreaterThanOrEqual(0.9);
    for (const [file, s] of scores) {
      if (!s.found) continue;
      expect(s.found.frameIndex, file).not.toBeNull();
      // Findings about a place on the frame say where it is (the visual report draws it).
      if (SPATIAL.has(s.found.category)) expect(s.found.region, file).not.toBeNull();
      expect(s.found.description.length, file).toBeGreaterThan(30);
    }
  });
});
