import { describe, expect, it } from 'vitest';
import type { ExpectedIssue } from '../../src/calibration/labelled-set';
import {
  animationOutcome,
  cohensKappa,
  disagreements,
  figures,
  labelledVerdict,
  median,
  type JudgedAnimation,
  type JudgedIssue,
  type LabelledEntry,
} from '../../src/calibration/metrics';
import type { EvalKind, EvalRunStatus } from '../../src/domain/types';

const expected = (
  kind: EvalKind,
  category: string,
  window: [number, number] | null,
  extra: Partial<ExpectedIssue> = {},
): ExpectedIssue => ({
  kind,
  categories: [category],
  alsoAs: [],
  line: null,
  window,
  minSeverity: 'LOW',
  name: null,
  note: null,
  ...extra,
});
const entry = (key: string, expect: ExpectedIssue[]): LabelledEntry => ({ key, expect, toleranceSeconds: 1, countFrom: 'MEDIUM' });
const issue = (kind: EvalKind, category: string, severity: JudgedIssue['severity'], atS: number | null): JudgedIssue => ({
  kind,
  category,
  severity,
  atMs: atS === null ? null : atS * 1000,
});
const judged = (
  issues: JudgedIssue[],
  statuses: Partial<Record<EvalKind, EvalRunStatus>>,
  extra: Partial<JudgedAnimation> = {},
): JudgedAnimation => ({
  statuses,
  issues,
  costUsd: {},
  judgeLatencyMs: {},
  wallMs: null,
  ...extra,
});

const V = 'VISUAL_VALIDATION_JSON';
const D = 'DESIGN_VALIDATION_JSON';

/**
 * Five animations whose figures are worked out by hand:
 *   a1 clipping expected 2-4 s; a MEDIUM clipping at 2.5 s finds it (0.5 s after its start); VISUAL fails.
 *   a2 overlap expected 1-3 s, MEDIUM or worse; a LOW overlap at 2 s is too weak to find it, and under countFrom; VISUAL passes.
 *   a3 low contrast expected 0-6 s; a HIGH one at 8 s is outside the window and its 1 s tolerance: a false finding; DESIGN fails.
 *   c1 clean; a MEDIUM clipping at 1 s: a false finding on a clean animation; VISUAL fails.
 *   c2 clean; nothing; everything passes.
 */
const entries = [
  entry('a1', [expected(V, 'clipped_content', [2, 4])]),
  entry('a2', [expected(V, 'overlap', [1, 3], { minSeverity: 'MEDIUM' })]),
  entry('a3', [expected(D, 'low_contrast', [0, 6])]),
  entry('c1', []),
  entry('c2', []),
];
const runs = new Map<string, JudgedAnimation>([
  [
    'a1',
    judged(
      [issue(V, 'clipped_content', 'MEDIUM', 2.5)],
      { [V]: 'FAIL', [D]: 'PASS' },
      { costUsd: { [V]: 0.002, [D]: 0.001 }, wallMs: 4000 },
    ),
  ],
  ['a2', judged([issue(V, 'overlap', 'LOW', 2)], { [V]: 'PASS', [D]: 'PASS' }, { costUsd: { [V]: 0.002, [D]: 0.001 }, wallMs: 2000 })],
  [
    'a3',
    judged([issue(D, 'low_contrast', 'HIGH', 8)], { [V]: 'PASS', [D]: 'FAIL' }, { costUsd: { [V]: 0.002, [D]: 0.001 }, wallMs: 3000 }),
  ],
  [
    'c1',
    judged([issue(V, 'clipped_content', 'MEDIUM', 1)], { [V]: 'FAIL', [D]: 'PASS' }, { costUsd: { [V]: 0.002, [D]: 0.001 }, wallMs: 1000 }),
  ],
  ['c2', judged([], { [V]: 'PASS', [D]: 'PASS' }, { costUsd: { [V]: 0.002, [D]: 0.001 }, wallMs: 5000 })],
]);

