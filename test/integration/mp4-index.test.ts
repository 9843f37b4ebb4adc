import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { resolveMediaTools } from '../../src/infra/ffmpeg';
import { extractFrames } from '../../src/media/extract';
import { readMp4Index } from '../../src/media/mp4-index';
import { ffprobeIndex } from '../../src/media/probe';
import { ffmpegFixture, sampleAnimation, syntheticVideo, writeFixture } from '../../testkit/videos';

/**
 * The in-process MP4 reader against ffprobe on real files: where it reads a
 * file, it reads what ffprobe reports (times, keyframes, size, rate, colour);
 * where it cannot be sure, it declines and ffprobe decides.
 */

const config = loadConfig({ EVALS_PROVIDER: 'local' });
const tools = resolveMediaTools(config);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-mp4-index-test-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const read = (file: string) => readMp4Index(file, config.media.maxVideoFrames);
const lavfi = (source: string) => ['-f', 'lavfi', '-i', source];

/** H.264 MP4s as ffmpeg and Manim write them. */
function agreeing(): Record<string, string> {
  const bframes = syntheticVideo('mp4-bframes', 'testsrc2=size=854x480:rate=24:duration=4', ['-bf', '3', '-g', '30']);
  return {
    'B-frames, an edit list shifting them': bframes,
    'moov at the front (faststart)': ffmpegFixture('mp4-faststart.mp4', ['-i', bframes, '-c', 'copy', '-movflags', '+faststart']),
    'no edit list, B-frames shown late': ffmpegFixture('mp4-no-edit.mp4', ['-i', bframes, '-c', 'copy', '-use_editlist', '0']),
    'no B-frames, 29.97 fps, cropped odd size': syntheticVideo('mp4-ntsc-odd', 'testsrc2=size=322x182:rate=30000/1001:duration=3', [
      '-bf',
      '0',
    ]),
    'variable frame rate': ffmpegFixture('mp4-vfr.mp4', [
      ...lavfi('testsrc2=size=320x180:rate=30:duration=4'),
      '-vf',
      "select='lt(n,30)+not(mod(n,6))',setpts='if(lt(N,30),N/30,1+(N-30)/5)/TB'",
      '-c:v',
      'libx264',
    ]),
    'full range, BT.709 tagged (colr box and SPS)': ffmpegFixture('mp4-full-709.mp4', [
      ...lavfi('testsrc2=size=320x180:rate=60:duration=2'),
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-color_range',
      'pc',
      '-colorspace',
      'bt709',
    ]),
    yuvj420p: ffmpegFixture('mp4-yuvj.mp4', [
      ...lavfi('testsrc2=size=320x180:rate=25:duration=2'),
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuvj420p',
    ]),
    'custom scaling matrices (JVT)': ffmpegFixture('mp4-cqm.mp4', [
      ...lavfi('testsrc2=size=320x180:rate=15:duration=2'),
      '-c:v',
      'libx264',
      '-x264-params',
      'cqm=jvt',
    ]),
    'one keyframe only': syntheticVideo('mp4-one-key', 'testsrc2=size=320x180:rate=15:duration=6', ['-g', '1000', '-sc_threshold', '0']),
    'QuickTime .mov': ffmpegFixture('mp4-quicktime.mov', ['-i', bframes, '-c', 'copy']),
    'example Manim render': path.resolve('examples/pythagoras.mp4'),
    'Manim corpus render, 480p15': path.resolve('corpus/manim/clean-summary.mp4'),
    'Manim corpus render, 720p30 (uneven sample durations)': path.resolve('corpus/manim/720p30/defect-flashing-region.mp4'),
    'Manim corpus render, 1080p60': path.resolve('corpus/manim/1080p60/clean-camera-pan.mp4'),
  };
}

describe('the MP4 reader agrees with ffprobe', () => {
  for (const [name, file] of Object.entries(agreeing())) {
    it(name, async () => {
      const index = await read(file);
      expect(index).not.toBeNull();
      expect(index).toEqual(await ffprobeIndex(tools, file, config.media));
    });
  }
});

