import { expect, it } from 'vitest';
import { axisSeconds } from '../../src/report/timeline';

it("the report's time axis labels round seconds from 0, at most 10 intervals, never past the end", () => {
  expect(axisSeconds(6_000)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  expect(axisSeconds(8_400)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  expect(axisSeconds(10_000)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  expect(axisSeconds(10_001)).toEqual([0, 2, 4, 6, 8, 10]);
  expect(axisSeconds(400)).toEqual([0, 0.1, 0.2, 0.3, 0.4]);
  expect(axisSeconds(59_900)).toEqual([0, 10, 20, 30, 40, 50]);
  expect(axisSeconds(600_000)).toEqual([0, 60, 120, 180, 240, 300, 360, 420, 480, 540, 600]);
});