describe("Cohen's kappa", () => {
  it('is 0.4 on the textbook table (20 both yes, 15 both no, 5 and 10 apart)', () => {
    // Observed agreement 0.7, chance 0.5 x 0.6 + 0.5 x 0.4 = 0.5: (0.7 - 0.5) / (1 - 0.5).
    expect(cohensKappa({ bothFail: 20, bothPass: 15, judgeOnlyFails: 5, labelOnlyFails: 10 })).toBeCloseTo(0.4, 10);
  });

  it('is 1 for perfect agreement, -1 for perfect disagreement, 0 when a judge fails at random at the labels’ rate', () => {
    expect(cohensKappa({ bothFail: 4, bothPass: 6, judgeOnlyFails: 0, labelOnlyFails: 0 })).toBe(1);
    expect(cohensKappa({ bothFail: 0, bothPass: 0, judgeOnlyFails: 5, labelOnlyFails: 5 })).toBe(-1);
    expect(cohensKappa({ bothFail: 1, bothPass: 1, judgeOnlyFails: 1, labelOnlyFails: 1 })).toBe(0);
  });

  it('is undefined when one rater never varies, or nothing was rated', () => {
    expect(cohensKappa({ bothFail: 0, bothPass: 7, judgeOnlyFails: 0, labelOnlyFails: 0 })).toBeNull();
    expect(cohensKappa({ bothFail: 0, bothPass: 0, judgeOnlyFails: 0, labelOnlyFails: 0 })).toBeNull();
  });
});

describe('figures of a judge against labels', () => {
  it('VISUAL_VALIDATION_JSON: recall 1/2, precision 1/2, one false finding on a clean animation, time error 0.5 s, kappa 1/6', () => {
    const f = figures(entries, runs, V);
    expect([f.expected, f.found, f.recall]).toEqual([2, 1, 0.5]);
    expect([f.trueFindings, f.falseFindings, f.precision]).toEqual([1, 1, 0.5]);
    expect([f.falseOnClean, f.cleanAnimations]).toEqual([1, 2]);
    expect(f.medianTimeErrorMs).toBe(500);
    // a1 both fail; a2 labelled to fail, passed; a3 and c2 both pass; c1 failed, labelled to pass.
    expect(f.passFail).toEqual({ bothFail: 1, bothPass: 2, judgeOnlyFails: 1, labelOnlyFails: 1 });
    // Observed 3/5, chance 0.4 x 0.4 + 0.6 x 0.6 = 0.52: (0.6 - 0.52) / 0.48.
    expect(f.kappa).toBeCloseTo(1 / 6, 10);
    expect(f.costPerAnimationUsd).toBeCloseTo(0.002, 10);
  });

  it('DESIGN_VALIDATION_JSON: the low contrast reported 2 s past its window is missed and false', () => {
    const f = figures(entries, runs, D);
    expect([f.expected, f.found, f.recall]).toEqual([1, 0, 0]);
    expect([f.trueFindings, f.falseFindings, f.precision]).toEqual([0, 1, 0]);
    expect(f.falseOnClean).toBe(0);
    expect(f.medianTimeErrorMs).toBeNull();
    // a3 labelled to fail and failed; the four others pass on both sides: kappa 1.
    expect(f.passFail).toEqual({ bothFail: 1, bothPass: 4, judgeOnlyFails: 0, labelOnlyFails: 0 });
    expect(f.kappa).toBe(1);
  });

  it('overall: every kind pooled, latency the median wall time, cost summed per animation', () => {
    const f = figures(entries, runs, null);
    expect([f.expected, f.found]).toEqual([3, 1]);
    expect(f.recall).toBeCloseTo(1 / 3, 10);
    expect([f.trueFindings, f.falseFindings, f.falseOnClean]).toEqual([1, 2, 1]);
    expect(f.medianLatencyMs).toBe(3000);
    expect(f.costPerAnimationUsd).toBeCloseTo(0.003, 10);
    // USER_INPUT_SECURITY and the rubrics were not judged: they count in no table.
    expect(f.passFail).toEqual({ bothFail: 2, bothPass: 6, judgeOnlyFails: 1, labelOnlyFails: 1 });
  });

  it('leaves out animations not judged yet, and errors from pass/fail', () => {
    const partial = new Map([['a1', judged([], { [V]: 'ERROR' })]]);
    const f = figures(entries, partial, V);
    expect([f.expected, f.found, f.errors, f.cleanAnimations]).toEqual([1, 0, 1, 0]);
    expect(f.passFail).toEqual({ bothFail: 0, bothPass: 0, judgeOnlyFails: 0, labelOnlyFails: 0 });
    expect(f.kappa).toBeNull();
  });
});