describe('the MP4 reader declines what it does not fully understand', () => {
  const bytes = () => fs.readFileSync(sampleAnimation());
  const declined: Record<string, () => string> = {
    Matroska: () => ffmpegFixture('mp4-declined.mkv', ['-i', sampleAnimation(), '-c', 'copy']),
    'an audio track beside the video': () =>
      ffmpegFixture('mp4-with-audio.mp4', [
        ...lavfi('testsrc2=size=320x180:rate=15:duration=2'),
        ...lavfi('sine=duration=2'),
        '-c:v',
        'libx264',
        '-c:a',
        'aac',
      ]),
    'fragmented MP4': () =>
      ffmpegFixture('mp4-fragmented.mp4', ['-i', sampleAnimation(), '-c', 'copy', '-movflags', 'frag_keyframe+empty_moov']),
    'another codec (MPEG-4 part 2)': () =>
      ffmpegFixture('mp4-mpeg4.mp4', [...lavfi('testsrc2=size=320x180:rate=15:duration=2'), '-c:v', 'mpeg4']),
    '10-bit H.264': () =>
      ffmpegFixture('mp4-10bit.mp4', [...lavfi('testsrc2=size=320x180:rate=15:duration=2'), '-c:v', 'libx264', '-pix_fmt', 'yuv420p10le']),
    'an edit starting mid-way (frames before it dropped)': () =>
      ffmpegFixture('mp4-cut.mp4', ['-ss', '1.3', '-i', agreeing()['B-frames, an edit list shifting them'], '-c', 'copy']),
    'truncated, moov at the end': () => writeFixture('mp4-truncated-end.mp4', bytes().subarray(0, Math.floor(bytes().length * 0.6))),
    'truncated sample data, moov at the front': () => {
      const faststart = fs.readFileSync(
        ffmpegFixture('mp4-sample-faststart.mp4', ['-i', sampleAnimation(), '-c', 'copy', '-movflags', '+faststart']),
      );
      return writeFixture('mp4-truncated-front.mp4', faststart.subarray(0, Math.floor(faststart.length * 0.5)));
    },
    'trailing bytes that are no box': () => writeFixture('mp4-trailing.mp4', Buffer.concat([bytes(), Buffer.from('junk')])),
    'text named .mp4': () => writeFixture('mp4-text.mp4', 'this is plain text, not an mp4\n'),
  };
  for (const [name, file] of Object.entries(declined)) {
    it(name, async () => {
      expect(await read(file())).toBeNull();
    });
  }
});

describe('extraction of an MP4 without ffprobe', () => {
  it('starts no ffprobe, and plans and extracts exactly what the ffprobe path does', async () => {
    const calls = path.join(workDir, 'ffprobe-calls');
    const failingProbe = path.join(workDir, 'ffprobe');
    fs.writeFileSync(failingProbe, `#!/bin/sh\necho "$@" >> '${calls}'\nexit 1\n`, { mode: 0o755 });
    const file = syntheticVideo('mp4-scene-cut', 'testsrc2=size=640x360:rate=15:duration=4,hue=H=2*PI*gte(t\\,2)');
    // The same file with bytes after its last box: the reader declines it, ffmpeg ignores them, so ffprobe indexes it.
    const viaFfprobe = writeFixture('mp4-scene-cut-trailing.mp4', Buffer.concat([fs.readFileSync(file), Buffer.from('junk')]));
    expect(await read(viaFfprobe)).toBeNull();
    for (const withSignal of [false, true]) {
      const opts = { media: config.media, allowLocalFiles: true, workDir, withSignal };
      const ours = await extractFrames(file, { ...tools, ffprobe: failingProbe }, opts, () => undefined);
      const before = await extractFrames(viaFfprobe, tools, opts, () => undefined);
      expect(fs.existsSync(calls)).toBe(false);
      expect(ours.plan).toEqual(before.plan);
      expect(ours.signal).toEqual(before.signal);
      expect(ours.frames.map((f) => [f.timestampMs, f.jpeg.toString('base64')])).toEqual(
        before.frames.map((f) => [f.timestampMs, f.jpeg.toString('base64')]),
      );
    }
    // A file the reader declines still goes to ffprobe (here the failing one).
    const opts = { media: config.media, allowLocalFiles: true, workDir, withSignal: false };
    await expect(extractFrames(viaFfprobe, { ...tools, ffprobe: failingProbe }, opts, () => undefined)).rejects.toThrow(
      /not a readable video/,
    );
    expect(fs.readFileSync(calls, 'utf8')).toContain(viaFfprobe);
  });
});
