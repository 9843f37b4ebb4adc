import { z } from 'zod';
import type { EvalKind, Severity } from './types';
import { SEVERITIES } from './types';

/** What a judge (LLM or local) reports for one issue, before it is stored. */
export interface IssueDraft {
  severity: Severity;
  category: string;
  frameIndex: number | null;
  /** Where in the frame, when known (for example "top-right"); the timestamp is added from the frame. */
  location: string | null;
  description: string;
  suggestedFix: string | null;
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

/**
 * Everything about one eval kind in one place: the versioned prompt, the fixed
 * issue categories, maxScore and pass threshold, the zod schema of the judge's
 * answer, and how that answer maps to a score and issues.
 */
export interface KindDefinition<Answer = unknown> {
  kind: EvalKind;
  promptVersion: string;
  maxScore: number;
  passThreshold: number;
  categories: readonly string[];
  usesFrames: boolean;
  /** Why this kind does not apply to the input (then the run is SKIPPED), or null. */
  skipReason(input: KindInput): string | null;
  /** The task for the judge; sent after the fenced content. */
  instructions: string;
  answerSchema: z.ZodType<Answer>;
  toVerdict(answer: Answer): Verdict;
}

export function issueSchema(categories: readonly [string, ...string[]]) {
  return z
    .object({
      severity: z.enum(SEVERITIES),
      category: z.enum(categories),
      frameIndex: z.number().int().nullable(),
      location: z.string().nullable(),
      description: z.string().min(1),
      suggestedFix: z.string().nullable(),
    })
    .strict();
}

/** Answer of the validation kinds: one overall score plus issues. */
export function scoredAnswerSchema(categories: readonly [string, ...string[]]) {
  return z
    .object({
      score: z.number(),
      summary: z.string(),
      issues: z.array(issueSchema(categories)),
    })
    .strict();
}
export type ScoredAnswer = z.infer<ReturnType<typeof scoredAnswerSchema>>;

/** Answer of the rubric kinds: a score per named criterion (the total is the score) plus issues. */
export function rubricAnswerSchema(criteria: readonly [string, ...string[]], categories: readonly [string, ...string[]]) {
  return z
    .object({
      criteria: z.array(z.object({ name: z.enum(criteria), score: z.number(), reason: z.string() }).strict()),
      summary: z.string(),
      issues: z.array(issueSchema(categories)),
    })
    .strict();
}
export type RubricAnswer = z.infer<ReturnType<typeof rubricAnswerSchema>>;

export interface Criterion {
  name: string;
  maxScore: number;
  describes: string;
}

export function criteriaTotal(criteria: readonly Criterion[]): number {
  return criteria.reduce((sum, c) => sum + c.maxScore, 0);
}

/** Each criterion clamped to its own maximum; missing criteria count zero. */
export function rubricVerdict(criteria: readonly Criterion[], answer: RubricAnswer): Verdict {
  const score = criteria.reduce((sum, c) => {
    const given = answer.criteria.find((a) => a.name === c.name);
    return sum + (given ? Math.min(Math.max(given.score, 0), c.maxScore) : 0);
  }, 0);
  return { score, summary: answer.summary, issues: answer.issues };
}

export function rubricInstructions(criteria: readonly Criterion[]): string {
  return criteria.map((c) => `- ${c.name} (0-${c.maxScore}): ${c.describes}`).join('\n');
}

export const frameKindSkip = (input: KindInput): string | null => (input.frameCount === 0 ? 'no frames were extracted' : null);
