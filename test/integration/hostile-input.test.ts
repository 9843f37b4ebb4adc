import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineRunResponseSchema } from '../../src/read-model/schemas';
import { startEvalPipeline } from '../../src/client';
import { getPipelineRun } from '../../src/read-model/read-model';
import { freePort } from '../../src/infra/temporal';
import { createTestEnv, type TestEnv } from '../helpers/env';
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server';
import { waitFor } from '../helpers/wait';
import { childDataDir, spawnWorker } from '../helpers/worker-process';
import { ffmpegFixture, sampleAnimation, syntheticVideo, writeFixture } from '../../testkit/videos';

/**
 * Every bad animation ends its pipeline in ERROR with its reason in the summary,
 * after a single extraction attempt (no retries), and leaves nothing behind.
 */

let env: TestEnv;
let server: FixtureServer;

function fixtures(): Record<string, string> {
  const sample = sampleAnimation();
  const bytes = fs.readFileSync(sample);
  // Index at the front, data cut off: ffprobe accepts it, decoding runs dry.
  const faststart = ffmpegFixture('hostile-faststart.mp4', ['-i', sample, '-c', 'copy', '-movflags', '+faststart']);
  const faststartBytes = fs.readFileSync(faststart);
  return {
    '/sample.mp4': sample,
    '/random.mp4': writeFixture('hostile-random.mp4', Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251))),
    '/text.mp4': writeFixture('hostile-text.mp4', 'this is plain text, not an mp4\n'),
    '/truncated.mp4': writeFixture('hostile-truncated.mp4', bytes.subarray(0, Math.floor(bytes.length * 0.6))),
    '/truncated-faststart.mp4': writeFixture(
      'hostile-truncated-faststart.mp4',
      faststartBytes.subarray(0, Math.floor(faststartBytes.length * 0.4)),
    ),
    '/audio.mp4': ffmpegFixture('hostile-audio.m4a', ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac']),
    '/picture.mp4': ffmpegFixture('hostile-picture.png', ['-f', 'lavfi', '-i', 'testsrc2=size=320x180', '-frames:v', '1']),
    '/too-long.mp4': syntheticVideo('hostile-too-long', 'color=c=gray:size=64x64:rate=1:duration=40'),
    '/too-wide.mp4': syntheticVideo('hostile-too-wide', 'color=c=gray:size=1920x1080:rate=5:duration=0.4'),
    '/too-many-frames.mp4': syntheticVideo('hostile-too-many-frames', 'color=c=gray:size=64x64:rate=120:duration=5'),
    // 7.5 MB of noise that does not compress: a real video larger than a small disk.
    '/noisy.mp4': syntheticVideo('hostile-noisy', 'testsrc2=size=640x360:rate=15:duration=4,noise=alls=60:allf=t'),
    // A playlist dressed as an mp4: if ffmpeg followed it, the local file would become frames.
    '/playlist.mp4': writeFixture(
      'hostile-playlist.m3u8',
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n',
    ),
    '/playlist-local-video.mp4': writeFixture(
      'hostile-playlist-video.m3u8',
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:4,\nfile://${sample}\n#EXT-X-ENDLIST\n`,
    ),
  };
}

beforeAll(async () => {
  env = await createTestEnv({
    EVALS_DOWNLOAD_STALL_SECONDS: '1',
    EVALS_DOWNLOAD_TIMEOUT_SECONDS: '3',
    EVALS_MAX_DOWNLOAD_BYTES: String(3 * 1024 * 1024),
    EVALS_MAX_DURATION_SECONDS: '30',
    EVALS_MAX_PIXELS: String(1280 * 720),
    EVALS_MAX_VIDEO_FRAMES: '500',
  });
  await env.startWorker({ allowLocalFiles: false });
  server = await startFixtureServer(fixtures());
});
afterAll(async () => {
  await server?.close();
  await env?.close();
});

async function runToEnd(testEnv: TestEnv, fragmentId: string, url: string) {
  const handle = await startEvalPipeline(testEnv.client, testEnv.taskQueue, {
    fragmentId,
    projectId: 'project-1',
    userId: 'user-1',
    userInput: 'Animate a circle',
    animation: { url },
  });
  const result = await handle.result();
  const run = PipelineRunResponseSchema.parse(
    await getPipelineRun(testEnv.pool, result.pipelineRunId, { includeIssues: true }),
  ).evalPipelineRun;
  const history = await handle.fetchHistory();
  const extractAttempts = (history.events ?? [])
    .filter(
      (e) =>
        e.activityTaskStartedEventAttributes &&
        history.events!.some(
          (s) =>
            s.eventId?.toString() === e.activityTaskStartedEventAttributes!.scheduledEventId?.toString() &&
            s.activityTaskScheduledEventAttributes?.activityType?.name === 'extractFrames',
        ),
    )
    .map((e) => e.activityTaskStartedEventAttributes!.attempt);
  return { run, extractAttempts, history };
}

