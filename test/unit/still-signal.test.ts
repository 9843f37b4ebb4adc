import { describe, expect, it } from 'vitest';
import { STILL_MOTION, type AnalysisContext } from '../../src/analyzers/context';
import { stillIssues, stillStretches, withoutPlaying } from '../../src/analyzers/motion';
import { flashGrid } from '../../src/media/flash-meter';
import type { VideoSignal } from '../../src/media/manifest';
import { signalMeasure } from '../../src/media/signal';

const WIDTH = 854;
const HEIGHT = 480;
const { width: cols, height: rows } = flashGrid(WIDTH, HEIGHT);
const plane = cols * rows;
const frameTimesMs = Array.from({ length: 15 }, (_, i) => (i * 1000) / 15);

/** A black full-range grid frame (Y 0, no colour) with `paint` applied to its planes. */
function gridFrame(paint: (y: Buffer, cb: Buffer, cr: Buffer) => void): Buffer {
  const frame = Buffer.alloc(3 * plane, 0);
  frame.fill(128, plane);
  paint(frame.subarray(0, plane), frame.subarray(plane, 2 * plane), frame.subarray(2 * plane));
  return frame;
}

/** The signal of one second at 15 fps whose frame i is `frame(i)`, measured as the single decode pass does. */
function measure(frame: (i: number) => Buffer): VideoSignal {
  const meter = signalMeasure({ width: WIDTH, height: HEIGHT, planarYuv: true, fullRange: true, bt709: true, frameTimesMs });
  for (let i = 0; i < frameTimesMs.length; i++) meter.push(frame(i));
  return meter.toSignal(frameTimesMs, frameTimesMs.length);
}

function staticIssues(signal: VideoSignal) {
  const ctx: AnalysisContext = { frames: [], signal, durationMs: 1000, videoHeight: HEIGHT };
  return stillIssues(ctx, stillStretches(ctx, []), () => 0);
}

/** Cells (x, y) of the grid's top left with the given row-major offset. */
const cell = (x: number, y: number) => y * cols + x;

describe('the signal sees any visible change', () => {
  it('a change of colour alone, at the same luma, is motion: a shape recoloured is not a still picture', () => {
    // A 10x6-cell shape of luma 120 turns from blue to red halfway, its luma unchanged.
    const shape = (y: Buffer, cb: Buffer, cr: Buffer, red: boolean) => {
      for (let r = 10; r < 16; r++)
        for (let c = 20; c < 30; c++) {
          y[cell(c, r)] = 120;
          cb[cell(c, r)] = red ? 100 : 170;
          cr[cell(c, r)] = red ? 170 : 100;
        }
    };
    const signal = measure((i) => gridFrame((y, cb, cr) => shape(y, cb, cr, i >= 7)));
    expect(signal.motion[7]).toBeGreaterThan(STILL_MOTION);
    expect(signal.motion.filter((m, i) => i !== 7 && m > 0)).toEqual([]);
    expect(staticIssues(signal)).toEqual([]);
  });

  it('a small dot drawn in one cell changes the picture, though its share of the frame stays below the still threshold', () => {
    // The dot's cell brightens by 4 levels a frame from the fourth frame on: each step alone is a few levels on one cell.
    const signal = measure((i) => gridFrame((y) => (y[cell(32, 18)] = Math.min(40, Math.max(0, i - 3) * 4))));
    expect(Math.max(...signal.motion)).toBeLessThanOrEqual(STILL_MOTION);
    expect(signal.peakChange).toBe(40);
    expect(staticIssues(signal)).toEqual([]);
  });

  it('codec noise (cells flickering by a few levels) leaves a still picture still: nothing changes for the whole animation', () => {
    const signal = measure((i) =>
      gridFrame((y, cb) => {
        y.fill(60, cell(0, 10), cell(0, 20));
        y[cell(5, 12)] += i % 2 ? 4 : 0;
        cb[cell(40, 15)] += i % 3 ? 0 : 3;
      }),
    );
    expect(signal.peakChange).toBe(4);
    const issues = staticIssues(signal);
    expect(issues.map((i) => [i.severity, i.category])).toEqual([['HIGH', 'static']]);
    expect(issues[0].description).toContain('whole animation');
  });

  it('a signal stored before the peak change was measured is judged by its motion alone', () => {
    const { peakChange: _peak, ...stored } = measure(() => gridFrame(() => undefined));
    expect(staticIssues(stored).map((i) => i.severity)).toEqual(['HIGH']);
  });
});

describe('a freeze from pixels, against the scene (docs/math-and-reading.md)', () => {
  // 8 s at 10 fps: moving for the first and the last second, still between as the pixels see it, though a small
  // formula is transformed in place from 3.5 s to 4.5 s (too few cells change for the signal to call it motion).
  const times = Array.from({ length: 80 }, (_, i) => i * 100);
  const signal: VideoSignal = {
    frameTimesMs: times,
    luma: times.map(() => 20),
    motion: times.map((t) => (t < 1000 || t >= 7000 ? 10 : 0)),
    sceneChangesMs: [],
  };
  const ctx: AnalysisContext = { frames: [], signal, durationMs: 8000, videoHeight: HEIGHT };

  it('the whole picture looks frozen for 6 s from pixels alone; the scene says a transform plays in it: no freeze', () => {
    const stills = stillStretches(ctx, []);
    expect(stillIssues(ctx, stills, () => 0).map((i) => i.description)).toEqual([
      'The whole picture freezes for 6.1 s (00:00.9 to 00:07.0) between moving parts: it looks stuck.',
    ]);
    const pieces = withoutPlaying(stills, [{ startMs: 3500, endMs: 4500 }]);
    expect(pieces).toEqual([
      { startMs: 900, endMs: 3500 },
      { startMs: 4500, endMs: 7000 },
    ]);
    expect(stillIssues(ctx, pieces, () => 0)).toEqual([]);
  });
});
