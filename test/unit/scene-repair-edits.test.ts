import { describe, expect, it } from 'vitest';
import { moveInside, shiftCall } from '../../src/scene/repair/rule-repair';

/** The geometry the repair's candidate edits are computed from (docs/fixes.md, "The edits"). */
describe('candidate edits from recorded geometry', () => {
  it('moves a box cut on the right back inside by exactly the buff, and one cut at the top down', () => {
    // 854x480 at 60 px a unit: a buff of 0.25 units is 15 px.
    expect(moveInside([700, 100, 900, 140], 854, 480, 15)).toEqual([854 - 15 - 900, 0]);
    expect(moveInside([100, -20, 300, 40], 854, 480, 15)).toEqual([0, 35]);
    expect(moveInside([100, 100, 300, 140], 854, 480, 15)).toEqual([0, 0]);
  });

  it('has no move for a box wider than the frame less its buffs: that takes a scale', () => {
    expect(moveInside([-50, 100, 830, 140], 854, 480, 15)).toBeNull();
  });

  it('writes a move in Manim directions, each part rounded up to the hundredth so the buff is kept', () => {
    expect(shiftCall(-1.271, 0)).toBe('shift(1.28 * LEFT)');
    expect(shiftCall(0.5, -0.301)).toBe('shift(0.50 * RIGHT + 0.31 * DOWN)');
    expect(shiftCall(0, 0.2)).toBe('shift(0.20 * UP)');
    expect(shiftCall(0.57, 0)).toBe('shift(0.57 * RIGHT)'); // 0.57 * 100 is 56.99999999999999 in floating point
  });
});