async function expectRefused(testEnv: TestEnv, fragmentId: string, url: string, reason: RegExp) {
  const { run, extractAttempts, history } = await runToEnd(testEnv, fragmentId, url);
  expect(run.status).toBe('ERROR');
  expect(run.overallStatus).toBe('ERROR');
  expect(run.summary).toMatch(reason);
  expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
  expect(extractAttempts).toEqual([1]);
  const frames = await testEnv.pool.query('SELECT count(*)::int AS n FROM frames WHERE pipeline_run_id = $1', [run.id]);
  expect(frames.rows[0].n).toBe(0);
  return history;
}

describe('bad animations end in ERROR with their reason, without retries', () => {
  const cases: [string, string, RegExp][] = [
    ['corrupt bytes', '/random.mp4', /not a readable video/],
    ['plain text', '/text.mp4', /not a readable video/],
    ['empty body', '/empty', /download is empty/],
    ['truncated file (index at the end)', '/truncated.mp4', /not a readable video/],
    ['truncated file (index at the front)', '/truncated-faststart.mp4', /animation is truncated: its frames stop at \d\.\d s of 4\.0 s/],
    ['audio only', '/audio.mp4', /no video stream \(found: audio\)/],
    ['a still image', '/picture.mp4', /not a readable video/],
    ['404', '/missing.mp4', /HTTP 404/],
    ['stalled server', '/stall', /stalled: no data for 1 s/],
    ['slow server', '/slow', /longer than the 3 s limit/],
    ['declared size over the limit', '/huge', /over the 3145728-byte download limit/],
    ['endless body', '/endless', /exceeds the 3145728-byte download limit/],
    ['too long', '/too-long.mp4', /40\.0 s long, over the 30 s limit/],
    ['too large a picture', '/too-wide.mp4', /1920x1080, over the 921600-pixel limit/],
    ['too many frames', '/too-many-frames.mp4', /600 frames, over the 500-frame limit/],
  ];
  it.each(cases)('%s', async (_name, urlPath, reason) => {
    await expectRefused(env, `frag-bad-${urlPath.replace(/\W/g, '')}`, server.url(urlPath), reason);
  });

  it('refuses non-http schemes and local paths on a fleet worker', async () => {
    await expectRefused(env, 'frag-file-url', 'file:///etc/passwd', /must be http\(s\) \(got file:\)/);
    await expectRefused(env, 'frag-ftp', 'ftp://example.com/a.mp4', /must be http\(s\) \(got ftp:\)/);
    await expectRefused(env, 'frag-path', sampleAnimation(), /must be http\(s\) \(got a local path\)/);
  });

  it('refuses a playlist that points at local files, and nothing of them appears anywhere', async () => {
    const passwd = await expectRefused(env, 'frag-playlist', server.url('/playlist.mp4'), /not a readable video/);
    await expectRefused(env, 'frag-playlist-video', server.url('/playlist-local-video.mp4'), /not a readable video/);
    expect(JSON.stringify(passwd)).not.toMatch(/root:x?:0:0/);
    const everything = await env.pool.query(
      `SELECT (SELECT string_agg(coalesce(summary, ''), ' ') FROM pipeline_runs) || (SELECT string_agg(coalesce(summary, ''), ' ') FROM eval_runs) AS text,
              (SELECT count(*)::int FROM frame_blobs) AS blobs, (SELECT count(*)::int FROM video_signals) AS signals`,
    );
    expect(everything.rows[0].text).not.toMatch(/root:|\/bin\/(ba)?sh|daemon/);
    // Only the good sample ever produced frames in this database (none was run here).
    expect(everything.rows[0].blobs).toBe(0);
    expect(everything.rows[0].signals).toBe(0);
  });

  it('checks every redirect hop against the allowed hosts', async () => {
    const strict = await createTestEnv({ EVALS_ALLOWED_HOSTS: '127.0.0.1' });
    try {
      await strict.startWorker({ allowLocalFiles: false });
      const before = server.requests.length;
      await expectRefused(
        strict,
        'frag-redirect',
        server.url(`/redirect?to=${encodeURIComponent(server.localhostUrl('/sample.mp4'))}`),
        /host localhost is not in EVALS_ALLOWED_HOSTS/,
      );
      expect(server.requests.slice(before)).toEqual(['/redirect']);
      // The same file through an allowed redirect is fine.
      const { run } = await runToEnd(
        strict,
        'frag-redirect-ok',
        server.url(`/redirect?to=${encodeURIComponent(server.url('/sample.mp4'))}`),
      );
      expect(run.status).toBe('COMPLETED');
    } finally {
      await strict.close();
    }
  });

  it('refuses a URL that resolves to 127.0.0.1 unless private addresses are allowed', async () => {
    const strict = await createTestEnv({ EVALS_ALLOW_PRIVATE_ADDRESSES: 'false' });
    try {
      expect(strict.config.media.allowPrivateAddresses).toBe(false);
      await strict.startWorker({ allowLocalFiles: false });
      const before = server.requests.length;
      await expectRefused(
        strict,
        'frag-loopback-ip',
        server.url('/sample.mp4'),
        /resolves to a private or special-purpose address \(127\.0\.0\.1 is loopback\); refused \(to allow it, set EVALS_ALLOW_PRIVATE_ADDRESSES=true, or to the ranges to open, where the pipeline runs/,
      );
      await expectRefused(
        strict,
        'frag-loopback-name',
        server.localhostUrl('/sample.mp4'),
        /localhost resolves to a private or special-purpose address/,
      );
      await expectRefused(strict, 'frag-metadata', 'http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254.*refused/);
      // Refused before any connection was made.
      expect(server.requests.length).toBe(before);
    } finally {
      await strict.close();
    }
  });
});

describe("a full disk is the worker's fault, not the animation's", () => {
  it('an animation that does not fit: the extraction is retried a bounded number of times, then the run ends ERROR saying no space is left, and where; one that fits completes, its frames never touching the disk', async () => {
    // A real full file system: a 4 MB tmpfs over the worker's extraction directory, mounted in a mount namespace of
    // the worker's own, so it goes when the worker does.
    const full = await createTestEnv();
    const dataDir = childDataDir();
    const extractDir = path.join(dataDir, 'extract');
    fs.mkdirSync(extractDir);
    const mounted = [
      'unshare',
      '--mount',
      '--map-root-user',
      '--propagation',
      'private',
      'sh',
      '-c',
      'mount -t tmpfs -o size=4m tmpfs "$0" && exec "$@"',
      extractDir,
    ];
    const worker = await spawnWorker(full, { EVALS_DATA_DIR: dataDir }, { within: mounted });
    try {
      // The 7.5 MB download does not fit.
      const { run, extractAttempts } = await runToEnd(full, 'frag-disk-download', server.url('/noisy.mp4'));
      expect(run.status).toBe('ERROR');
      expect(run.overallStatus).toBe('ERROR');
      expect(run.summary).toContain(`no space left on device in ${extractDir}`);
      expect(run.summary).not.toMatch(/cut off|could not be decoded/);
      // The history keeps the start of the last attempt only: the fourth, its retry policy's last.
      expect(extractAttempts).toEqual([4]);
      expect(run.evalRuns.every((r) => r.status === 'SKIPPED')).toBe(true);
      // The 270 KB one fits; its frames (16 raw 640x360 pictures, 11 MB) stream from ffmpeg over pipes, never to the disk.
      const small = await runToEnd(full, 'frag-disk-frames', server.url('/sample.mp4'));
      expect(small.run.status, small.run.summary ?? '').toBe('COMPLETED');
    } finally {
      worker.kill('SIGTERM');
      await worker.exited;
      await full.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});

describe("an ffmpeg that cannot start is the worker's fault, not the animation's", () => {
  // What a system ffmpeg prints when its shared libraries are gone: the loader's error, exit 127.
  const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'evals-broken-ffmpeg-')), 'ffmpeg');
  fs.writeFileSync(
    broken,
    '#!/bin/sh\necho "$0: error while loading shared libraries: libblas.so.3: cannot open shared object file: No such file or directory" >&2\nexit 127\n',
    { mode: 0o755 },
  );
  const scrape = async (port: number) => {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    const line = text.split('\n').find((l) => l.startsWith('evals_infrastructure_failures_total{') && l.includes('component="ffmpeg"'));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('is retried as infrastructure, counted, said as such; another worker then evaluates the animation', async () => {
    const fleet = await createTestEnv();
    const port = await freePort();
    const worker = await spawnWorker(fleet, { FFMPEG_PATH: broken, EVALS_METRICS_PORT: String(port) });
    try {
      // Alone, the broken worker takes every attempt: the run ends ERROR saying whose fault it is.
      const alone = await runToEnd(fleet, 'frag-ffmpeg-127', server.url('/sample.mp4'));
      expect(alone.run.status).toBe('ERROR');
      expect(alone.run.summary).toMatch(
        /ffmpeg cannot run on this worker \(exit 127: .*error while loading shared libraries: libblas\.so\.3/,
      );
      expect(alone.run.summary).toMatch(/a fault of the worker, not of the animation/);
      expect(alone.run.summary).not.toMatch(/could not be decoded|not a readable video/);
      expect(alone.extractAttempts).toEqual([4]);
      expect(await scrape(port)).toBe(4);
      // Not a bad input: nothing counted there.
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).not.toMatch(/evals_bad_inputs_total\{reason="unreadable-media"/);

      // Its first attempt fails on the broken worker; the retry goes to a worker whose ffmpeg runs.
      const handle = startEvalPipeline(fleet.client, fleet.taskQueue, {
        fragmentId: 'frag-ffmpeg-127-retried',
        projectId: 'project-1',
        userId: 'user-1',
        animation: { url: server.url('/sample.mp4') },
      });
      await waitFor(
        async () => (await scrape(port)) >= 5,
        60_000,
        () => 'the broken worker never tried the extraction',
      );
      worker.kill('SIGKILL');
      await worker.exited;
      await fleet.startWorker({ allowLocalFiles: false });
      const result = await (await handle).result();
      const run = PipelineRunResponseSchema.parse(await getPipelineRun(fleet.pool, result.pipelineRunId)).evalPipelineRun;
      expect(run.status, run.summary ?? '').toBe('COMPLETED');
    } finally {
      worker.kill('SIGKILL');
      await fleet.close();
    }
  }, 300_000);
});
