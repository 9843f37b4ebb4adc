import { z } from 'zod';
import type { LocalScorer } from '../analyzers/scoring';
import type { KindInput, Verdict } from '../domain/judgement';
import type { EvalKind } from '../domain/types';
import { SEVERITIES } from '../domain/types';

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
  /** A rubric kind's criteria (its answer scores each one); absent for a kind answering with one overall score. */
  criteria?: readonly Criterion[];
  usesFrames: boolean;
  /**
   * Judged from every decoded frame, not only the sampled ones (flashing, blank
   * stretches, pacing): extraction measures the whole-video signal when an enabled
   * kind uses it, and the kind's judge is given it.
   */
  usesVideoSignal: boolean;
  /** Why this kind does not apply to the input (then the run is SKIPPED), or null. */
  skipReason(input: KindInput): string | null;
  /** The task for the judge; sent after the fenced content. */
  instructions: string;
  /** What the local layers found in this input, told to an LLM judge after the task; absent when the kind has nothing to tell. */
  localNote?(input: KindInput): string;
  /** The category of an attempt, inside the evaluated content, to steer the judge. */
  manipulationCategory: string;
  /**
   * The zod schema of the answer, bounded by what was shown (frame indices): the
   * strict JSON Schema sent to the judge is generated from it, so the judge is
   * offered exactly what the validator accepts.
   */
  answerSchema(frameIndices: readonly number[]): z.ZodType<Answer>;
  toVerdict(answer: Answer): Verdict;
  /** The local judge of this kind: the analyzers' evidence (its input, the measured frames, the signal) to a verdict, no network. */
  localScorer: LocalScorer;
  /**
   * Its local scorer reads the recorded scene itself (when it plays, its findings), where a rubric's criteria
   * depend on it; otherwise the scene's findings are merged over the verdict (src/scene/judge.ts).
   */
  readsScene?: boolean;
}

export interface FrameVision {
  width: number;
  detail: 'low' | 'high' | 'auto';
}

/**
 * How frames are shown to an LLM judge, the same for every frame kind: their
 * requests then share one byte-identical prefix (rules, fenced frames) that the
 * endpoint caches, so the frames are paid for in full once per pipeline run.
 * At 512 px, low detail already shows the whole image at full size.
 */
export const FRAME_VISION: FrameVision = { width: 512, detail: 'low' };

/** Strings the judge must fill in: empty ones are re-asked (a refinement, so the JSON schema stays in the strict subset). */
const text = () => z.string().refine((s) => s.trim() !== '', 'must not be empty');

/** A frame index the judge may name: one of the frames shown, or null (always null when none were shown). */
function frameIndexSchema(frameIndices: readonly number[]) {
  if (frameIndices.length === 0) return z.null().describe('always null: no frames were shown');
  const shown = `frames shown: ${frameIndices.join(', ')}`;
  return z
    .literal(frameIndices, { error: (issue) => `frameIndex ${JSON.stringify(issue.input)} names no frame (${shown})` })
    .nullable()
    .describe('index of the labelled frame where the issue is most visible, or null when no single frame shows it');
}

export function issueSchema(categories: readonly [string, ...string[]], frameIndices: readonly number[]) {
  return z
    .object({
      severity: z.enum(SEVERITIES).describe('HIGH: makes the animation unusable or unsafe; MEDIUM: clearly hurts it; LOW: polish'),
      category: z.enum(categories),
      frameIndex: frameIndexSchema(frameIndices),
      location: z.string().nullable().describe('where in the frame, e.g. "top-right" or "formula at the bottom", or null'),
      description: text().describe('what is wrong, concretely enough to find and fix it'),
      suggestedFix: z.string().nullable().describe('how to fix it in the animation, or null'),
    })
    .strict();
}

/** Answer of the validation kinds: one overall score plus issues. */
export function scoredAnswerSchema(maxScore: number, categories: readonly [string, ...string[]], frameIndices: readonly number[]) {
  return z
    .object({
      score: z.number().min(0).max(maxScore).describe(`overall score from 0 (worst) to ${maxScore} (best)`),
      summary: text().describe('one or two sentences'),
      issues: z.array(issueSchema(categories, frameIndices)),
    })
    .strict();
}
export type ScoredAnswer = z.infer<ReturnType<typeof scoredAnswerSchema>>;

/**
 * Answer of the rubric kinds: one property per named criterion, so the schema
 * itself demands every criterion exactly once; the total is the score.
 */
export function rubricAnswerSchema(
  criteria: readonly Criterion[],
  categories: readonly [string, ...string[]],
  frameIndices: readonly number[],
) {
  const scores = Object.fromEntries(
    criteria.map((c) => [
      c.name,
      z.object({ score: z.number().min(0).max(c.maxScore).describe(`0 to ${c.maxScore}`), reason: text() }).strict(),
    ]),
  );
  return z
    .object({
      criteria: z.object(scores).strict(),
      summary: text().describe('one or two sentences'),
      issues: z.array(issueSchema(categories, frameIndices)),
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

/** Each criterion clamped to its own maximum; the summary ends with the score per criterion. */
export function rubricVerdict(criteria: readonly Criterion[], answer: RubricAnswer): Verdict {
  const scores = criteria.map((c) => ({
    name: c.name,
    max: c.maxScore,
    score: Math.min(Math.max(answer.criteria[c.name]?.score ?? 0, 0), c.maxScore),
  }));
  const breakdown = scores.map((c) => `${c.name} ${Math.round(c.score)}/${c.max}`).join(', ');
  return {
    score: scores.reduce((sum, c) => sum + c.score, 0),
    summary: `${answer.summary.trim()} (${breakdown})`,
    issues: answer.issues,
  };
}

export function rubricInstructions(criteria: readonly Criterion[]): string {
  return criteria.map((c) => `- ${c.name} (0-${c.maxScore}): ${c.describes}`).join('\n');
}

export const frameKindSkip = (input: KindInput): string | null => (input.frameCount === 0 ? 'no frames were extracted' : null);

/**
 * What every rubric kind defines alike: judged on the frames and the whole-video signal, scored per criterion,
 * with the judge's attempts to steer its own verdict as `judge_manipulation`.
 */
export function rubricKind<const Categories extends readonly [string, ...string[]]>(
  criteria: readonly Criterion[],
  categories: Categories,
) {
  return {
    maxScore: criteriaTotal(criteria),
    categories,
    criteria,
    usesFrames: true,
    usesVideoSignal: true,
    skipReason: frameKindSkip,
    manipulationCategory: 'judge_manipulation',
    answerSchema: (frameIndices: readonly number[]) => rubricAnswerSchema(criteria, categories, frameIndices),
    toVerdict: (answer: RubricAnswer) => rubricVerdict(criteria, answer),
  } as const;
}
