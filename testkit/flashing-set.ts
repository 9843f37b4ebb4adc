import { flashingIssues, flashingStretches } from '../src/analyzers/flashing';
import type { FrameBox } from '../src/domain/geometry';
import type { Config } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import type { IssueRegion } from '../src/kinds';
import { extractFrames } from '../src/media/extract';
import { ffmpegFixture } from './videos';

/**
 * The labelled flashing set: synthetic animations (ffmpeg's lavfi sources, a
 * dark background as in a math animation, 640x360) built around WCAG 2.3.1's
 * rules, each with the flashing finding a person applying the rules would
 * report, or none. At 640x360 the smallest area that counts (25% of a
 * 10-degree field of a third of the width and height) is 6,400 px, 80x80.
 * Timing is by frame number (`n`), so every flash lands on exact frames.
 * Shared by test/integration/flashing.test.ts and `npm run bench:local`.
 */
export interface FlashingCase {
  name: string;
  what: string;
  file: () => string;
  /** The finding: severity, whether it is a red flash, when the flashing starts (ms), and where (null: the whole frame). Null: no flashing finding. */
  expect: { severity: 'HIGH' | 'MEDIUM'; red: boolean; atMs: number; region: FrameBox | null } | null;
}

const BG = '0x1e1e2e';
const W = 640;
const H = 360;

/** Frames first..last (inclusive) alternate between `on` and off, `period` frames a cycle (half on). */
const blink = (first: number, last: number, period: number) => `between(n,${first},${last})*lt(mod(n-${first},${period}),${period / 2})`;

/** Every case's encoding: H.264 in 4:2:0, as Manim's renders are. */
const H264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];

function video(name: string, rate: number, seconds: number, filters: string[]): () => string {
  const graph = [`color=c=${BG}:s=${W}x${H}:r=${rate}:d=${seconds}`, 'format=yuv420p', ...filters].join(',');
  return () => ffmpegFixture(`flashing-${name}.mp4`, ['-f', 'lavfi', '-i', graph, ...H264]);
}

/** A filled box switched on by `enable`. */
const box = (x: number, y: number, w: number, h: number, colour: string, enable = '1') =>
  `drawbox=x=${x}:y=${y}:w=${w}:h=${h}:color=${colour}:t=fill:enable='${enable}'`;
const region = (x: number, y: number, w: number, h: number): FrameBox => ({
  left: x / W,
  top: y / H,
  right: (x + w) / W,
  bottom: (y + h) / H,
});

export const FLASHING_SET: FlashingCase[] = [
  {
    name: 'region-above',
    what: 'a 90x90 white square (1.27x the smallest area that counts) flashing 5 times a second from 2.0 s to 4.0 s',
    file: video('region-above', 30, 6, [box(403, 97, 90, 90, 'white', blink(60, 119, 6))]),
    expect: { severity: 'HIGH', red: false, atMs: 2000, region: region(403, 97, 90, 90) },
  },
  {
    name: 'region-below',
    what: 'a 70x70 white square (0.77x the smallest area that counts) flashing 5 times a second from 2.0 s to 4.0 s',
    file: video('region-below', 30, 6, [box(403, 97, 70, 70, 'white', blink(60, 119, 6))]),
    expect: null,
  },
  {
    name: 'third-grey',
    what: 'a third of the frame switching between grey and light grey (0.22 apart in relative luminance) 5 times a second from 1.0 s to 3.0 s',
    file: video('third-grey', 30, 5, [box(0, 0, 213, 360, '0x808080'), box(0, 0, 213, 360, '0xb0b0b0', blink(30, 89, 6))]),
    expect: { severity: 'HIGH', red: false, atMs: 1000, region: region(0, 0, 213, 360) },
  },
  {
    name: 'halves-inverting',
    what: 'the two halves of the frame swapping black and white, 6 flashes a second (the mean never moves) from 1.0 s to 3.0 s',
    file: video('halves-inverting', 24, 5, [
      box(0, 0, 320, 360, 'white', `lt(n,24)+gte(n,72)+${blink(24, 71, 4)}`),
      box(320, 0, 320, 360, 'white', `between(n,24,71)*gte(mod(n-24,4),2)`),
    ]),
    expect: { severity: 'HIGH', red: false, atMs: 1000, region: null },
  },
  {
    name: 'checkerboard',
    what: 'a checkerboard of 40 px squares reversing 10 times a second (5 flashes) from 1.0 s to 3.0 s',
    file: video('checkerboard', 30, 5, [
      `geq=lum='if(between(N,30,89)*mod(floor(X/40)+floor(Y/40)+floor((N-30)/3),2)+not(between(N,30,89))*mod(floor(X/40)+floor(Y/40),2),235,16)':cb=128:cr=128`,
    ]),
    expect: { severity: 'HIGH', red: false, atMs: 1000, region: null },
  },
  {
    name: 'bars-sweeping',
    what: "white bars 20 px wide every 80 px in a 320x200 band, sweeping across it at 10 px a frame (300 px/s) from 1.0 s to 4.0 s: each place is crossed by 3.75 bars a second, but only the bars' edges change at any frame (letters sweeping out, a moving pattern, not a flash)",
    file: video('bars-sweeping-10', 30, 5, [
      `geq=lum='if(between(X,160,479)*between(Y,80,279)*lt(mod(X-10*min(max(N-30,0),90)+8000,80),20),235,16)':cb=128:cr=128`,
    ]),
    expect: null,
  },
  {
    name: 'red-on-grey',
    what: 'a quarter of the frame switching between saturated red and a grey of the same relative luminance 5 times a second from 1.0 s to 3.0 s',
    file: video('red-on-grey', 30, 5, [box(160, 90, 320, 180, '0x7f7f7f'), box(160, 90, 320, 180, '0xff0000', blink(30, 89, 6))]),
    expect: { severity: 'HIGH', red: true, atMs: 1000, region: region(160, 90, 320, 180) },
  },
  {
    name: 'small-blink',
    what: 'a 30x30 white dot blinking 5 times a second for 4 s (a cursor-sized element)',
    file: video('small-blink', 30, 6, [box(500, 60, 30, 30, 'white', blink(30, 149, 6))]),
    expect: null,
  },
  {
    name: 'fade-to-white',
    what: 'the whole frame fading from the dark background to white over 3 s',
    file: video('fade-to-white', 30, 6, ['fade=t=out:st=1:d=3:color=white']),
    expect: null,
  },
  {
    name: 'grid-pan',
    what: 'a fast camera pan (600 px/s) over a NumberPlane-like grid: blue lines every 48 px, white axes',
    file: () =>
      ffmpegFixture('flashing-grid-pan.mp4', [
        '-f',
        'lavfi',
        '-i',
        [
          `color=c=${BG}:s=2560x${H}:r=30:d=4`,
          'format=yuv420p',
          'drawgrid=w=48:h=48:t=2:c=0x29abca',
          box(1200, 0, 4, H, 'white'),
          box(0, 178, 2560, 4, 'white'),
          `crop=${W}:${H}:x='min(t*600,1900)':y=0`,
        ].join(','),
        ...H264,
      ]),
    expect: null,
  },
  {
    name: 'full-2-per-second',
    what: 'the whole frame flashing white 2 times a second for 3 s from 1.0 s',
    file: video('full-2', 24, 6, [box(0, 0, W, H, 'white', blink(24, 95, 12))]),
    expect: null,
  },
  {
    name: 'full-4-per-second',
    what: 'the whole frame flashing white 4 times a second for 2 s from 1.0 s',
    file: video('full-4', 24, 5, [box(0, 0, W, H, 'white', blink(24, 71, 6))]),
    expect: { severity: 'HIGH', red: false, atMs: 1000, region: null },
  },
  {
    name: 'full-2.5-sustained',
    what: "the whole frame flashing white 2.5 times a second for 6 s from 1.0 s (IRIS's extended failure)",
    file: video('full-2.5-sustained', 30, 9, [box(0, 0, W, H, 'white', blink(30, 209, 12))]),
    expect: { severity: 'MEDIUM', red: false, atMs: 1000, region: null },
  },
];

