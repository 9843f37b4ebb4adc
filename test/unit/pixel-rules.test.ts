import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { AnalysisContext } from '../../src/analyzers/context';
import { edgeIssues } from '../../src/analyzers/edges';
import { clutterIssues } from '../../src/analyzers/layout';
import { measureFrame } from '../../src/analyzers/frame-measures';
import { contrastIssues } from '../../src/analyzers/layout';
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
  // A picture held over several frames is drawn once: drawing is pixel by pixel in JS, and the same paints give the same bytes.
  const drawn = new Map<readonly Paint[], Promise<Buffer>>();
  const frames = [];
  for (const [index, paints] of pictures.entries()) {
    if (!drawn.has(paints)) drawn.set(paints, frame(paints));
    frames.push(await measureFrame({ index, timestampMs: index * spacingMs, jpeg: await drawn.get(paints)! }));
  }
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

describe('clipping: what runs on past the frame is not cut by it', () => {
  const clipping = async (paints: readonly Paint[]) => edgeIssues(await held(paints)).map((i) => i.location);
  /** Manim's default stroke (about 2 px at 480p) along y = f(x), of slope f'. */
  const plot =
    (f: (x: number) => number, slope: (x: number) => number, rgb = BLUE): Paint =>
    (x, y) =>
      ink(rgb, 1.5 - Math.abs(y - f(x)) / Math.hypot(1, slope(x)));
  /** A plot's axes, inside the frame: x from 60 to 790 at y = 400, y from 60 to 460 at x = 427. */
  const axes: Paint[] = [
    (x, y) => ink(WHITE, x >= 60 && x <= 790 ? 1.5 - Math.abs(y - 400) : 0),
    (x, y) => ink(WHITE, y >= 60 && y <= 460 ? 1.5 - Math.abs(x - 427) : 0),
  ];

  it('a dashed or a dotted line drawn from edge to edge is not clipped', async () => {
    const dashes: Paint = (x, y) => ink(WHITE, x % 250 < 120 ? 2 - Math.abs(y - 120) : 0);
    expect(await clipping([dashes])).toEqual([]);
    const dots = Array.from({ length: 143 }, (_, k) => disc(1 + 6 * k, 240, 1.5, WHITE));
    expect(await clipping(dots)).toEqual([]);
  });

  it('a band drawn from the top edge to the bottom one is not clipped', async () => {
    expect(await clipping([(x, y) => ink(RED, 8 - Math.abs(x - 200) + 0 * y)])).toEqual([]);
  });

  it('a line of text drawn from edge to edge is still clipped at both', async () => {
    const line = Array.from({ length: 33 }, (_, k) => ring(8 + 26 * k, 200, 8, WHITE, 3.5));
    expect((await clipping(line)).sort()).toEqual(['left edge', 'right edge']);
  });

  it("over a plot's axes, a plotted curve running out through the top is not clipped", async () => {
    const parabola = plot(
      (x) => 400 - (x - 427) ** 2 / 150,
      (x) => (-2 * (x - 427)) / 150,
    );
    expect(await clipping([...axes, parabola])).toEqual([]);
  });

  it('over the same axes, a filled shape cut by the top edge is still clipped', async () => {
    expect(await clipping([...axes, disc(200, 20, 50)])).toEqual(['top edge']);
  });

  it('curves of two colours drawn across the frame, crossing each other, are not clipped', async () => {
    const red = plot(
      (x) => 240 + 60 * Math.sin(x / 40),
      (x) => 1.5 * Math.cos(x / 40),
      RED,
    );
    const blue = plot(
      (x) => 250 + 60 * Math.cos(x / 50),
      (x) => -1.2 * Math.sin(x / 50),
    );
    expect(await clipping([red, blue])).toEqual([]);
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

describe('clutter: like marks evenly spaced are one thing the eye reads as a whole', () => {
  /** Discs of radius r on a lattice of `rows` x `columns`, `gap` px apart, nudged by `jitter` (k: the disc's number). */
  const lattice = (rows: number, columns: number, gap: number, r: (k: number) => number, jitter = (_k: number) => [0, 0]) =>
    Array.from({ length: rows * columns }, (_, k) => {
      const [jx, jy] = jitter(k);
      return disc(150 + (k % columns) * gap + jx, 100 + Math.floor(k / columns) * gap + jy, r(k), WHITE);
    });
  /** A reproducible scatter within ±`share` of the spacing (a hash of the disc's number, not a smooth drift). */
  const noise = (k: number, seed: number) => (Math.abs(Math.sin(k * seed) * 43758.5453) % 1) * 2 - 1;
  const scatter = (share: number, gap: number) => (k: number) => [noise(k, 12.9898) * share * gap, noise(k, 78.233) * share * gap];

  it('a lattice of 35 like dots (a LaggedStart over a grid) is not clutter', async () => {
    expect(medium(clutterIssues(await held(lattice(5, 7, 50, () => 7))))).toEqual([]);
  });

  it('the 32 rays of a flash round a circle are not clutter', async () => {
    const rays = Array.from({ length: 32 }, (_, k) => {
      const a = ((k + 0.25) * 2 * Math.PI) / 32;
      return segment(427 + 170 * Math.cos(a), 240 + 170 * Math.sin(a), 427 + 184 * Math.cos(a), 240 + 184 * Math.sin(a));
    });
    expect(medium(clutterIssues(await held([ring(427, 240, 110), ...rays])))).toEqual([]);
  });

  it('35 like dots scattered by hand round the lattice are still clutter', async () => {
    expect(medium(clutterIssues(await held(lattice(5, 7, 50, () => 7, scatter(0.2, 50)))))).toEqual(['clutter']);
  });

  it('28 dots on a lattice, each with its own label, are still clutter', async () => {
    // Each label starts 3 px right of its dot (radius 4), on its row; its glyphs are 23 px across.
    const labels = Array.from({ length: 28 }, (_, k) => word(2, () => true, -131 + (k % 7) * 100, -100 + Math.floor(k / 7) * 100));
    expect(medium(clutterIssues(await held([...lattice(4, 7, 100, () => 4), ...labels.flat()])))).toEqual(['clutter']);
  });
});

describe("a field's arrows are not text", () => {
  const GREY: Rgb = [80, 80, 80];
  /**
   * An ArrowVectorField: an arrow 26 px long every 30 px across and 26 px down,
   * filling the frame (cut by its edges), its slant turning slowly across it; its heads are
   * triangles. Rows of them sit as close as letters do, in a dim colour.
   */
  const field =
    (clear: (y: number) => boolean = () => false): Paint =>
    (x, y) => {
      if (clear(y)) return null;
      const [cx, cy] = [30 * Math.floor((x + 10) / 30) + 5, 26 * Math.floor((y + 10) / 26) + 3.5];
      const slant = ((-30 + (15 * cx) / W) * Math.PI) / 180;
      const [ux, uy] = [Math.cos(slant), Math.sin(slant)];
      // Along the arrow from its tip back, and across it.
      const along = (cx + 13 * ux - x) * ux + (cy + 13 * uy - y) * uy;
      const across = Math.abs(-(x - cx) * uy + (y - cy) * ux);
      if (along < 0 || along > 26) return null;
      return ink(GREY, along <= 7 ? 0.5 + (4 * along) / 7 - across : 1.5 - across);
    };

  it('a field of dim arrows filling the frame is not text: not cut, crossed, too small or low in contrast', async () => {
    const ctx = await held([field()]);
    expect(medium([...edgeIssues(ctx), ...overlapIssues(ctx), ...smallTextIssues(ctx), ...contrastIssues(ctx)])).toEqual([]);
  });

  it('a row of slanted dashes (a dashed line) is not text too small to read', async () => {
    const dashes = Array.from({ length: 20 }, (_, k) => segment(200 + 20 * k, 244, 214 + 20 * k, 240));
    expect(medium(smallTextIssues(await held(dashes)))).toEqual([]);
  });

  it('a dim label over the field is still text low in contrast', async () => {
    const ctx = await held([field((y) => y > 180 && y < 220), ...word(8, () => false, 0, 0, GREY)]);
    expect(medium(contrastIssues(ctx))).toEqual(['low_contrast']);
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
