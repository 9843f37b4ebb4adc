import type { IssueDraft, Verdict } from '../kinds';
import { sameIssueKey } from '../domain/judgement';

/**
 * Self-consistency over k answers to the same question: the median score, and
 * the issues a majority of answers reported (the same issue by `sameIssueKey`);
 * the first answer's wording is kept.
 */
export function consensus(verdicts: readonly Verdict[]): Verdict {
  if (verdicts.length === 1) return verdicts[0];
  const scores = verdicts.map((v) => v.score).sort((a, b) => a - b);
  const mid = Math.floor(scores.length / 2);
  const score = scores.length % 2 === 1 ? scores[mid] : (scores[mid - 1] + scores[mid]) / 2;

  const keyOf = sameIssueKey;
  const votes = new Map<string, { issue: IssueDraft; count: number }>();
  for (const verdict of verdicts) {
    for (const key of new Set(verdict.issues.map(keyOf))) {
      const issue = verdict.issues.find((i) => keyOf(i) === key)!;
      const entry = votes.get(key);
      if (entry) entry.count++;
      else votes.set(key, { issue, count: 1 });
    }
  }
  const issues = [...votes.values()].filter((v) => v.count > verdicts.length / 2).map((v) => v.issue);

  // The summary of the answer whose score is nearest the median.
  const nearest = [...verdicts].sort((a, b) => Math.abs(a.score - score) - Math.abs(b.score - score))[0];
  return { score, summary: nearest.summary, issues };
}
