import { area, intersection, union, type FrameBox } from '../domain/geometry';
import type { IssueDraft } from '../domain/judgement';
import { formatTimestamp } from '../media/manifest';
import type { AnalysisContext } from './context';
import { samePlace } from './edges';
import { severityOf, type Evidence } from './evidence';
import type { FrameMeasures } from './frame-measures';
import type { ScreenItem } from './objects/screen-items';
import { MIN_GLYPH_HEIGHT } from './objects/text-lines';

/** Text whose letters span less than this share of the frame height cannot be read (9 px at 480p, 20 px at 1080p). */
export const MIN_TEXT_HEIGHT = 0.019;
/**
 * Something crossing a text line leaves at least this many pixels per pixel of
 * line height, as a share of the frame height (1.5 px at 432: a stroke across
 * it; Manim's default stroke is about 2 px there).
 */
const CROSSING = 0.0035;
/** Two texts whose boxes share this much of the smaller one are printed over each other. */
const SHARED_BOX = 0.2;
/** At most this many overlap issues per video: the first places are enough to find and fix the fault. */
const MAX_OVERLAPS = 3;
/** A text still shows this share of its ink when something is drawn over it (rather than it being replaced). */
const KEPT_INK = 0.9;
/** A text whose ink changes by at most this share between two sampled frames stands unchanged (JPEG noise); more, and it is still being written or fading in. */
const UNCHANGED_INK = 0.02;
/**
 * A text stands (finished, not being written or fading in) when it stays unchanged this long: a pause a
 * viewer sees. Sampled frames of a short clip can be consecutive video frames, which a slow Write can leave alike.
 */
const STANDING_MS = 250;
/** What is drawn over a text adds ink inside its box of at least this share of the text's own ink, in glyphs spanning at least its height (a dot resting on a label is not text drawn over it). */
const NEW_INK = 0.03;
/** What is drawn over a text is glyphs at most this many times its height (a fill behind it is not). */
const OVER_GLYPH_HEIGHT = 2;

const heightPx = (f: FrameMeasures, i: ScreenItem) => (i.box.bottom - i.box.top) * f.height;
const widthPx = (f: FrameMeasures, i: ScreenItem) => (i.box.right - i.box.left) * f.width;

interface Overlap {
  box: FrameBox;
  what: string;
  /** The measure against its threshold. */
  strength: number;
  lookalike: string | null;
}

/** Places in one frame where text is drawn over something: crossed by a curve or outline, run into, over other text, or two texts in one line. */
function overlapsIn(f: FrameMeasures): Overlap[] {
  const text = f.items.filter((i) => i.text !== null);
  const found: Overlap[] = [];
  for (const t of text) {
    const crossing = CROSSING * heightPx(f, t) * f.height;
    if (t.text!.crossedBy >= crossing)
      found.push({
        box: t.box,
        what: 'A line or shape is drawn across a line of text',
        strength: t.text!.crossedBy / crossing,
        lookalike: null,
      });
    else if (t.text!.touchedBy >= crossing)
      found.push({
        box: t.box,
        what: 'A line or shape runs into a line of text',
        strength: t.text!.touchedBy / crossing,
        lookalike: 'a line or arrow that ends at the text',
      });
    else if (t.text!.stacked)
      found.push({
        box: t.box,
        what: 'Two lines of text are printed over each other',
        strength: 1,
        lookalike: t.text!.fraction ? 'a fraction in a formula' : null,
      });
  }
  for (let i = 0; i < text.length; i++) {
    for (let j = i + 1; j < text.length; j++) {
      const share = intersection(text[i].box, text[j].box) / Math.min(area(text[i].box), area(text[j].box));
      if (share > SHARED_BOX)
        found.push({ box: union(text[i].box, text[j].box), what: 'Two labels overlap', strength: share / SHARED_BOX, lookalike: null });
    }
  }
  return found;
}

/** A region of a frame in analysis pixels, and a mask over it. */
interface InkMask {
  x0: number;
  y0: number;
  w: number;
  h: number;
  on: Uint8Array;
}

