import { EVAL_KINDS, SEVERITIES, type EvalKind, type EvalRunStatus, type Severity } from '../domain/types';
import type { ExpectedIssue, LabelledSet } from './labelled-set';

/**
 * How a judge did against a labelled set: pure arithmetic over what it found
 * and what the labels say, the same for every judge and configuration
 * (docs/calibration.md, "Metrics").
 */

/** A labelled animation as the metrics read it: its expected issues and its set's rules; `key` is unique across the sets calibrated together. */
export interface LabelledEntry extends Pick<LabelledSet, 'toleranceSeconds' | 'countFrom'> {
  key: string;
  /** Empty: clean. */
  expect: ExpectedIssue[];
}

/** An issue a judge reported, placed in time (null: it names no time). */
export interface JudgedIssue {
  kind: EvalKind;
  category: string;
  severity: Severity;
  atMs: number | null;
}

/** One configuration's pipeline run of one labelled animation. */
export interface JudgedAnimation {
  /** The status each kind ended with. */
  statuses: Partial<Record<EvalKind, EvalRunStatus>>;
  issues: JudgedIssue[];
  /** Estimated judge cost per kind, where the judge reported one. */
  costUsd: Partial<Record<EvalKind, number | null>>;
  /** The judge's own latency per kind, where recorded (LLM calls). */
  judgeLatencyMs: Partial<Record<EvalKind, number | null>>;
  /** The pipeline run's wall time, creation to end. */
  wallMs: number | null;
}

/** Pass/fail against the labels, counted over (animation, kind) pairs the judge passed or failed. */
export interface PassFailTable {
  /** Labelled to fail, and failed. */
  bothFail: number;
  /** Labelled to pass, and passed. */
  bothPass: number;
  /** Labelled to pass, but failed. */
  judgeOnlyFails: number;
  /** Labelled to fail, but passed. */
  labelOnlyFails: number;
}

export interface Figures {
  expected: number;
  found: number;
  recall: number | null;
  trueFindings: number;
  falseFindings: number;
  precision: number | null;
  falseOnClean: number;
  cleanAnimations: number;
  medianTimeErrorMs: number | null;
  passFail: PassFailTable;
  kappa: number | null;
  /** Kinds that ended ERROR (not counted in pass/fail). */
  errors: number;
  costPerAnimationUsd: number | null;
  /** Per kind: the judge's median latency; overall: the pipeline's median wall time. */
  medianLatencyMs: number | null;
}

/** What one animation's issues found, and what they got wrong. */
export interface AnimationOutcome<I extends JudgedIssue = JudgedIssue> {
  /** Per expected issue (in the labels' order): whether an issue found it, and how far from its start. */
  expected: { issue: ExpectedIssue; found: boolean; timeErrorMs: number | null }[];
  /** Issues that found no expected issue and count (at or above the set's countFrom). */
  falseFindings: I[];
  /** Issues that found an expected issue. */
  trueFindings: I[];
}

const RANK: Record<Severity, number> = Object.fromEntries(SEVERITIES.map((s, i) => [s, i])) as Record<Severity, number>;
export const atLeast = (severity: Severity, floor: Severity) => RANK[severity] >= RANK[floor];

/** Whether an issue is of an expected one's kind and category (or one it is also known as), whatever its severity and time. */
export const names = (issue: Pick<JudgedIssue, 'kind' | 'category'>, expected: ExpectedIssue) =>
  [expected, ...expected.alsoAs].some((k) => k.kind === issue.kind && k.categories.includes(issue.category));

/** Whether an issue finds an expected one: its kind and category among the expected ones, severe enough, inside the window (with the tolerance) when it has one. */
export function finds(issue: JudgedIssue, expected: ExpectedIssue, toleranceSeconds: number): boolean {
  if (!names(issue, expected) || !atLeast(issue.severity, expected.minSeverity)) return false;
  if (expected.window === null) return true;
  const [from, to] = expected.window;
  return issue.atMs !== null && issue.atMs >= (from - toleranceSeconds) * 1000 && issue.atMs <= (to + toleranceSeconds) * 1000;
}

export function animationOutcome<I extends JudgedIssue>(labels: LabelledEntry, issues: readonly I[]): AnimationOutcome<I> {
  const expected = labels.expect.map((issue) => {
    const finding = issues.filter((i) => finds(i, issue, labels.toleranceSeconds));
    const window = issue.window;
    const errors = window ? finding.map((i) => Math.abs(i.atMs! - window[0] * 1000)) : [];
    return { issue, found: finding.length > 0, timeErrorMs: errors.length ? Math.min(...errors) : null };
  });
  const isTrue = (i: JudgedIssue) => labels.expect.some((e) => finds(i, e, labels.toleranceSeconds));
  return {
    expected,
    trueFindings: issues.filter(isTrue),
    falseFindings: issues.filter((i) => !isTrue(i) && atLeast(i.severity, labels.countFrom)),
  };
}

/** What the labels say a kind's verdict should be: FAIL with an expected issue of its own, PASS with none, null when only another kind's issue may be reported in it. */
export function labelledVerdict(labels: Pick<LabelledEntry, 'expect'>, kind: EvalKind): 'PASS' | 'FAIL' | null {
  if (labels.expect.some((e) => e.kind === kind)) return 'FAIL';
  if (labels.expect.some((e) => e.alsoAs.some((k) => k.kind === kind))) return null;
  return 'PASS';
}

