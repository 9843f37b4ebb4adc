import type { IssueDraft, KindInput, Verdict } from '../../kinds';
import { scoreFromIssues, type AnalysisContext } from '../context';

/**
 * What every local scorer looks at: the kind's input (the user's text, title,
 * description, duration) and the analysis context (the sampled frames measured
 * once, the whole-video signal). A scorer owns its kind's grading; which
 * analyzers it runs and how their findings become a score is its business.
 */
export interface Evidence {
  input: KindInput;
  ctx: AnalysisContext;
}

export type LocalScorer = (evidence: Evidence, maxScore: number) => Verdict;

/** A validation kind's verdict: full marks minus the issues' penalties; `clean` is the summary when nothing was found. */
export function validationVerdict(issues: IssueDraft[], maxScore: number, clean: string): Verdict {
  const summary = issues.length === 0 ? clean : `${issues.length} issue(s): ${[...new Set(issues.map((i) => i.category))].join(', ')}.`;
  return { score: scoreFromIssues(issues, maxScore), summary, issues };
}

/** Scales a 0-1 quality to a criterion's points. */
export const points = (max: number, quality: number) => Math.round(max * Math.min(1, Math.max(0, quality)));

/** A rubric criterion's maximum, by name. */
export const criterion = (list: readonly { name: string; maxScore: number }[], name: string) => list.find((c) => c.name === name)!.maxScore;

/** The share of sampled frames that pass `test`. */
export const share = (ctx: AnalysisContext, test: (f: AnalysisContext['frames'][number]) => boolean) =>
  ctx.frames.length ? ctx.frames.filter(test).length / ctx.frames.length : 0;

/** A rubric kind's verdict: the criteria's points, each named in the summary. */
export function rubricVerdictOf(
  criteria: readonly { name: string; maxScore: number }[],
  scores: Record<string, number>,
  issues: IssueDraft[],
  why: string,
): Verdict {
  const parts = criteria.map((c) => `${c.name} ${scores[c.name]}/${c.maxScore}`);
  return { score: criteria.reduce((s, c) => s + scores[c.name], 0), summary: `${parts.join(', ')}. ${why}`.trim(), issues };
}
