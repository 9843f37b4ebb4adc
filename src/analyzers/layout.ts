import type { IssueDraft } from '../kinds';
import { formatTimestamp } from '../media/manifest';
import { hex } from './colour';
import { stretches, type AnalysisContext } from './context';
import { itemsCutBy, SIDES } from './edges';
import type { FrameMeasures, Side } from './frame-measures';
import type { Box, ScreenItem } from './objects';
import { MIN_TEXT_HEIGHT } from './text';

/** WCAG 1.4.3 / 1.4.11: 4.5:1 for text, 3:1 for large text and graphics. */
const TEXT_CONTRAST = 4.5;
const GRAPHICS_CONTRAST = 3;
/** Low contrast lasting less than this is a transition (a fade), not a design choice. */
const MIN_LOW_CONTRAST_MS = 2_000;
/** More separate things on screen than this at once (text lines and objects, a formula's pieces counted once) is clutter. */
const CLUTTER_THINGS = 24;
/** More of the frame covered than this reads as cluttered, however few the things. */
const CLUTTER_COVERAGE = 0.5;
/** Items smaller than this many pixels are not counted as things (specks, dots of a dotted line). */
const MIN_THING_PIXELS = 30;
/** Content closer to an edge than this share of the frame (but not touching it) is crammed. */
const MARGIN = 0.04;
/** Solid objects narrower than this many pixels are strokes, whose anti-aliased colour says little about contrast. */
const MIN_SOLID_SIDE = 8;

function span(run: readonly FrameMeasures[]): string {
  return run.length === 1 ? `at ${formatTimestamp(run[0].timestampMs)}` : `from ${formatTimestamp(run[0].timestampMs)} to ${formatTimestamp(run.at(-1)!.timestampMs)}`;
}

/** Items whose contrast against their own surroundings matters: text lines, and solid shapes large enough to have a core colour. */
function readableItems(f: FrameMeasures): ScreenItem[] {
  return f.items.filter((i) => {
    // Text too small to read is reported as such; its strokes are thinner than a pixel, so its colour is a blend.
    if (i.kind === 'text') return i.box.bottom - i.box.top >= MIN_TEXT_HEIGHT;
    if (i.kind !== 'object') return false;
    const w = (i.box.right - i.box.left) * f.width;
    const h = (i.box.bottom - i.box.top) * f.height;
    return Math.min(w, h) >= MIN_SOLID_SIDE && i.pixels >= 0.4 * w * h;
  });
}

/** The item with the lowest contrast, and how bad it is: text below 4.5:1, or anything below 3:1. */
export function lowestContrast(f: FrameMeasures): { item: ScreenItem; severity: 'HIGH' | 'MEDIUM' } | null {
  const items = readableItems(f);
  if (items.length === 0) return null;
  const item = items.reduce((a, b) => (b.contrast < a.contrast ? b : a));
  if (item.contrast < GRAPHICS_CONTRAST) return { item, severity: 'HIGH' };
  if (item.kind === 'text' && item.contrast < TEXT_CONTRAST) return { item, severity: 'MEDIUM' };
  return null;
}

/**
 * Low contrast between a text line (or solid shape) and what is right around
 * it, measured on its core colour, not its anti-aliased rim; a translucent fill
 * behind text is the text's surroundings, not text.
 */
export function contrastIssues(ctx: AnalysisContext): IssueDraft[] {
  // A sampled frame stands for the time until the next one.
  const spacing = ctx.frames.length > 0 ? ctx.durationMs / ctx.frames.length : 0;
  return stretches(ctx.frames, (f) => (lowestContrast(f) ? true : null))
    // A fade-in or fade-out passes through low contrast on its way: only what stays hard to read counts.
    .filter(({ frames: run }) => run.length === ctx.frames.length || run.at(-1)!.timestampMs - run[0].timestampMs + spacing >= MIN_LOW_CONTRAST_MS)
    .map(({ frames: run }) => {
      const worst = run.map((f) => lowestContrast(f)!).reduce((a, b) => (b.item.contrast < a.item.contrast ? b : a));
      const { item } = worst;
      const what = item.kind === 'text' ? 'Text' : 'A shape';
      const dark = item.surround[0] + item.surround[1] + item.surround[2] < 384;
      return {
        severity: worst.severity,
        category: 'low_contrast',
        frameIndex: run[0].index,
        location: item.kind === 'text' ? 'text' : 'shape',
        description:
          `${what} in ${hex(item.colour)} on ${hex(item.surround)} has a contrast ratio of only ${item.contrast.toFixed(1)}:1 ${span(run)} ` +
          `(WCAG asks for ${TEXT_CONTRAST}:1 for text, ${GRAPHICS_CONTRAST}:1 for large text and shapes): it is hard to read.`,
        suggestedFix: dark
          ? 'Use a light colour (white or a bright palette colour) for text and shapes on this dark background.'
          : 'Use a dark colour for text and shapes on this light background.',
        region: { ...item.box },
      };
    });
}

