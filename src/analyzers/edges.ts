import type { IssueDraft } from '../kinds';
import { formatTimestamp } from '../media/manifest';
import type { AnalysisContext } from './context';
import type { FrameMeasures, Side } from './frame-measures';

export const SIDES: readonly Side[] = ['top', 'right', 'bottom', 'left'];

/** The sampled frames in which content touches one edge. */
export function framesTouching(ctx: AnalysisContext, side: Side): FrameMeasures[] {
  return ctx.frames.filter((f) => f.touching.includes(side));
}

/**
 * Content touching the frame edge: clipped or sliding out of view. One issue per
 * edge, pointing at the first frame it happens in.
 */
export function edgeIssues(ctx: AnalysisContext): IssueDraft[] {
  return SIDES.flatMap((side) => {
    const touching = framesTouching(ctx, side);
    if (touching.length === 0) return [];
    const first = touching[0];
    const last = touching.at(-1)!;
    const when = touching.length === 1
      ? `at ${formatTimestamp(first.timestampMs)}`
      : `from ${formatTimestamp(first.timestampMs)} (${touching.length} of ${ctx.frames.length} sampled frames, the last at ${formatTimestamp(last.timestampMs)})`;
    return [{
      severity: 'MEDIUM' as const,
      category: 'clipped_content',
      frameIndex: first.index,
      location: `${side} edge`,
      description: `Content runs into the ${side} edge of the frame ${when}: part of it is cut off or slides out of view.`,
      suggestedFix: `Keep every object at least 5% of the frame away from the ${side} edge: move or scale the group, or shorten the text.`,
    }];
  });
}
