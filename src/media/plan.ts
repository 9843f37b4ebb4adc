/**
 * The frame plan: which decoded frames (by position in presentation order) a
 * pipeline run keeps. Pure, so it is the same on every worker and every retry.
 */

/** At most `max` frame positions spread evenly over `frameCount` frames, first and last included. */
export function evenlySpaced(frameCount: number, max: number): number[] {
  const count = Math.min(max, frameCount);
  if (count <= 1) return [0];
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * (frameCount - 1)) / (count - 1))))];
}

/**
 * Evenly spaced picks plus scene-change picks, cut down to `max`: while too many,
 * drop the interior pick closest to its neighbours, evenly spaced ones before
 * scene changes, so new content keeps its frame and coverage stays even.
 */
export function mergePlan(even: readonly number[], scenes: readonly number[], max: number): number[] {
  const sceneSet = new Set(scenes);
  const picks = [...new Set([...even, ...scenes])].sort((a, b) => a - b);
  while (picks.length > max && picks.length > 2) {
    let drop = -1;
    let best = Infinity;
    for (let i = 1; i < picks.length - 1; i++) {
      // Scene picks only go once no evenly spaced pick is left to drop.
      const cost = picks[i + 1] - picks[i - 1] + (sceneSet.has(picks[i]) ? 1e12 : 0);
      if (cost < best) {
        best = cost;
        drop = i;
      }
    }
    picks.splice(drop, 1);
  }
  return picks.slice(0, max);
}

export interface KeyframeGroup {
  /** Frame positions to extract, ascending, all decodable from the same keyframe. */
  targets: number[];
}

/** Splits sorted target positions by the keyframe interval that holds them. */
export function groupByKeyframe(targets: readonly number[], keyframes: readonly number[]): KeyframeGroup[] {
  const groups = new Map<number, number[]>();
  for (const t of targets) {
    let key = 0;
    for (const k of keyframes) {
      if (k > t) break;
      key = k;
    }
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()].map((g) => ({ targets: g }));
}
