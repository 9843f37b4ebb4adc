import type { Severity } from './types';

/**
 * What a judgement is made of, whoever judges (an LLM, the local analyzers, the
 * scene): what the content looks like to a kind, the issues found and the verdict.
 */

/** What a judge (LLM or local) reports for one issue, before it is stored. */
export interface IssueDraft {
  severity: Severity;
  category: string;
  frameIndex: number | null;
  /** Where in the frame, when known (for example "top-right"); the timestamp is added from the frame. */
  location: string | null;
  description: string;
  suggestedFix: string | null;
  /** Where on the frame, when the judge knows it exactly (the local analyzers do; an LLM gives `location` words). */
  region?: IssueRegion | null;
  /** Who found it: the scene's recorded geometry, the pixel analyzers, or the (LLM) judge; stored, not served by the API. */
  origin?: IssueOrigin;
}

export type IssueOrigin = 'scene' | 'pixels' | 'judge';

/** A box on the frame as fractions of its width and height, and the frame edge that cuts it, if any. */
export interface IssueRegion {
  left: number;
  top: number;
  right: number;
  bottom: number;
  edge?: 'top' | 'right' | 'bottom' | 'left';
}

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