/** The pixels of a text's box, in analysis pixels of frame `f`. */
function regionOf(f: FrameMeasures, b: FrameBox): Omit<InkMask, 'on'> {
  const [x0, y0] = [Math.floor(b.left * f.width), Math.floor(b.top * f.height)];
  return { x0, y0, w: Math.ceil(b.right * f.width) - x0, h: Math.ceil(b.bottom * f.height) - y0 };
}

/** The glyph ink of a frame in a region, from glyphs at most `maxHeight` pixels tall. */
function inkIn(f: FrameMeasures, region: Omit<InkMask, 'on'>, maxHeight: number): InkMask {
  const { x0, y0, w, h } = region;
  const on = new Uint8Array(w * h);
  for (const g of f.glyphInk) {
    if (g.h > maxHeight || g.x >= x0 + w || g.y >= y0 + h || g.x + g.w <= x0 || g.y + g.h <= y0) continue;
    for (let y = Math.max(g.y, y0); y < Math.min(g.y + g.h, y0 + h); y++) {
      for (let x = Math.max(g.x, x0); x < Math.min(g.x + g.w, x0 + w); x++)
        if (g.mask[(y - g.y) * g.w + (x - g.x)]) on[(y - y0) * w + (x - x0)] = 1;
    }
  }
  return { ...region, on };
}

const inkCount = (m: InkMask) => m.on.reduce((n, v) => n + v, 0);

/** Ink of `later` (same region as `earlier`) farther than a pixel from any ink of `earlier`. */
function newInk(earlier: InkMask, later: InkMask): InkMask {
  const { w, h } = later;
  const on = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!later.on[y * w + x]) continue;
      let near = false;
      for (let dy = Math.max(0, y - 1); dy <= Math.min(h - 1, y + 1) && !near; dy++)
        for (let dx = Math.max(0, x - 1); dx <= Math.min(w - 1, x + 1); dx++) if (earlier.on[dy * w + dx]) near = true;
      if (!near) on[y * w + x] = 1;
    }
  }
  return { ...later, on };
}

/**
 * Text drawn over a text that stood still: sampled frame `f` keeps the earlier
 * text's ink and adds glyph ink inside its box, from glyphs whose boxes share
 * over SHARED_BOX of the smaller box with it. Unlike the measures of one frame,
 * this does not depend on telling the two texts apart: they may be the same
 * colour and merge into one line. Returns the new glyphs' box and the share,
 * null when nothing is drawn over it, or 'gone' when the text is no longer there.
 */
function drawnOver(
  before: FrameMeasures,
  text: ScreenItem,
  f: FrameMeasures,
): { box: FrameBox; glyphs: FrameBox; share: number } | 'gone' | null {
  const maxHeight = OVER_GLYPH_HEIGHT * heightPx(before, text);
  const region = regionOf(before, text.box);
  const was = inkIn(before, region, maxHeight);
  const now = inkIn(f, region, maxHeight);
  const wasCount = inkCount(was);
  if (wasCount === 0 || now.on.reduce((n, v, k) => n + (v & was.on[k]), 0) < KEPT_INK * wasCount) return 'gone';
  const added = newInk(was, now);
  if (inkCount(added) < NEW_INK * wasCount) return null;
  const addedAt = (x: number, y: number) =>
    x >= region.x0 &&
    y >= region.y0 &&
    x < region.x0 + region.w &&
    y < region.y0 + region.h &&
    added.on[(y - region.y0) * region.w + (x - region.x0)] === 1;
  const over = f.glyphInk.filter(
    (g) => g.h <= maxHeight && g.mask.some((on, k) => on === 1 && addedAt(g.x + (k % g.w), g.y + Math.floor(k / g.w))),
  );
  if (over.length === 0) return null;
  const box = over
    .map((g) => ({ left: g.x / f.width, top: g.y / f.height, right: (g.x + g.w) / f.width, bottom: (g.y + g.h) / f.height }))
    .reduce(union);
  if ((box.right - box.left) * f.width < heightPx(before, text)) return null;
  const share = intersection(box, text.box) / Math.min(area(box), area(text.box));
  return share > SHARED_BOX ? { box: union(box, text.box), glyphs: box, share } : null;
}