describe('matching issues to labels', () => {
  it('counts an issue of an alternative kind and category as finding the expected issue, and leaves that kind’s verdict to the judge', () => {
    const tiny = entry('t', [expected(V, 'unreadable_text', [1, 6], { alsoAs: [{ kind: D, categories: ['typography'] }] })]);
    const outcome = animationOutcome(tiny, [issue(D, 'typography', 'MEDIUM', 1.2)]);
    expect(outcome.expected.map((e) => [e.found, e.timeErrorMs])).toEqual([[true, 200]]);
    expect(outcome.falseFindings).toEqual([]);
    expect(labelledVerdict(tiny, V)).toBe('FAIL');
    expect(labelledVerdict(tiny, D)).toBeNull();
    expect(labelledVerdict(tiny, 'ENGAGEMENT_RUBRIC_JSON')).toBe('PASS');
  });

  it('takes the tolerance on both sides of the window, and an issue with no time finds nothing', () => {
    const e = entry('w', [expected(V, 'flashing', [2, 3])]);
    expect(animationOutcome(e, [issue(V, 'flashing', 'HIGH', 1)]).expected[0].found).toBe(true);
    expect(animationOutcome(e, [issue(V, 'flashing', 'HIGH', 4)]).expected[0].found).toBe(true);
    expect(animationOutcome(e, [issue(V, 'flashing', 'HIGH', 4.1)]).expected[0].found).toBe(false);
    expect(animationOutcome(e, [issue(V, 'flashing', 'HIGH', null)]).expected[0].found).toBe(false);
  });

  it('finds an expected issue without a window (the user’s message) by kind, category and severity alone, with no time error', () => {
    const e = entry('u', [expected('USER_INPUT_SECURITY', 'prompt_injection', null, { minSeverity: 'HIGH' })]);
    expect(animationOutcome(e, [issue('USER_INPUT_SECURITY', 'prompt_injection', 'HIGH', null)]).expected).toEqual([
      { issue: e.expect[0], found: true, timeErrorMs: null },
    ]);
    expect(animationOutcome(e, [issue('USER_INPUT_SECURITY', 'prompt_injection', 'MEDIUM', null)]).expected[0].found).toBe(false);
  });

  it('takes the nearest finding issue for the time error, and the median of an even count halfway', () => {
    const e = entry('m', [expected(V, 'blank_frame', [3, 5])]);
    expect(animationOutcome(e, [issue(V, 'blank_frame', 'HIGH', 4.5), issue(V, 'blank_frame', 'HIGH', 3.2)]).expected[0].timeErrorMs).toBe(
      200,
    );
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('disagreements between configurations', () => {
  it('lists the animation kinds whose verdict, expected issues found or false findings differ, and nothing else', () => {
    const other = new Map(runs);
    other.set('a2', judged([issue(V, 'overlap', 'MEDIUM', 2)], { [V]: 'FAIL', [D]: 'PASS' }));
    const found = disagreements(entries, [runs, other]);
    expect(found.map((d) => [d.key, d.kind, d.labelled])).toEqual([['a2', V, 'FAIL']]);
    expect(found[0].outcomes.map((o) => [o.status, o.found])).toEqual([
      ['PASS', []],
      ['FAIL', [`${V} overlap #1`]],
    ]);
    expect(disagreements(entries, [runs])).toEqual([]);
  });
});
