import type { IssueDraft, IssueRegion } from '../domain/judgement';
import { formatTimestamp } from '../media/manifest';
import type { AnalysisContext } from './context';
import type { FrameBox, Side } from '../domain/geometry';
import type { FrameMeasures } from './frame-measures';
import { severityOf } from './evidence';
import type { ScreenItem } from './objects/screen-items';
import { EDGE_REACH, GRID_SEGMENTS } from './objects/structure';
import { MIN_GLYPH_HEIGHT } from './objects/text-lines';

export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

/** Items covering less than this share of the frame at an edge are specks, not cut content (30 px at 768x432). */
const MIN_CUT_AREA = 9e-5;
/** Objects narrower than this share of the frame height (10 px at 432), either way, at an edge over a grid are its segments, not shapes. */
const MIN_CUT_SIDE = 0.023;
/** Linework puts ink on less than this share of its box: strokes of a curve, no body (a filled shape, a run of glyphs). */
const STROKE_DENSITY = 0.2;
/** An item whose box moved less than this (fraction of the frame, every side) between two sampled frames stayed put. */
const SAME_PLACE = 0.01;
/** Across the direction it moves, a sliding item keeps this share of its extent from one sampled frame to the next. */
const SAME_EXTENT = 0.8;

/** Whether a box reaches one edge of the frame (within EDGE_REACH: scaling and JPEG soften a cut glyph's last columns). */
function reaches(f: FrameMeasures, box: FrameBox, side: Side): boolean {
  const px = { x: (EDGE_REACH * f.height) / f.width, y: EDGE_REACH };
  if (side === 'top') return box.top <= px.y;
  if (side === 'bottom') return box.bottom >= 1 - px.y;
  if (side === 'left') return box.left <= px.x;
  return box.right >= 1 - px.x;
}

/** A frame with a grid or axes: structure spanning it, a plot's crossing axes, or (while a grid is drawn, or cut up by what crosses it) many line segments. */
function gridded(f: FrameMeasures): boolean {
  return f.axes || f.items.some((i) => i.kind === 'structure') || f.items.filter((i) => i.kind === 'line').length >= GRID_SEGMENTS;
}

/** A sliver at the edge that belongs to a line of text running into it (a cut glyph), not a piece of linework. */
function endsText(f: FrameMeasures, sliver: ScreenItem, side: Side): boolean {
  const across = side === 'left' || side === 'right';
  return f.items.some((t) => {
    if (t.kind !== 'text') return false;
    const lineHeight = t.box.bottom - t.box.top;
    const shared = across
      ? Math.min(t.box.bottom, sliver.box.bottom) - Math.max(t.box.top, sliver.box.top)
      : Math.min(t.box.right, sliver.box.right) - Math.max(t.box.left, sliver.box.left);
    const gap =
      side === 'left'
        ? t.box.left - sliver.box.right
        : side === 'right'
          ? sliver.box.left - t.box.right
          : side === 'top'
            ? t.box.top - sliver.box.bottom
            : sliver.box.top - t.box.bottom;
    const gapLimit = across ? (lineHeight * f.height) / f.width : lineHeight;
    // A cut glyph reaches no deeper into the frame from the edge than a line of the text is tall; a curve does.
    const depth = across ? sliver.box.right - sliver.box.left : sliver.box.bottom - sliver.box.top;
    return shared > 0.5 * Math.min(lineHeight, sliver.box.bottom - sliver.box.top) && gap <= gapLimit && depth <= gapLimit;
  });
}

const within = (inner: FrameBox, outer: FrameBox) =>
  inner.left >= outer.left && inner.top >= outer.top && inner.right <= outer.right && inner.bottom <= outer.bottom;

/** A line of text whose letters are tall enough to be letters; a row of smaller marks is a dotted line. */
const lettered = (i: ScreenItem) => i.text !== null && i.text.letterHeight >= MIN_GLYPH_HEIGHT;

