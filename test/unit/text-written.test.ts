import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AnalysisContext } from '../../src/analyzers/context';
import { measureFrame } from '../../src/analyzers/frame-measures';
import { overlapIssues } from '../../src/analyzers/text';

/**
 * Synthetic 480p frames of a line of letter-like glyphs (rings 20 px tall: thin,
 * as the outline Write draws first, or thick, as it fills them), at 15 fps.
 */
const [W, H] = [854, 480];
type Glyph = { x: number; y: number; filled: boolean; colour: [number, number, number] };
const WHITE: [number, number, number] = [255, 255, 255];
const YELLOW: [number, number, number] = [255, 255, 0];

async function frame(glyphs: readonly Glyph[]): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (const g of glyphs)
    for (let y = g.y - 12; y <= g.y + 12; y++)
      for (let x = g.x - 12; x <= g.x + 12; x++) {
        const d = Math.hypot(x + 0.5 - g.x, y + 0.5 - g.y);
        const c = Math.max(0, Math.min(1, (g.filled ? 3.5 : 1.5) - Math.abs(d - 8)));
        const o = (y * W + x) * 3;
        if (c > 0)
          raw.set(
            g.colour.map((v, k) => Math.max(raw[o + k], Math.round(v * c))),
            o,
          );
      }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const line = (n: number, filled: (k: number) => boolean, dx = 0, dy = 0, colour = WHITE): Glyph[] =>
  Array.from({ length: n }, (_, k) => ({ x: 300 + dx + 26 * k, y: 200 + dy, filled: filled(k), colour }));

async function overlaps(pictures: readonly Glyph[][], spacingMs: number) {
  const frames = [];
  for (const [index, glyphs] of pictures.entries())
    frames.push(await measureFrame({ index, timestampMs: index * spacingMs, jpeg: await frame(glyphs) }));
  const ctx: AnalysisContext = { frames, signal: null, durationMs: pictures.length * spacingMs, videoHeight: H };
  return overlapIssues(ctx).filter((i) => i.severity !== 'LOW');
}

describe('overlap: a text still being written is not drawn over', () => {
  it('letters of a Write filled one after another, two consecutive video frames alike, are not an overlap', async () => {
    // 8 letters outlined; two frames alike; then the last three filled, 1/15 s apart.
    const pictures = [
      line(8, () => false),
      line(8, () => false),
      line(8, (k) => k >= 7),
      line(8, (k) => k >= 6),
      line(8, (k) => k >= 5),
      line(8, (k) => k >= 5),
      line(8, (k) => k >= 5),
    ];
    expect(await overlaps(pictures, 67)).toEqual([]);
  });

  it('a text written over one that stood still is still an overlap', async () => {
    const standing = line(8, () => true);
    const over = [...standing, ...line(8, () => true, 13, 3, YELLOW)];
    const found = await overlaps([standing, standing, standing, standing, standing, standing, over, over, over], 67);
    expect(found.map((i) => i.category)).toEqual(['overlap']);
  });
});