/** What the local judge reported about flashing in one case: the issue, and the rule-breaking stretches behind it. */
export interface FlashingFinding {
  severity: 'HIGH' | 'MEDIUM';
  red: boolean;
  /** When the flashing starts, to the frame (the earliest stretch of the issue's severity). */
  atMs: number;
  region: IssueRegion | null;
  description: string;
}

/** The flashing findings on one case, reached as the pipeline reaches them: the single decode pass, then the analyzer. */
export async function judgeFlashing(c: FlashingCase, config: Config, workDir: string): Promise<FlashingFinding[]> {
  const { signal } = await extractFrames(
    c.file(),
    resolveMediaTools(config),
    { media: config.media, allowLocalFiles: true, workDir, withSignal: true },
    () => undefined,
  );
  const stretches = flashingStretches(signal!);
  return flashingIssues(signal, () => null).map((issue) => {
    const own = stretches.filter((s) => s.severity === issue.severity);
    return {
      severity: issue.severity as FlashingFinding['severity'],
      red: own.some((s) => s.kind === 'red'),
      atMs: Math.min(...own.map((s) => s.startMs)),
      region: issue.region ?? null,
      description: issue.description,
    };
  });
}

/** Why a case was judged wrong, or null when it was judged right: the expected finding alone, on time (0.5 s), in the right place. */
export function flashingMistake(c: FlashingCase, found: readonly FlashingFinding[]): string | null {
  const e = c.expect;
  if (!e) return found.length ? `expected no finding, got ${found.map((f) => `${f.severity} at ${f.atMs} ms`).join(', ')}` : null;
  if (found.length !== 1) return `expected one ${e.severity} finding, got ${found.length}`;
  const [f] = found;
  if (f.severity !== e.severity) return `expected ${e.severity}, got ${f.severity}`;
  if (f.red !== e.red) return e.red ? 'expected a red flash' : 'not a red flash';
  if (Math.abs(f.atMs - e.atMs) > 500) return `starts at ${f.atMs} ms, expected ${e.atMs} ms`;
  if (!e.region !== !f.region) return e.region ? 'expected a region, got the whole frame' : 'expected the whole frame, got a region';
  if (e.region && f.region && overlapShare(e.region, f.region) < 0.5)
    return `region ${JSON.stringify(f.region)} is not where the flashing is`;
  return null;
}

/** Intersection over union of two boxes. */
function overlapShare(a: FrameBox, b: FrameBox): number {
  const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
  const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
  const area = (x: FrameBox) => (x.right - x.left) * (x.bottom - x.top);
  return (w * h) / (area(a) + area(b) - w * h);
}
