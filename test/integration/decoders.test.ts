import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import type { Extraction } from '../../src/media/extract';
import { debianFfmpeg, ffmpegVersion, npmShippedFfmpeg } from '../../testkit/ffmpeg-builds';
import { extractLocally } from '../../testkit/local-judge';
import { corpusFile, HOLDOUT_CORPUS, MANIM_CORPUS, TRAPS_CORPUS } from '../../testkit/manim-corpus';

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-decoders-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const builds = [npmShippedFfmpeg(), debianFfmpeg()];
const frameHashes = (e: Extraction) =>
  e.frames.map((f) => `${f.index} ${f.timestampMs} ${f.width}x${f.height} ${crypto.createHash('sha256').update(f.jpeg).digest('hex')}`);

describe("one verdict on any ffmpeg: the npm-shipped build and Debian's", () => {
  it('are two different builds', () => {
    const [npm, debian] = builds.map(ffmpegVersion);
    expect(npm).toMatch(/^ffmpeg version/);
    expect(debian).toMatch(/^ffmpeg version/);
    expect(debian).not.toBe(npm);
  });

  // Every trap (the patterns a pixel judge is tempted by), and every other scene of the two scene corpora, defects
  // and clean ones alike: what the builds could differ on is decoding, which every scene exercises.
  const everyOther = <T>(items: readonly T[]) => items.filter((_, i) => i % 2 === 0);
  const videos = [
    ...everyOther(MANIM_CORPUS.videos).map((video) => [MANIM_CORPUS, video] as const),
    ...everyOther(HOLDOUT_CORPUS.videos).map((video) => [HOLDOUT_CORPUS, video] as const),
    ...TRAPS_CORPUS.videos.map((video) => [TRAPS_CORPUS, video] as const),
  ].map(([corpus, video]) => [`corpus/${corpus.name}/${video.file}`, corpusFile(corpus, video)] as const);
  // The judge (testkit judgeExtraction, as the pipeline) reads the frame plan, the frames and the signal and
  // nothing else: the same three from both builds are the same findings. Judging both as well compared one
  // verdict with itself, its frame measures cached by the frames' bytes.
  it.each(videos)('%s: the same frame plan, frames (bytes) and signal with both: all that the judge reads', async (_name, file) => {
    const [a, b] = await Promise.all(builds.map((tools) => extractLocally(file, tools, config, workDir)));
    expect(b.plan).toEqual(a.plan);
    expect(frameHashes(b)).toEqual(frameHashes(a));
    expect(b.signal).toEqual(a.signal);
    // Whatever else an extraction carries, the same too.
    expect(b).toEqual(a);
  });
});