/**
 * Text lines that stand still and unchanged from sampled frame k for at least
 * STANDING_MS (not being written or fading in: consecutive video frames of a
 * slow Write can match), other than those `seen` already: what a later frame is
 * compared with. Returns each with the last sampled frame of that stretch.
 */
function standingTexts(ctx: AnalysisContext, k: number, seen: readonly FrameBox[]): { text: ScreenItem; until: number }[] {
  const f = ctx.frames[k];
  let until = k + 1;
  while (until < ctx.frames.length && ctx.frames[until].timestampMs - f.timestampMs < STANDING_MS) until++;
  if (until >= ctx.frames.length) return [];
  const stretch = ctx.frames.slice(k + 1, until + 1);
  return f.items
    .filter((t) => {
      if (t.text === null || seen.some((b) => samePlace(b, t.box))) return false;
      const maxHeight = OVER_GLYPH_HEIGHT * heightPx(f, t);
      const region = regionOf(f, t.box);
      const a = inkIn(f, region, maxHeight);
      return stretch.every((next) => {
        if (!next.items.some((n) => n.text !== null && samePlace(n.box, t.box))) return false;
        const b = inkIn(next, region, maxHeight);
        return inkCount(newInk(a, b)) + inkCount(newInk(b, a)) <= UNCHANGED_INK * inkCount(a);
      });
    })
    .map((text) => ({ text, until }));
}

interface Found extends Overlap {
  /** Sampled frame where it is first seen. */
  at: number;
  /** Sampled frames in a row that show it. */
  frames: number;
}

/**
 * Overlaps drawn over a standing text and resting there, each with the run of sampled frames that shows
 * them in the same place; each text from the first frames it stands in, until it is gone.
 */
function drawnOverRuns(ctx: AnalysisContext): Found[] {
  const found: Found[] = [];
  const seen: FrameBox[] = [];
  for (let k = 0; k + 1 < ctx.frames.length; k++) {
    for (const { text, until } of standingTexts(ctx, k, seen)) {
      seen.push(text.box);
      let run: Found | null = null;
      let glyphs: FrameBox | null = null;
      for (let i = until + 1; i < ctx.frames.length; i++) {
        const over = drawnOver(ctx.frames[k], text, ctx.frames[i]);
        if (over === 'gone' || (over === null && run)) break;
        if (over === null) continue;
        // What rests over the text counts; a text moving across it on its way elsewhere (a Transform) does not.
        if (run && samePlace(glyphs!, over.glyphs)) run.frames++;
        else if (run && run.frames >= 2) break;
        else {
          glyphs = over.glyphs;
          run = {
            box: over.box,
            what: 'Text is drawn over another text',
            strength: over.share / SHARED_BOX,
            lookalike: null,
            at: i,
            frames: 1,
          };
        }
      }
      if (run && run.frames >= 2) found.push(run);
    }
  }
  return found;
}

/**
 * Text drawn over something that makes it hard to read, seen in the same place
 * in at least two sampled frames in a row (a transform or flash passing over a
 * label for an instant is not a layout fault). Two measures: what one frame
 * shows (a stroke through a line of text, two text boxes sharing much of their
 * area, a line twice as tall as its letters), and what changed since a text
 * stood alone (ink drawn over it while its own stays). The severity follows
 * the evidence (src/analyzers/evidence.ts).
 */
