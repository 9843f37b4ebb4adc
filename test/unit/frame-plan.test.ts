import { describe, expect, it } from 'vitest';
import { evenlySpaced, groupByKeyframe, mergePlan } from '../../src/media/plan';

describe('frame plan', () => {
  it('spreads picks evenly with first and last frame, capped', () => {
    expect(evenlySpaced(1, 16)).toEqual([0]);
    expect(evenlySpaced(5, 16)).toEqual([0, 1, 2, 3, 4]);
    expect(evenlySpaced(100, 5)).toEqual([0, 25, 50, 74, 99]);
  });

  it('keeps scene changes within the cap by dropping the most crowded evenly spaced picks', () => {
    const even = evenlySpaced(100, 5);
    expect(mergePlan(even, [30], 5)).toEqual([0, 30, 50, 74, 99]);
    expect(mergePlan(even, [30, 60], 5)).toEqual([0, 30, 60, 74, 99]);
    // More scene changes than room: first and last stay, the cap holds.
    const crowded = mergePlan(even, [10, 20, 30, 40, 60, 70, 80], 5);
    expect(crowded).toHaveLength(5);
    expect(crowded[0]).toBe(0);
    expect(crowded.at(-1)).toBe(99);
  });

  it('groups targets by the keyframe interval that holds them', () => {
    expect(groupByKeyframe([0, 10, 30, 260, 499], [0, 250, 480]).map((g) => g.targets)).toEqual([[0, 10, 30], [260], [499]]);
  });
});
