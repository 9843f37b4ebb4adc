import type { IssueDraft } from './issue';

/**
 * What a judgement is made of, whoever judges (an LLM, the local analyzers, the
 * scene): what the content looks like to a kind, the issues found and the verdict.
 */

export type { IssueDraft, IssueOrigin, IssueRegion, NormalizedIssue } from './issue';

/**
 * Two judges (or two answers of one) report "the same" issue when category and
 * frame agree: their wording rarely does.
 */
export function sameIssueKey(issue: Pick<IssueDraft, 'category' | 'frameIndex'>): string {
  return `${issue.category}|${issue.frameIndex ?? '-'}`;
}

export interface Verdict {
  score: number;
  summary: string;
  issues: IssueDraft[];
}

/** What the content under evaluation looks like to a kind. */
export interface KindInput {
  userInput: string | null;
  title: string | null;
  description: string | null;
  durationMs: number | null;
  frameCount: number;
}