export function overlapIssues(ctx: AnalysisContext): IssueDraft[] {
  const perFrame = ctx.frames.map(overlapsIn);
  const candidates: Found[] = [...drawnOverRuns(ctx)];
  for (let i = 0; i + 1 < ctx.frames.length; i++) {
    for (const o of perFrame[i]) {
      if (i > 0 && perFrame[i - 1].some((p) => p.what === o.what && samePlace(p.box, o.box))) continue;
      let frames = 1;
      while (i + frames < ctx.frames.length && perFrame[i + frames].some((n) => n.what === o.what && samePlace(n.box, o.box))) frames++;
      if (frames >= 2) candidates.push({ ...o, at: i, frames });
    }
  }
  const rated = candidates.map((o) => ({ o, ...severityOf(o satisfies Evidence, 'MEDIUM') }));
  // The surest first, then the earliest; one issue per place.
  rated.sort((a, b) => (a.severity === b.severity ? a.o.at - b.o.at : a.severity === 'MEDIUM' ? -1 : 1));
  const reported: typeof rated = [];
  for (const r of rated) if (reported.length < MAX_OVERLAPS && !reported.some((p) => intersection(p.o.box, r.o.box) > 0)) reported.push(r);
  return reported
    .sort((a, b) => a.o.at - b.o.at)
    .map(({ o, severity, note }) => {
      const f = ctx.frames[o.at];
      return {
        severity,
        category: 'overlap',
        frameIndex: f.index,
        location: placeOf(o.box),
        description: `${o.what} ${placeOf(o.box)} from ${formatTimestamp(f.timestampMs)}: the text is hard to read.${note}`,
        suggestedFix:
          'Move the label clear of the other element (next_to with a buffer), or shorten or shrink it; fade out what is no longer needed.',
        region: { ...o.box },
      };
    });
}

/** "at the top left", "in the middle", ... of the frame, where a box's centre lies. */
export function placeOf(b: FrameBox): string {
  const x = (b.left + b.right) / 2;
  const y = (b.top + b.bottom) / 2;
  const row = y < 1 / 3 ? 'top' : y > 2 / 3 ? 'bottom' : '';
  const col = x < 1 / 3 ? 'left' : x > 2 / 3 ? 'right' : '';
  return row || col ? `at the ${[row, col].filter(Boolean).join(' ')}` : 'in the middle';
}

/** A line of text (several glyphs, word-shaped) whose letters are too short for its video's height, yet tall enough to be letters. */
function tooSmall(f: FrameMeasures, i: ScreenItem): boolean {
  return (
    i.text !== null &&
    i.text.glyphs >= 3 &&
    widthPx(f, i) >= 3 * heightPx(f, i) &&
    i.text.letterHeight < MIN_TEXT_HEIGHT &&
    i.text.letterHeight >= MIN_GLYPH_HEIGHT
  );
}

/**
 * Text too small to read at the video's size: a line of text whose letters
 * span less than MIN_TEXT_HEIGHT of the frame, in two sampled frames in a row (text scaling up
 * as it appears passes through small sizes); the severity follows how many
 * sampled frames in a row show it.
 */
export function smallTextIssues(ctx: AnalysisContext): IssueDraft[] {
  const { videoHeight } = ctx;
  const smallIn = (i: number) => ctx.frames[i].items.filter((t) => tooSmall(ctx.frames[i], t));
  for (let i = 0; i + 1 < ctx.frames.length; i++) {
    const f = ctx.frames[i];
    const small = smallIn(i).filter((t) => smallIn(i + 1).some((n) => samePlace(n.box, t.box)));
    if (small.length === 0) continue;
    const line = small.reduce((a, b) => (b.text!.letterHeight < a.text!.letterHeight ? b : a));
    let frames = 2;
    while (i + frames < ctx.frames.length && smallIn(i + frames).some((n) => samePlace(n.box, line.box))) frames++;
    const share = line.text!.letterHeight;
    const px = Math.round(share * videoHeight);
    const { severity, note } = severityOf({ frames, strength: MIN_TEXT_HEIGHT / share, lookalike: null }, 'MEDIUM');
    return [
      {
        severity,
        category: 'unreadable_text',
        frameIndex: f.index,
        location: placeOf(line.box),
        description: `Text ${placeOf(line.box)} from ${formatTimestamp(f.timestampMs)} is only about ${px} px tall in this ${videoHeight}p video (${(share * 100).toFixed(1)}% of the frame height): too small to read.${note}`,
        suggestedFix: `Make the text at least ${Math.ceil(MIN_TEXT_HEIGHT * videoHeight)} px tall at this resolution (in Manim, a font_size of 24 or more), or say less in larger type.`,
        region: { ...line.box },
      },
    ];
  }
  return [];
}
