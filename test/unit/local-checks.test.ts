import { describe, expect, it } from 'vitest';
import { EVAL_KINDS, KINDS, type IssueDraft, type Verdict } from '../../src/kinds';
import { LOCAL_CHECK_PREFIX, mergeLocalFindings } from '../../src/providers/local-checks';
import type { Severity } from '../../src/domain/types';
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
    const merged = mergeLocalFindings(judged, {
      score: 10,
      summary: 'x',
      issues: [draft('overlap', 2, 'other words'), draft('overlap', 3)],
    });
    expect(merged.issues.map((i) => i.frameIndex)).toEqual([2, 3]);
  });

  it('returns the judge verdict untouched when the local checks found nothing new', () => {
    expect(mergeLocalFindings(judged, { score: 100, summary: 'clean', issues: [] })).toBe(judged);
  });
});

const at = (severity: Severity, issue: IssueDraft): IssueDraft => ({ ...issue, severity });

// The trial: the judge answered one LOW prompt_injection and the merge dropped the local HIGH findings as its duplicates.
describe.each(EVAL_KINDS)('%s: the judge never lowers a local finding', (kind) => {
  const category = KINDS[kind].categories[0];
  const frame = KINDS[kind].usesFrames ? 3 : null;

  it('replaces a less severe duplicate of the judge with the local findings, which keep their severity', () => {
    const judge: Verdict = {
      score: 90,
      summary: 'Mostly fine.',
      issues: [at('LOW', draft(category, frame, 'judge words')), at('MEDIUM', draft(category, 7, 'elsewhere'))],
    };
    const local: Verdict = {
      score: 0,
      summary: 'x',
      issues: [at('HIGH', draft(category, frame, 'first rule')), at('HIGH', draft(category, frame, 'second rule'))],
    };
    const merged = mergeLocalFindings(judge, local);
    expect(merged.score).toBe(90);
    expect(merged.issues.map((i) => [i.severity, i.frameIndex, i.description])).toEqual([
      ['MEDIUM', 7, 'elsewhere'],
      ['HIGH', frame, `${LOCAL_CHECK_PREFIX}first rule`],
      ['HIGH', frame, `${LOCAL_CHECK_PREFIX}second rule`],
    ]);
    expect(merged.summary).toBe('Mostly fine. Local pre-checks added 2 findings, replacing 1 less severe finding of the judge.');
  });

  it("keeps the judge's finding when it is at least as severe", () => {
    for (const judgeSeverity of ['MEDIUM', 'HIGH'] as const) {
      const judge: Verdict = { score: 40, summary: 'Bad.', issues: [at(judgeSeverity, draft(category, frame, 'judge words'))] };
      const merged = mergeLocalFindings(judge, { score: 0, summary: 'x', issues: [at('MEDIUM', draft(category, frame, 'local words'))] });
      expect(merged).toBe(judge);
    }
  });

  it('keeps the highest severity whatever the order of the local findings', () => {
    const judge: Verdict = { score: 90, summary: 'Fine.', issues: [at('MEDIUM', draft(category, frame, 'judge words'))] };
    const merged = mergeLocalFindings(judge, {
      score: 0,
      summary: 'x',
      issues: [at('LOW', draft(category, frame, 'low rule')), at('HIGH', draft(category, frame, 'high rule'))],
    });
    expect(merged.issues.map((i) => [i.severity, i.description])).toEqual([['HIGH', `${LOCAL_CHECK_PREFIX}high rule`]]);
  });
});
