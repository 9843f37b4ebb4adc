import { describe, expect, it } from 'vitest';
import type { Verdict } from '../../src/kinds';
import { LOCAL_CHECK_PREFIX, mergeLocalFindings } from '../../src/providers/local-checks';
import { draft } from '../helpers/issues';


describe('mergeLocalFindings', () => {
  const judged: Verdict = { score: 88, summary: 'Looks fine.', issues: [draft('overlap', 2)] };

  it('keeps the judge score and adds local findings marked as such', () => {
    const merged = mergeLocalFindings(judged, { score: 10, summary: 'x', issues: [draft('flashing', 4, 'Flashes 5 times.')] });
    expect(merged.score).toBe(88);
    expect(merged.issues).toHaveLength(2);
    expect(merged.issues[1].description).toBe(`${LOCAL_CHECK_PREFIX}Flashes 5 times.`);
    expect(merged.summary).toBe('Looks fine. Local pre-checks added 1 finding.');
  });

  it('drops a local finding the judge already reported on the same frame', () => {
    const merged = mergeLocalFindings(judged, { score: 10, summary: 'x', issues: [draft('overlap', 2, 'other words'), draft('overlap', 3)] });
    expect(merged.issues.map((i) => i.frameIndex)).toEqual([2, 3]);
  });

  it('returns the judge verdict untouched when the local checks found nothing new', () => {
    expect(mergeLocalFindings(judged, { score: 100, summary: 'clean', issues: [] })).toBe(judged);
  });
});
