import type { IssueDraft } from '../kinds';
import { formatTimestamp } from '../media/manifest';
import type { AnalysisContext } from './context';
import { samePlace } from './edges';
import type { FrameMeasures } from './frame-measures';
import type { Box, ScreenItem } from './objects';

/** Text lines shorter than this share of the frame height cannot be read (9 px at 480p, 20 px at 1080p). */
export const MIN_TEXT_HEIGHT = 0.019;
/** Something crossing a text line leaves at least this many pixels per pixel of line height (a stroke across it). */
const CROSSING = 2.5;
/** Two text lines whose boxes share this much of the smaller one are printed over each other. */
const SHARED_BOX = 0.2;
/** At most this many overlap issues per video: the first places are enough to find and fix the fault. */
const MAX_OVERLAPS = 3;

const heightPx = (f: FrameMeasures, i: ScreenItem) => (i.box.bottom - i.box.top) * f.height;
const widthPx = (f: FrameMeasures, i: ScreenItem) => (i.box.right - i.box.left) * f.width;

function intersection(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}
const area = (b: Box) => (b.right - b.left) * (b.bottom - b.top);

interface Overlap {
  box: Box;
  what: string;
}

/** Places in one frame where text is drawn over something: crossed by a curve or outline, over other text, or two texts in one line. */
function overlapsIn(f: FrameMeasures): Overlap[] {
  const text = f.items.filter((i) => i.kind === 'text');
  const found: Overlap[] = [];
  for (const t of text) {
    if (t.stacked) found.push({ box: t.box, what: 'Two lines of text are printed over each other' });
    else if (t.crossedBy >= CROSSING * heightPx(f, t)) found.push({ box: t.box, what: 'A line or shape is drawn across a line of text' });
  }
  for (let i = 0; i < text.length; i++) {
    for (let j = i + 1; j < text.length; j++) {
      const shared = intersection(text[i].box, text[j].box);
      if (shared > SHARED_BOX * Math.min(area(text[i].box), area(text[j].box))) {
        found.push({
          box: { left: Math.min(text[i].box.left, text[j].box.left), top: Math.min(text[i].box.top, text[j].box.top), right: Math.max(text[i].box.right, text[j].box.right), bottom: Math.max(text[i].box.bottom, text[j].box.bottom) },
          what: 'Two labels overlap',
        });
      }
    }
  }
  return found;
}

/**
 * Text drawn over something that makes it hard to read. An overlap counts when
 * it is seen in the same place in two sampled frames in a row: a transform or
 * a flash passing over a label for an instant is not a layout fault.
 */
export function overlapIssues(ctx: AnalysisContext): IssueDraft[] {
  const perFrame = ctx.frames.map(overlapsIn);
  const issues: IssueDraft[] = [];
  const reported: Box[] = [];
  for (let i = 0; i + 1 < ctx.frames.length && issues.length < MAX_OVERLAPS; i++) {
    for (const o of perFrame[i]) {
      if (!perFrame[i + 1].some((next) => samePlace(next.box, o.box)) || reported.some((b) => intersection(b, o.box) > 0)) continue;
      reported.push(o.box);
      const f = ctx.frames[i];
      issues.push({
        severity: 'MEDIUM',
        category: 'overlap',
        frameIndex: f.index,
        location: placeOf(o.box),
        description: `${o.what} ${placeOf(o.box)} from ${formatTimestamp(f.timestampMs)}: the text is hard to read.`,
        suggestedFix: 'Move the label clear of the other element (next_to with a buffer), or shorten or shrink it; fade out what is no longer needed.',
        region: { ...o.box },
      });
    }
  }
  return issues;
}

/** "at the top left", "in the middle", ... of the frame, where a box's centre lies. */
export function placeOf(b: Box): string {
  const x = (b.left + b.right) / 2;
  const y = (b.top + b.bottom) / 2;
  const row = y < 1 / 3 ? 'top' : y > 2 / 3 ? 'bottom' : '';
  const col = x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : '';
  return row || col ? `at the ${[row, col].filter(Boolean).join(' ')}` : 'in the middle';
}

/** A line of text (several glyphs, word-shaped) too short for its video's height. */
function tooSmall(f: FrameMeasures, i: ScreenItem): boolean {
  return i.kind === 'text' && i.glyphs >= 3 && widthPx(f, i) >= 3 * heightPx(f, i) && i.box.bottom - i.box.top < MIN_TEXT_HEIGHT;
}

/**
 * Text too small to read at the video's size: a line of text shorter than
 * MIN_TEXT_HEIGHT of the frame, in two sampled frames in a row (text scaling up
 * as it appears passes through small sizes).
 */
export function smallTextIssues(ctx: AnalysisContext): IssueDraft[] {
  const { videoHeight } = ctx;
  for (let i = 0; i + 1 < ctx.frames.length; i++) {
    const f = ctx.frames[i];
    const small = f.items.filter((t) => tooSmall(f, t) && ctx.frames[i + 1].items.some((n) => tooSmall(ctx.frames[i + 1], n) && samePlace(n.box, t.box)));
    if (small.length === 0) continue;
    const line = small.reduce((a, b) => (b.box.bottom - b.box.top < a.box.bottom - a.box.top ? b : a));
    const share = line.box.bottom - line.box.top;
    const px = Math.round(share * videoHeight);
    return [{
      severity: 'MEDIUM',
      category: 'unreadable_text',
      frameIndex: f.index,
      location: placeOf(line.box),
      description: `Text ${placeOf(line.box)} from ${formatTimestamp(f.timestampMs)} is only about ${px} px tall in this ${videoHeight}p video (${(share * 100).toFixed(1)}% of the frame height): too small to read.`,
      suggestedFix: `Make the text at least ${Math.ceil(MIN_TEXT_HEIGHT * videoHeight)} px tall at this resolution (in Manim, a font_size of 24 or more), or say less in larger type.`,
      region: { ...line.box },
    }];
  }
  return [];
}