/** Cohen's kappa of two raters' pass/fail: agreement beyond what their own rates of failing would give by chance; null when chance explains everything (one rater never varies). */
export function cohensKappa(t: PassFailTable): number | null {
  const n = t.bothFail + t.bothPass + t.judgeOnlyFails + t.labelOnlyFails;
  if (n === 0) return null;
  const observed = (t.bothFail + t.bothPass) / n;
  const judgeFails = (t.bothFail + t.judgeOnlyFails) / n;
  const labelFails = (t.bothFail + t.labelOnlyFails) / n;
  const chance = judgeFails * labelFails + (1 - judgeFails) * (1 - labelFails);
  return chance === 1 ? null : (observed - chance) / (1 - chance);
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const ratio = (part: number, whole: number) => (whole === 0 ? null : part / whole);

/**
 * The figures of one configuration over labelled animations: per kind, and
 * overall (every kind together, `kind` null). Animations missing from
 * `judged` (by key: not judged yet) are left out.
 */
export function figures(entries: readonly LabelledEntry[], judged: ReadonlyMap<string, JudgedAnimation>, kind: EvalKind | null): Figures {
  const kinds = kind === null ? EVAL_KINDS : [kind];
  const ofKind = <T extends { kind: EvalKind }>(xs: readonly T[]) => xs.filter((x) => kinds.includes(x.kind));
  let expected = 0;
  let found = 0;
  let trueFindings = 0;
  let falseFindings = 0;
  let falseOnClean = 0;
  let cleanAnimations = 0;
  let errors = 0;
  let costTotal = 0;
  let costed = 0;
  let animations = 0;
  const timeErrors: number[] = [];
  const latencies: number[] = [];
  const passFail: PassFailTable = { bothFail: 0, bothPass: 0, judgeOnlyFails: 0, labelOnlyFails: 0 };
  for (const labels of entries) {
    const run = judged.get(labels.key);
    if (!run) continue;
    animations++;
    const outcome = animationOutcome(labels, run.issues);
    const own = outcome.expected.filter((e) => kinds.includes(e.issue.kind));
    expected += own.length;
    found += own.filter((e) => e.found).length;
    for (const e of own) if (e.timeErrorMs !== null) timeErrors.push(e.timeErrorMs);
    trueFindings += ofKind(outcome.trueFindings).length;
    falseFindings += ofKind(outcome.falseFindings).length;
    if (labels.expect.length === 0) {
      cleanAnimations++;
      falseOnClean += ofKind(outcome.falseFindings).length;
    }
    for (const k of kinds) {
      const status = run.statuses[k];
      if (status === 'ERROR') errors++;
      const label = labelledVerdict(labels, k);
      if ((status !== 'PASS' && status !== 'FAIL') || label === null) continue;
      if (label === 'FAIL') passFail[status === 'FAIL' ? 'bothFail' : 'labelOnlyFails']++;
      else passFail[status === 'FAIL' ? 'judgeOnlyFails' : 'bothPass']++;
    }
    const costs = kinds.map((k) => run.costUsd[k]).filter((c): c is number => typeof c === 'number');
    if (costs.length) {
      costTotal += costs.reduce((a, b) => a + b, 0);
      costed++;
    }
    if (kind === null) {
      if (run.wallMs !== null) latencies.push(run.wallMs);
    } else if (typeof run.judgeLatencyMs[kind] === 'number') latencies.push(run.judgeLatencyMs[kind]!);
  }
  return {
    expected,
    found,
    recall: ratio(found, expected),
    trueFindings,
    falseFindings,
    precision: ratio(trueFindings, trueFindings + falseFindings),
    falseOnClean,
    cleanAnimations,
    medianTimeErrorMs: median(timeErrors),
    passFail,
    kappa: cohensKappa(passFail),
    errors,
    costPerAnimationUsd: costed === 0 ? null : costTotal / animations,
    medianLatencyMs: median(latencies),
  };
}

/** How one configuration did on one animation and kind, in the terms configurations are compared by. */
export interface KindOutcome {
  status: EvalRunStatus | null;
  /** Names of the expected issues of this kind it found. */
  found: string[];
  falseFindings: JudgedIssue[];
}

export interface Disagreement {
  key: string;
  kind: EvalKind;
  /** Per configuration, in the order given. */
  outcomes: KindOutcome[];
  /** What the labels say the kind's verdict should be (null: either). */
  labelled: 'PASS' | 'FAIL' | null;
}

/** How an expected issue is shown: its name, else its kind and categories. */
export const expectedName = (e: ExpectedIssue, i: number) => e.name ?? `${e.kind} ${e.categories.join('/')} #${i + 1}`;

/**
 * The animations and kinds on which configurations disagree: another verdict,
 * another expected issue found, or another false finding (by category).
 */
export function disagreements(entries: readonly LabelledEntry[], runs: readonly ReadonlyMap<string, JudgedAnimation>[]): Disagreement[] {
  if (runs.length < 2) return [];
  const out: Disagreement[] = [];
  for (const labels of entries) {
    const judged = runs.map((r) => r.get(labels.key));
    if (judged.some((j) => !j)) continue;
    const outcomes = judged.map((j) => animationOutcome(labels, j!.issues));
    for (const kind of EVAL_KINDS) {
      const perConfig: KindOutcome[] = judged.map((j, c) => ({
        status: j!.statuses[kind] ?? null,
        found: outcomes[c].expected
          .map((e, i) => (e.issue.kind === kind && e.found ? expectedName(e.issue, i) : null))
          .filter((n): n is string => n !== null),
        falseFindings: outcomes[c].falseFindings.filter((i) => i.kind === kind),
      }));
      const key = (o: KindOutcome) => JSON.stringify([o.status, o.found, [...new Set(o.falseFindings.map((i) => i.category))].sort()]);
      if (new Set(perConfig.map(key)).size > 1)
        out.push({ key: labels.key, kind, outcomes: perConfig, labelled: labelledVerdict(labels, kind) });
    }
  }
  return out;
}
