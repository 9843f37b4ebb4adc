import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AnalysisContext } from '../../src/analyzers/context';
import { edgeIssues } from '../../src/analyzers/edges';
import { measureFrame } from '../../src/analyzers/frame-measures';
import { overlapIssues, smallTextIssues } from '../../src/analyzers/text';

/**
 * The pixel rules on synthetic 480p frames drawn as Manim draws them (a dark
 * background, anti-aliased strokes), encoded as JPEG as sampled frames are:
 * each principle that Manim's documentation examples exposed, and the defect
 * next to it that the rule must still find.
 */
const [W, H] = [854, 480];
type Rgb = [number, number, number];
/** How much of a colour a pixel centre gets (0 to 1), or nothing. */
type Paint = (x: number, y: number) => { rgb: Rgb; cover: number } | null;

const WHITE: Rgb = [255, 255, 255];
const YELLOW: Rgb = [255, 255, 0];
const RED: Rgb = [252, 98, 85];
const BLUE: Rgb = [88, 196, 221];
const ink = (rgb: Rgb, cover: number) => (cover > 0 ? { rgb, cover: Math.min(1, cover) } : null);

async function frame(paints: readonly Paint[]): Promise<Buffer> {
  const raw = Buffer.alloc(W * H * 3);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      for (const paint of paints) {
        const p = paint(x + 0.5, y + 0.5);
        const o = (y * W + x) * 3;
        if (p)
          raw.set(
            p.rgb.map((v, k) => Math.max(raw[o + k], Math.round(v * p.cover))),
            o,
          );
      }
  return sharp(raw, { raw: { width: W, height: H, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** Sampled frames of the given pictures, `spacingMs` apart. */
async function context(pictures: readonly (readonly Paint[])[], spacingMs: number): Promise<AnalysisContext> {
  const frames = [];
  for (const [index, paints] of pictures.entries())
    frames.push(await measureFrame({ index, timestampMs: index * spacingMs, jpeg: await frame(paints) }));
  return { frames, signal: null, durationMs: pictures.length * spacingMs, videoHeight: H };
}
/** A picture held over three sampled frames, half a second apart. */
const held = (paints: readonly Paint[]) => context([paints, paints, paints], 500);
const medium = (issues: { severity: string; category: string }[]) => issues.filter((i) => i.severity !== 'LOW').map((i) => i.category);

/** A circle's outline (Manim's default stroke, about 2 px at 480p) of radius r centred at (cx, cy). */
const ring =
  (cx: number, cy: number, r: number, rgb = RED, half = 1.5): Paint =>
  (x, y) =>
    ink(rgb, half - Math.abs(Math.hypot(x - cx, y - cy) - r));
const disc =
  (cx: number, cy: number, r: number, rgb = RED): Paint =>
  (x, y) =>
    ink(rgb, r + 0.5 - Math.hypot(x - cx, y - cy));
/** A stroke from (x0, y0) to (x1, y1). */
const segment =
  (x0: number, y0: number, x1: number, y1: number): Paint =>
  (x, y) => {
    const [dx, dy] = [x1 - x0, y1 - y0];
    const t = Math.max(0, Math.min(1, ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)));
    return ink(RED, 2 - Math.hypot(x - x0 - t * dx, y - y0 - t * dy));
  };
/** A line of n letter-like glyphs (rings 20 px tall: thin, as the outline Write draws first, or thick, as it fills them). */
const word = (n: number, filled: (k: number) => boolean, dx = 0, dy = 0, rgb = WHITE): Paint[] =>
  Array.from({ length: n }, (_, k) => ring(300 + dx + 26 * k, 200 + dy, 8, rgb, filled(k) ? 3.5 : 1.5));

describe('clipping: a shape flush with an edge is not cut by it', () => {
  const clipping = async (paint: Paint) => edgeIssues(await held([paint])).map((i) => i.location);

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

  it('a shape meeting two edges, as a surface spilling out at a corner, is clipped', async () => {
    // A disc flush with the bottom edge, joined to a bar running out through the left edge.
    const bar: Paint = (x, y) => ink(RED, x < 340 ? 6 - Math.abs(y - (H - 60)) : 0);
    expect(await clipping((x, y) => disc(400, H - 60, 60)(x, y) ?? bar(x, y))).toContain('left edge');
  });

  it('a line running into the edge at a slant is clipped', async () => {
    expect(await clipping(segment(500, 200, W + 100, 400))).toEqual(['right edge']);
  });
});

describe('overlap: a text still being written is not drawn over', () => {
  it('letters of a Write filled one after another, two consecutive video frames alike, are not an overlap', async () => {
    // 8 letters outlined; two frames alike; then the last three filled, 1/15 s apart.
    const steps = [8, 8, 7, 6, 5, 5, 5].map((from) => word(8, (k) => k >= from));
    expect(medium(overlapIssues(await context(steps, 67)))).toEqual([]);
  });

  it('a text moving across one that stands, on its way elsewhere (a Transform), is not an overlap', async () => {
    const standing = word(8, () => true);
    const passing = [0, 1, 2, 3].map((j) => [...standing, ...word(4, () => true, 13 + 60 * j, 3, YELLOW)]);
    const steps = [standing, standing, standing, standing, standing, standing, ...passing, standing];
    expect(medium(overlapIssues(await context(steps, 67)))).toEqual([]);
  });

  it('a text written over one that stood still is still an overlap', async () => {
    const standing = word(8, () => true);
    const over = [...standing, ...word(8, () => true, 13, 3, YELLOW)];
    const steps = [standing, standing, standing, standing, standing, standing, over, over, over];
    expect(medium(overlapIssues(await context(steps, 67)))).toEqual(['overlap']);
  });
});

describe("overlap: a plane's grid runs behind its labels", () => {
  /** A NumberPlane's lines, every 107 px across and 60 px down; one runs through the label. */
  const grid: Paint = (x, y) => ink(BLUE, 1.2 - Math.min(Math.abs((x % 107) - 53.5), Math.abs((y % 60) - 30)));
  const label = word(8, () => false, 120, -65);

  it('a grid line through a label on the plane is not an overlap', async () => {
    expect(medium(overlapIssues(await held([grid, ...label])))).toEqual([]);
  });

  it('a curve drawn through the label is', async () => {
    const curve: Paint = (x, y) => ink(RED, 1.5 - Math.abs(y - (135 + 60 * Math.sin((x - 300) / 80))));
    expect(medium(overlapIssues(await held([grid, ...label, curve])))).toEqual(['overlap']);
  });
});

describe('text size: marks too small to be letters are not text', () => {
  const row = (n: number, r: number, gap: number) => Array.from({ length: n }, (_, k) => disc(200 + k * gap, 240, r, WHITE));

  it('a row of dots 4 px tall (a dotted line, a point cloud) is not unreadable text', async () => {
    expect(medium(smallTextIssues(await held(row(30, 1.5, 6))))).toEqual([]);
  });

  it('a row of glyphs 7 px tall is', async () => {
    expect(medium(smallTextIssues(await held(row(20, 2.5, 8))))).toEqual(['unreadable_text']);
  });
});

describe('overlap: one line of letters, whatever its pieces', () => {
  it('coloured specks cut from the letters (a gradient, a glowing rim) do not make a line two texts', async () => {
    // 8 letters 23 px tall, and specks 6 px tall in other colours in the gaps between them, at their tops and bottoms.
    const specks = Array.from({ length: 8 }, (_, k) => [disc(300 + 26 * k - 13, 191, 3, BLUE), disc(300 + 26 * k + 13, 209, 3, RED)]);
    expect(medium(overlapIssues(await held([...word(8, () => true), ...specks.flat()])))).toEqual([]);
  });

  it('two lines set so tightly that a comma ending the first sits over a tall letter of the second stay two lines', async () => {
    // The second line (5 px below the first) breaks where a stem stands right under the comma; a letter resumes it.
    const comma = [disc(497, 205, 2, WHITE), disc(497, 208, 2, WHITE)];
    const stem: Paint = (x, y) => ink(WHITE, x > 495 && x < 499 && y > 213 && y < 236 ? 1 : 0);
    const second = [...word(7, () => true, 0, 28), stem, ...word(3, () => true, 221, 28)];
    expect(medium(overlapIssues(await held([...word(8, () => true), ...comma, ...second])))).toEqual([]);
  });
});

describe('overlap: a stroke beside a label does not cross it', () => {
  /** A red stroke slanting down 6 px clear of the label's last letter, with a thin white rim along its far side beside the label (JPEG's blend where two strokes meet). */
  const stroke: Paint = (x, y) => ink(RED, y > 150 && y < 260 ? 2 - Math.abs(x - 502 - (y - 200) / 2) : 0);
  const rim: Paint = (x, y) => ink(WHITE, y > 194 && y < 206 ? 1 - Math.abs(x - 505 - (y - 200) / 2) : 0);

  it('a rim along the stroke is not a letter of the label, and the stroke does not cross the label', async () => {
    expect(medium(overlapIssues(await held([...word(8, () => true), stroke, rim])))).toEqual([]);
  });

  it('the stroke drawn through the label is an overlap', async () => {
    const through: Paint = (x, y) => ink(RED, y > 150 && y < 260 ? 2 - Math.abs(x - 420) : 0);
    expect(medium(overlapIssues(await held([...word(8, () => true), through])))).toEqual(['overlap']);
  });
});
