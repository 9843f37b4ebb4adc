import type { IssueDraft } from '../kinds';
import { formatTimestamp } from '../media/manifest';
import { hex } from './colour';
import { stretches, type AnalysisContext } from './context';
import { framesTouching, SIDES } from './edges';
import type { FrameMeasures, Side } from './frame-measures';

/** WCAG 1.4.3 / 1.4.11: 4.5:1 for text, 3:1 for large text and graphics. */
const TEXT_CONTRAST = 4.5;
const GRAPHICS_CONTRAST = 3;
/** Low contrast lasting less than this is a transition (a fade), not a design choice. */
const MIN_LOW_CONTRAST_MS = 2_000;
/** More of the frame covered than this reads as cluttered. */
const CLUTTER_COVERAGE = 0.5;
/** Content closer to an edge than this share of the frame (but not touching it) is crammed. */
const MARGIN = 0.04;

function span(run: readonly FrameMeasures[]): string {
  return run.length === 1 ? `at ${formatTimestamp(run[0].timestampMs)}` : `from ${formatTimestamp(run[0].timestampMs)} to ${formatTimestamp(run.at(-1)!.timestampMs)}`;
}

export function contrastSeverity(f: FrameMeasures): 'HIGH' | 'MEDIUM' | null {
  if (!f.foreground) return null;
  if (f.foreground.contrast < GRAPHICS_CONTRAST) return 'HIGH';
  if (f.foreground.contrast < TEXT_CONTRAST) return 'MEDIUM';
  return null;
}

/** Low contrast between the dominant content colour and the background (WCAG contrast ratio). */
export function contrastIssues(ctx: AnalysisContext): IssueDraft[] {
  // A sampled frame stands for the time until the next one.
  const spacing = ctx.frames.length > 0 ? ctx.durationMs / ctx.frames.length : 0;
  return stretches(ctx.frames, (f) => (contrastSeverity(f) ? true : null))
    // A fade-in or fade-out passes through low contrast on its way: only what stays hard to read counts.
    .filter(({ frames: run }) => run.length === ctx.frames.length || run.at(-1)!.timestampMs - run[0].timestampMs + spacing >= MIN_LOW_CONTRAST_MS)
    .map(({ frames: run }) => {
      const worst = run.reduce((a, b) => (b.foreground!.contrast < a.foreground!.contrast ? b : a));
      const { colour, contrast } = worst.foreground!;
      return {
        severity: contrastSeverity(worst)!,
        category: 'low_contrast',
        frameIndex: run[0].index,
        location: 'main content',
        description:
          `The main content colour ${hex(colour)} on the background ${hex(worst.background!.colour)} has a contrast ratio of only ${contrast.toFixed(1)}:1 ${span(run)} ` +
          `(WCAG asks for ${TEXT_CONTRAST}:1 for text, ${GRAPHICS_CONTRAST}:1 for large text and shapes): it is hard to read.`,
        suggestedFix: worst.background!.colour[0] + worst.background!.colour[1] + worst.background!.colour[2] < 384
          ? 'Use a light colour (white or a bright palette colour) for text and shapes on this dark background.'
          : 'Use a dark colour for text and shapes on this light background.',
      };
    });
}

/** Too much of the frame covered at once. */
export function clutterIssues(ctx: AnalysisContext): IssueDraft[] {
  return stretches(ctx.frames, (f) => (f.background && f.coverage > CLUTTER_COVERAGE ? true : null)).map(({ frames: run }) => {
    const worst = Math.max(...run.map((f) => f.coverage));
    return {
      severity: 'MEDIUM',
      category: 'clutter',
      frameIndex: run[0].index,
      location: 'whole frame',
      description: `Content covers ${Math.round(worst * 100)}% of the frame ${span(run)}: too much at once for the eye to know where to look.`,
      suggestedFix: 'Show fewer objects at a time (fade out what is done), or make them smaller and leave more empty space.',
    };
  });
}

function crammedSides(f: FrameMeasures, clipped: ReadonlySet<Side>): string | null {
  if (!f.box) return null;
  const near = { top: f.box.top, right: 1 - f.box.right, bottom: 1 - f.box.bottom, left: f.box.left };
  const sides = SIDES.filter((side) => near[side] < MARGIN && !f.touching.includes(side) && !clipped.has(side));
  return sides.length ? sides.join(' and ') : null;
}

/**
 * Content squeezed against a margin without touching the edge. A side where content
 * also runs off the frame is left to the clipping issue (one object, one report).
 */
export function marginIssues(ctx: AnalysisContext): IssueDraft[] {
  const clipped = new Set(SIDES.filter((side) => framesTouching(ctx, side).length > 0));
  return stretches(ctx.frames, (f) => crammedSides(f, clipped)).map(({ key: sides, frames: run }) => ({
    severity: 'LOW',
    category: 'margins',
    frameIndex: run[0].index,
    location: `${sides} margin`,
    description: `Content sits within ${Math.round(MARGIN * 100)}% of the ${sides} edge ${span(run)}: the layout feels crammed.`,
    suggestedFix: `Leave a margin of at least 5% of the frame on the ${sides} side: move the content inward or scale it down.`,
  }));
}
