import type { IssueDraft, IssueRegion } from '../kinds';
import { formatTimestamp } from '../media/manifest';
import type { AnalysisContext } from './context';
import type { FrameMeasures, Side } from './frame-measures';
import type { Box, ScreenItem } from './objects';

export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

const EDGE_PIXELS = 4;
/** This many line segments on screen make a grid. */
const GRID_SEGMENTS = 8;
/** Items smaller than this many pixels at an edge are specks, not cut content. */
const MIN_CUT_PIXELS = 30;
/** Objects narrower than this (analysis pixels, either way) at an edge over a grid are its segments, not shapes. */
const MIN_CUT_SIDE = 10;
/** An item whose box moved less than this (fraction of the frame, every side) between two sampled frames stayed put. */
const SAME_PLACE = 0.01;

/** Whether a box reaches one edge of the frame (within EDGE_PIXELS: scaling and JPEG soften a cut glyph's last columns). */
function reaches(f: FrameMeasures, box: Box, side: Side): boolean {
  const px = { x: EDGE_PIXELS / f.width, y: EDGE_PIXELS / f.height };
  if (side === 'top') return box.top <= px.y;
  if (side === 'bottom') return box.bottom >= 1 - px.y;
  if (side === 'left') return box.left <= px.x;
  return box.right >= 1 - px.x;
}

/** A frame with a grid or axes: structure spanning it, or (while a grid is drawn, or cut up by what crosses it) many line segments. */
function gridded(f: FrameMeasures): boolean {
  return f.items.some((i) => i.kind === 'structure') || f.items.filter((i) => i.kind === 'line').length >= GRID_SEGMENTS;
}

/** A sliver at the edge that belongs to a line of text running into it (a cut glyph), not a piece of linework. */
function endsText(f: FrameMeasures, sliver: ScreenItem, side: Side): boolean {
  const across = side === 'left' || side === 'right';
  return f.items.some((t) => {
    if (t.kind !== 'text') return false;
    const lineHeight = t.box.bottom - t.box.top;
    const shared = across ? Math.min(t.box.bottom, sliver.box.bottom) - Math.max(t.box.top, sliver.box.top) : Math.min(t.box.right, sliver.box.right) - Math.max(t.box.left, sliver.box.left);
    const gap = side === 'left' ? t.box.left - sliver.box.right : side === 'right' ? sliver.box.left - t.box.right : side === 'top' ? t.box.top - sliver.box.bottom : sliver.box.top - t.box.bottom;
    const gapLimit = across ? (lineHeight * f.height) / f.width : lineHeight;
    return shared > 0.5 * Math.min(lineHeight, sliver.box.bottom - sliver.box.top) && gap <= gapLimit;
  });
}

/**
 * Items whose box reaches one edge of the frame: text, shapes, glyphs. Grids
 * and axes run to the edge by design, and over them narrow slivers at the edge
 * are their segments, unless they end a line of text.
 */
export function itemsCutBy(f: FrameMeasures, side: Side): ScreenItem[] {
  return f.items.filter((i) => {
    if (i.kind === 'structure' || i.pixels < MIN_CUT_PIXELS || !reaches(f, i.box, side)) return false;
    if (i.kind === 'text') return true;
    const narrow = i.kind === 'line' || Math.min((i.box.right - i.box.left) * f.width, (i.box.bottom - i.box.top) * f.height) < MIN_CUT_SIDE;
    // Over a grid or axes, narrow pieces at the edge are their segments unless they end a line of text.
    return !narrow || !gridded(f) || endsText(f, i, side);
  });
}

export const samePlace = (a: Box, b: Box) =>
  Math.abs(a.left - b.left) <= SAME_PLACE && Math.abs(a.top - b.top) <= SAME_PLACE && Math.abs(a.right - b.right) <= SAME_PLACE && Math.abs(a.bottom - b.bottom) <= SAME_PLACE;

/** Items this big (pixels) or bigger can tell whether the picture stood still; specks match by chance. */
const MIN_LANDMARK_PIXELS = 30;

/** Items of `f` that stand in the same place in another frame. */
function stationary(f: FrameMeasures, other: FrameMeasures | undefined): ScreenItem[] {
  if (!other) return [];
  return f.items.filter((i) => (i.kind === 'text' || i.kind === 'object') && i.pixels >= MIN_LANDMARK_PIXELS && other.items.some((j) => j.kind === i.kind && samePlace(i.box, j.box)));
}

/**
 * Whether the cut content of a frame is a defect: the camera was not moving.
 * In a pan or a zoom everything on screen moves and content crosses the edges
 * on its way in or out; when something stands still (the cut item itself, or a
 * title while a formula slides off), the cut is a layout fault.
 */
function cutCounts(ctx: AnalysisContext, i: number): boolean {
  const f = ctx.frames[i];
  return stationary(f, ctx.frames[i - 1]).length > 0 || stationary(f, ctx.frames[i + 1]).length > 0;
}

function describe(items: readonly ScreenItem[]): string {
  const text = items.filter((i) => i.kind === 'text');
  if (text.length === 1) return 'A line of text';
  if (text.length > 1) return `${text.length} lines of text`;
  return items.length === 1 ? 'A shape' : `${items.length} shapes`;
}

function regionOf(item: ScreenItem, edge: Side): IssueRegion {
  return { ...item.box, edge };
}

/**
 * Content cut by the frame edge: text or objects reaching an edge while the
 * camera stands still. One issue per edge, at the first frame of the first
 * stretch in which the cut counts.
 */
export function edgeIssues(ctx: AnalysisContext): IssueDraft[] {
  return SIDES.flatMap((side) => {
    const cut = ctx.frames.map((f, i) => ({ f, i, items: itemsCutBy(f, side) }));
    const counted = cut.filter((c) => c.items.length > 0 && cutCounts(ctx, c.i));
    if (counted.length === 0) return [];
    // The cut began where the run of frames touching this edge began, even if the camera (or the item) was still moving then.
    let start = counted[0].i;
    while (start > 0 && cut[start - 1].items.length > 0) start--;
    const first = cut[start];
    const last = counted.at(-1)!;
    const frames = cut.filter((c) => c.items.length > 0).length;
    const when = frames === 1
      ? `at ${formatTimestamp(first.f.timestampMs)}`
      : `from ${formatTimestamp(first.f.timestampMs)} (${frames} of ${ctx.frames.length} sampled frames, the last at ${formatTimestamp(last.f.timestampMs)})`;
    const biggest = first.items.reduce((a, b) => (b.pixels > a.pixels ? b : a));
    return [{
      severity: 'MEDIUM' as const,
      category: 'clipped_content',
      frameIndex: first.f.index,
      location: `${side} edge`,
      description: `${describe(first.items)} runs into the ${side} edge of the frame ${when}: part of it is cut off or slides out of view.`,
      suggestedFix: `Keep every object at least 5% of the frame away from the ${side} edge: move or scale the group, or shorten the text.`,
      region: regionOf(biggest, side),
    }];
  });
}
