import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { resolveMediaTools } from '../../src/infra/ffmpeg';
import { extractFrames } from '../../src/media/extract';
import { evenlySpaced } from '../../src/media/plan';
import { ffmpegFixture, frameTimesOf, syntheticVideo } from '../../testkit/videos';

const config = loadConfig({ EVALS_PROVIDER: 'local', EVALS_ALLOW_PRIVATE_ADDRESSES: 'true' });
const tools = resolveMediaTools(config);
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-frames-test-'));
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

const extract = (file: string, withSignal: boolean) =>
  extractFrames(file, tools, { media: config.media, allowLocalFiles: true, workDir, withSignal }, () => undefined);

/** The plan must be the evenly spaced frames of the video, at their real presentation times. */
function expectEvenPlan(timestamps: number[], truth: number[]) {
  const picks = evenlySpaced(truth.length, config.media.maxFrames);
  expect(timestamps).toEqual(picks.map((p) => truth[p]));
  expect(timestamps[0]).toBe(truth[0]);
  expect(timestamps.at(-1)).toBe(truth.at(-1));
}

describe('frame plan on generated videos', () => {
  it('keeps every frame of a short video (fewer frames than the cap)', async () => {
    const file = syntheticVideo('plan-short', 'testsrc2=size=320x180:rate=10:duration=1');
    const { frames, plan } = await extract(file, false);
    expect(frames.map((f) => f.timestampMs)).toEqual(frameTimesOf(file));
    expect(frames.map((f) => f.index)).toEqual([...Array(10).keys()]);
    expect(plan.videoFrames).toBe(10);
  });

  it('spreads the capped frames over a long video, first and last included, in few keyframe intervals', async () => {
    const file = syntheticVideo('plan-long', 'testsrc2=size=160x90:rate=5:duration=120');
    const truth = frameTimesOf(file);
    const { frames, plan } = await extract(file, false);
    expect(frames).toHaveLength(config.media.maxFrames);
    expectEvenPlan(
      frames.map((f) => f.timestampMs),
      truth,
    );
    expect(truth.at(-1)).toBeGreaterThan(119_000);
    expect(plan.strategy).toBe('keyframe-seek');
    expect(plan.keyframes).toBeGreaterThan(1);
  });

  it('lands on real frame times at 60 fps, and both strategies pick the same frames', async () => {
    const file = syntheticVideo('plan-60fps', 'testsrc2=size=320x180:rate=60:duration=3');
    const truth = frameTimesOf(file);
    const cheap = await extract(file, false);
    const full = await extract(file, true);
    expectEvenPlan(
      cheap.frames.map((f) => f.timestampMs),
      truth,
    );
    expect(full.frames.map((f) => f.timestampMs)).toEqual(cheap.frames.map((f) => f.timestampMs));
    // The signal covers every decoded frame, not only the kept ones.
    expect(full.signal!.frameTimesMs).toEqual(truth);
    expect(full.signal!.luma).toHaveLength(truth.length);
    expect(full.signal!.motion).toHaveLength(truth.length);
    expect(cheap.signal).toBeNull();
    // The same frame decoded both ways looks the same.
    const a = await sharp(cheap.frames[7].jpeg).resize(32, 18).raw().toBuffer();
    const b = await sharp(full.frames[7].jpeg).resize(32, 18).raw().toBuffer();
    expect(a.reduce((s, v, i) => s + Math.abs(v - b[i]), 0) / a.length).toBeLessThan(4);
  });

  it('follows the real timestamps of a variable-frame-rate video', async () => {
    // One second at 30 fps, then three seconds at 5 fps.
    const file = ffmpegFixture('plan-vfr.mp4', [
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x180:rate=30:duration=4',
      '-vf',
      "select='lt(n,30)+not(mod(n,6))',setpts='if(lt(N,30),N/30,1+(N-30)/5)/TB'",
      '-vsync',
      'vfr',
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
      '-video_track_timescale',
      '90000',
    ]);
    const truth = frameTimesOf(file);
    const gaps = truth.slice(1).map((t, i) => t - truth[i]);
    expect(Math.min(...gaps)).toBeLessThan(40);
    expect(Math.max(...gaps)).toBeGreaterThan(150);
    const { frames } = await extract(file, false);
    expectEvenPlan(
      frames.map((f) => f.timestampMs),
      truth,
    );
  });

  it('adds the frame of a hard cut to the plan and records it in the signal', async () => {
    // Dark background; the shape jumps to another place at 3.0 s.
    const file = ffmpegFixture('plan-cut.mp4', [
      '-f',
      'lavfi',
      '-i',
      "color=c=0x1e1e2e:s=480x270:r=25:d=6[bg];color=c=white:s=80x80:r=25[box];[bg][box]overlay=x='if(lt(t,3),40+t*10,330)':y='if(lt(t,3),40,160)':shortest=1",
      '-c:v',
      'libx264',
      '-pix_fmt',
      'yuv420p',
    ]);
    const { frames, plan, signal } = await extract(file, true);
    expect(plan.strategy).toBe('single-pass');
    expect(signal!.sceneChangesMs).toEqual([3000]);
    expect(frames.map((f) => f.timestampMs)).toContain(3000);
    expect(plan.scenePicks).toHaveLength(1);
    expect(frames).toHaveLength(config.media.maxFrames);
    // Frames are at the judge's width, and every one is a real JPEG of that size.
    for (const f of frames) {
      const meta = await sharp(f.jpeg).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 270]);
    }
  });

  it('leaves no temp file behind, on success or failure', async () => {
    await extract(syntheticVideo('plan-short', 'testsrc2=size=320x180:rate=10:duration=1'), true);
    await expect(extract(path.join(workDir, 'missing.mp4'), false)).rejects.toThrow(/not found/);
    expect(fs.readdirSync(workDir)).toEqual([]);
  });

  it('leaves no ffmpeg behind when the probe refuses the file (the single pass starts ffmpeg beside the probe)', async () => {
    const notVideo = path.join(workDir, 'not-video.mp4');
    fs.writeFileSync(notVideo, 'not a video at all\n'.repeat(100));
    await expect(extract(notVideo, true)).rejects.toThrow(/not a readable video/);
    fs.rmSync(notVideo);
    const children = fs.readFileSync(`/proc/${process.pid}/task/${process.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    const running = children.flatMap((pid) => {
      try {
        return [fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]];
      } catch {
        return []; // exited while listed
      }
    });
    expect(running.filter((cmd) => /ff(mpeg|probe)/.test(cmd))).toEqual([]);
  });
});