const gapBetween = (a: Box, b: Box) => ({
  x: Math.max(0, Math.max(a.left, b.left) - Math.min(a.right, b.right)),
  y: Math.max(0, Math.max(a.top, b.top) - Math.min(a.bottom, b.bottom)),
});

/**
 * The separate things on screen: text lines and objects, with pieces that sit
 * next to each other on a row (a formula split at its operators, a label and
 * its dot) counted as one. Lines (axes, grids and their pieces) are not counted.
 */
export function thingsOnScreen(f: FrameMeasures): number {
  const items = f.items.filter((i) => (i.kind === 'text' || i.kind === 'object') && i.pixels >= MIN_THING_PIXELS);
  const parent = items.map((_, i) => i);
  const find = (x: number): number => (parent[x] === x ? x : (parent[x] = find(parent[x])));
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) {
      const a = items[i].box;
      const b = items[j].box;
      const height = Math.min(a.bottom - a.top, b.bottom - b.top);
      const gap = gapBetween(a, b);
      if (gap.y === 0 && gap.x <= 0.6 * height) parent[find(j)] = find(i);
    }
  }
  return new Set(items.map((_, i) => find(i))).size;
}

function cluttered(f: FrameMeasures): boolean {
  return f.background !== null && (thingsOnScreen(f) > CLUTTER_THINGS || f.coverage > CLUTTER_COVERAGE);
}

/** Too much on screen at once (too many separate things, or too much of the frame covered): one issue, from the first such frame. */
export function clutterIssues(ctx: AnalysisContext): IssueDraft[] {
  const run = ctx.frames.filter(cluttered);
  if (run.length === 0) return [];
  const most = run.reduce((a, b) => (thingsOnScreen(b) > thingsOnScreen(a) ? b : a));
  const things = thingsOnScreen(most);
  const covered = Math.max(...run.map((f) => f.coverage));
  const when = run.length === 1 ? `at ${formatTimestamp(run[0].timestampMs)}` : `from ${formatTimestamp(run[0].timestampMs)} (${run.length} of ${ctx.frames.length} sampled frames)`;
  return [{
    severity: 'MEDIUM',
    category: 'clutter',
    frameIndex: run[0].index,
    location: 'whole frame',
    description:
      things > CLUTTER_THINGS
        ? `Up to ${things} separate labels, formulas and shapes are on screen at once ${when}: too much at once for the eye to know where to look.`
        : `Content covers up to ${Math.round(covered * 100)}% of the frame ${when}: too much at once for the eye to know where to look.`,
    suggestedFix: 'Show fewer things at a time (fade out what is done, group labels), or make them smaller and leave more empty space.',
    region: most.box ? { ...most.box } : null,
  }];
}

function crammedSides(f: FrameMeasures, clipped: ReadonlySet<Side>): Side[] {
  if (!f.box) return [];
  const near = { top: f.box.top, right: 1 - f.box.right, bottom: 1 - f.box.bottom, left: f.box.left };
  return SIDES.filter((side) => near[side] < MARGIN && itemsCutBy(f, side).length === 0 && !clipped.has(side));
}

/**
 * Content squeezed against a margin without touching the edge, in two sampled
 * frames in a row: one issue, naming every side it happens on. A side where
 * content also runs off the frame is left to the clipping issue (one object, one report).
 */
export function marginIssues(ctx: AnalysisContext): IssueDraft[] {
  const clipped = new Set(SIDES.filter((side) => ctx.frames.some((f) => itemsCutBy(f, side).length > 0)));
  const crammed = ctx.frames.map((f) => crammedSides(f, clipped));
  const held = crammed.map((sides, i) => sides.filter((side) => crammed[i + 1]?.includes(side)));
  const first = held.findIndex((sides) => sides.length > 0);
  if (first < 0) return [];
  const sides = SIDES.filter((side) => held.some((s) => s.includes(side))).join(' and ');
  const f = ctx.frames[first];
  return [{
    severity: 'LOW',
    category: 'margins',
    frameIndex: f.index,
    location: `${sides} margin`,
    description: `Content sits within ${Math.round(MARGIN * 100)}% of the ${sides} edge from ${formatTimestamp(f.timestampMs)}: the layout feels crammed.`,
    suggestedFix: `Leave a margin of at least 5% of the frame on the ${sides} side: move the content inward or scale it down.`,
    region: f.box ? { ...f.box } : null,
  }];
}