/** A stroke with no body: a thin line, a mark too small to be a letter, or a curve inking little of its box. */
function stroke(f: FrameMeasures, i: ScreenItem): boolean {
  const [w, h] = [(i.box.right - i.box.left) * f.width, (i.box.bottom - i.box.top) * f.height];
  return i.kind === 'line' || Math.min(w, h) < MIN_CUT_SIDE * f.height || i.pixels < STROKE_DENSITY * w * h;
}

/**
 * Whether what reaches this edge is drawn across the frame, edge to edge: it, or the strokes on its
 * band across the frame (sharing most of its extent: the dashes or dots of one line), reach the opposite
 * edge too, or it is a stroke of connected linework that does (curves crossing each other). A line,
 * curve or band running on past both edges is the view of something larger than the frame, not a thing
 * cut off; only text loses words that way.
 */
function acrossFrame(f: FrameMeasures, item: ScreenItem, side: Side): boolean {
  if (stroke(f, item) && f.across.some((drawn) => within(item.box, drawn))) return true;
  const horizontal = side === 'left' || side === 'right';
  const opposite: Side = side === 'left' ? 'right' : side === 'right' ? 'left' : side === 'top' ? 'bottom' : 'top';
  const band = (b: FrameBox) => (horizontal ? [b.top, b.bottom] : [b.left, b.right]);
  const [a0, a1] = band(item.box);
  return f.items.some((o) => {
    if (o.kind === 'structure' || lettered(o) || (o !== item && !stroke(f, o)) || !reaches(f, o.box, opposite)) return false;
    const [b0, b1] = band(o.box);
    return Math.min(a1, b1) - Math.max(a0, b0) >= SAME_EXTENT * Math.max(a1 - a0, b1 - b0);
  });
}

/**
 * Items whose box reaches one edge of the frame: text, shapes, glyphs. Grids,
 * axes and linework filling the frame run to the edge by design, and over them
 * strokes at the edge (narrow slivers, curves with no body) are their pieces
 * or plotted curves, unless they end a line of text. What is drawn across the
 * frame edge to edge (a line, whole, dashed or dotted, a curve, a band), text
 * aside, runs on past it. A shape flush with the edge, its whole outline in
 * view (touching it at a point), is not cut.
 */
export function itemsCutBy(f: FrameMeasures, side: Side): ScreenItem[] {
  return f.items.filter((i) => {
    if (i.kind === 'structure' || i.pixels < MIN_CUT_AREA * f.width * f.height || !reaches(f, i.box, side)) return false;
    if (lettered(i)) return true;
    if (f.touching[side].some((shape) => within(i.box, shape))) return false;
    if (acrossFrame(f, i, side)) return false;
    if (!stroke(f, i)) return true;
    // Over a grid or axes, strokes at the edge are their pieces unless they end a line of text.
    return !gridded(f) || endsText(f, i, side);
  });
}

export const samePlace = (a: FrameBox, b: FrameBox) =>
  Math.abs(a.left - b.left) <= SAME_PLACE &&
  Math.abs(a.top - b.top) <= SAME_PLACE &&
  Math.abs(a.right - b.right) <= SAME_PLACE &&
  Math.abs(a.bottom - b.bottom) <= SAME_PLACE;

/** Items this big (share of the frame) or bigger can tell whether the picture stood still or moved; specks match by chance (30 px at 768x432). */
const MIN_LANDMARK_AREA = 9e-5;

const landmarks = (f: FrameMeasures) =>
  f.items.filter((i) => (i.kind === 'text' || i.kind === 'object') && i.pixels >= MIN_LANDMARK_AREA * f.width * f.height);

/** Whether an item has the same box in a neighbouring sampled frame. */
const standsStill = (item: ScreenItem, neighbours: readonly FrameMeasures[]) =>
  neighbours.some((n) => n.items.some((j) => j.kind === item.kind && samePlace(j.box, item.box)));

/**
 * Whether a cut item that moved came from somewhere along the edge's axis in a
 * neighbouring sampled frame: the same kind, most of the same extent across that
 * axis, its far side (the one away from the edge) displaced.
 */
