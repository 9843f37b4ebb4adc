import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AnalysisContext } from '../../src/analyzers/context';
import { edgeIssues } from '../../src/analyzers/edges';
import { measureFrame } from '../../src/analyzers/frame-measures';

/** A 480p frame as Manim draws it: dark background, anti-aliased strokes of one colour, encoded as JPEG as sampled frames are. */
const [W, H] = [854, 480];
async function frame(coverage: (x: number, y: number) => number): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const c = Math.max(0, Math.min(1, coverage(x + 0.5, y + 0.5)));
      raw.set([Math.round(252 * c), Math.round(98 * c), Math.round(85 * c)], (y * W + x) * 3);
    }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A circle's outline (Manim's default stroke, about 2 px at 480p) of radius r centred at (cx, cy). */
const ring = (cx: number, cy: number, r: number) => (x: number, y: number) => 1.5 - Math.abs(Math.hypot(x - cx, y - cy) - r);
/** A filled disc. */
const disc = (cx: number, cy: number, r: number) => (x: number, y: number) => r + 0.5 - Math.hypot(x - cx, y - cy);
/** A stroke from (x0, y0) towards (x1, y1). */
const segment = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) => {
  const [dx, dy] = [x1 - x0, y1 - y0];
  const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
  return 2 - Math.hypot(x - x0 - t * dx, y - y0 - t * dy);
};

/** The clipping issues on a picture held over three sampled frames (what rests at the edge counts). */
async function clipping(coverage: (x: number, y: number) => number) {
  const jpeg = await frame(coverage);
  const frames = await Promise.all([0, 1, 2].map((index) => measureFrame({ index, timestampMs: index * 500, jpeg })));
  const ctx: AnalysisContext = { frames, signal: null, durationMs: 1500, videoHeight: H };
  return edgeIssues(ctx).map((i) => i.location);
}

describe('clipping: a shape flush with an edge is not cut by it', () => {
  it('a circle whose outline touches the right edge, whole in view, is not clipped', async () => {
    expect(await clipping(ring(W - 60, 300, 60))).toEqual([]);
    expect(await clipping(ring(W - 30, 300, 30))).toEqual([]);
  });

  it('a filled disc resting on the bottom edge is not clipped', async () => {
    expect(await clipping(disc(400, H - 50, 50))).toEqual([]);
  });

  it('a circle the edge cuts, outline or filled, is clipped', async () => {
    expect(await clipping(ring(W - 40, 300, 60))).toEqual(['right edge']);
    expect(await clipping(disc(400, H - 40, 50))).toEqual(['bottom edge']);
  });

  it('a line running into the edge at a slant is clipped', async () => {
    expect(await clipping(segment(500, 200, W + 100, 400))).toEqual(['right edge']);
  });
});
