import { z } from 'zod';
import { identifierProblem, MAX_URL_CHARS, textProblem } from '../src/domain/text-limits';

/**
 * The evalPipeline workflow's input, checked where it enters: clients in any
 * language may start the workflow (docs/workflow-input.md), so the workflow
 * cannot trust what it was given. Pure, so workflow code imports it.
 */

/** Adds the problem a check finds (it names the field, never echoes the value) as an issue. */
const checked = (problem: (value: string) => string | null) => (value: string | null | undefined, ctx: z.RefinementCtx) => {
  const found = value === null || value === undefined ? null : problem(value);
  if (found) ctx.addIssue({ code: 'custom', message: found });
};

const identifier = (what: string) => z.string().superRefine(checked((v) => identifierProblem(what, v)));
const text = (what: string) =>
  z
    .string()
    .nullish()
    .superRefine(checked((v) => textProblem(what, v)));

const InlineAnimationSchema = z.object({
  url: z.string().superRefine(checked((v) => identifierProblem('animation URL', v, MAX_URL_CHARS))),
  title: text('animation title'),
  description: text('animation description'),
  /** The Manim source that drew it (CLI `--source`), and the Scene subclass (`--scene`). */
  sources: z.array(z.object({ name: z.string(), content: z.string() })).nullish(),
  scene: z.string().nullish(),
});

const EvalPipelineInputSchema = z.object({
  fragmentId: identifier('fragment id'),
  projectId: identifier('project id'),
  userId: identifier('user id'),
  renderJobId: identifier('render job id').nullish(),
  /** The user's message that produced the fragment (USER_INPUT_SECURITY). */
  userInput: text('user message'),
  /** The rendered animation given inline (the CLI's file or URL); absent: the fragment is read from the fragments API. */
  animation: InlineAnimationSchema.nullish(),
  /** How often and how long to read the fragment while its animation is not rendered. */
  renderWait: z.object({ pollIntervalMs: z.number().int().positive(), limitMs: z.number().int().positive() }).nullish(),
  /** What the client cut from the texts above (src/domain/text-limits.ts), for the run's summary. */
  notes: z.array(z.string()).nullish(),
});

export type EvalPipelineInput = z.infer<typeof EvalPipelineInputSchema>;
export type InlineAnimation = z.infer<typeof InlineAnimationSchema>;

const kindOf = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`);

/** A wrong type said plainly: what was expected, and what kind of value came (never the value). */
const wording: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type'
    ? issue.input === undefined
      ? `missing (expected ${issue.expected})`
      : `expected ${issue.expected}, got ${kindOf(issue.input)}`
    : undefined;

/** Why the workflow refuses this input, naming each field at fault (`animation.url: missing (expected string)`), or null when it is well-formed. */
export function pipelineInputProblem(input: unknown): string | null {
  // jitless: zod would otherwise compile a parser with `new Function`, code generation the workflow sandbox need not allow.
  const parsed = EvalPipelineInputSchema.safeParse(input, { error: wording, jitless: true });
  if (parsed.success) return null;
  const problems = parsed.error.issues.map(
    (issue) =>
      `${issue.path.length ? issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') : 'input'}: ${issue.message}`,
  );
  return `invalid evalPipeline input: ${problems.join('; ')}`;
}