function slidIn(item: ScreenItem, other: FrameMeasures, side: Side): boolean {
  const horizontal = side === 'left' || side === 'right';
  const extent = (b: FrameBox) => (horizontal ? [b.top, b.bottom] : [b.left, b.right]);
  const far = (b: FrameBox) => (side === 'right' ? b.left : side === 'left' ? b.right : side === 'bottom' ? b.top : b.bottom);
  const [a0, a1] = extent(item.box);
  return other.items.some((o) => {
    const [b0, b1] = extent(o.box);
    return (
      o.kind === item.kind &&
      Math.min(a1, b1) - Math.max(a0, b0) >= SAME_EXTENT * Math.max(a1 - a0, b1 - b0) &&
      Math.abs(far(item.box) - far(o.box)) > SAME_PLACE
    );
  });
}

/**
 * Whether a cut item counts as cut content in sampled frame i: it rests there
 * cut (the same box in a neighbouring sampled frame), or it moves while most
 * of the rest of the picture (by ink) stands still (or there is nothing else,
 * and it slides along the edge's axis). When most of the picture moves (a pan,
 * a zoom, a scrolling column), content crosses the edges on its way in or out
 * by design.
 */
function cutCounts(ctx: AnalysisContext, i: number, item: ScreenItem, side: Side): boolean {
  const f = ctx.frames[i];
  const neighbours = [ctx.frames[i - 1], ctx.frames[i + 1]].filter((n): n is FrameMeasures => n !== undefined);
  if (standsStill(item, neighbours)) return true;
  const others = landmarks(f).filter((l) => SIDES.every((s) => !reaches(f, l.box, s)));
  if (others.length === 0) return neighbours.some((n) => slidIn(item, n, side));
  // Most of the picture by ink, not by count: one formula can be several items.
  const ink = (items: readonly ScreenItem[]) => items.reduce((sum, l) => sum + l.pixels, 0);
  return ink(others.filter((l) => standsStill(l, neighbours))) >= ink(others) / 2;
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
 * Content cut by the frame edge: text or objects resting cut, or sliding out
 * on their own. One issue per edge, at the first frame of the first stretch in
 * which the cut counts; its severity follows how many sampled frames show it.
 */
export function edgeIssues(ctx: AnalysisContext): IssueDraft[] {
  return SIDES.flatMap((side) => {
    const cut = ctx.frames.map((f, i) => ({ f, i, items: itemsCutBy(f, side) }));
    const counted = cut.filter((c) => c.items.some((item) => cutCounts(ctx, c.i, item, side)));
    if (counted.length === 0) return [];
    // The cut began where the run of frames touching this edge began, even if the camera (or the item) was still moving then.
    let start = counted[0].i;
    while (start > 0 && cut[start - 1].items.length > 0) start--;
    const first = cut[start];
    const last = counted.at(-1)!;
    const frames = cut.filter((c) => c.items.length > 0).length;
    const when =
      frames === 1
        ? `at ${formatTimestamp(first.f.timestampMs)}`
        : `from ${formatTimestamp(first.f.timestampMs)} (${frames} of ${ctx.frames.length} sampled frames, the last at ${formatTimestamp(last.f.timestampMs)})`;
    const biggest = first.items.reduce((a, b) => (b.pixels > a.pixels ? b : a));
    const { severity, note } = severityOf({ frames: counted.length, strength: 1, lookalike: null }, 'MEDIUM');
    return [
      {
        severity,
        category: 'clipped_content',
        frameIndex: first.f.index,
        location: `${side} edge`,
        description: `${describe(first.items)} runs into the ${side} edge of the frame ${when}: part of it is cut off or slides out of view.${note}`,
        suggestedFix: `Keep every object at least 5% of the frame away from the ${side} edge: move or scale the group, or shorten the text.`,
        region: regionOf(biggest, side),
      },
    ];
  });
}
