import { z } from 'zod';
import {
  identifierProblem,
  MAX_BOUNDED_TEXT_CHARS,
  MAX_ID_CHARS,
  MAX_NOTE_CHARS,
  MAX_NOTES,
  MAX_SOURCE_BYTES,
  MAX_SOURCE_FILES,
  MAX_URL_CHARS,
  textProblem,
} from '../src/domain/text-limits';

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

const count = (n: number) => n.toLocaleString('en-US');

/**
 * Sizes, when `bounded`: what the workflow carries into its activities and history stays far below Temporal's
 * message limits whatever a client sends (a text as the TypeScript client cuts it, the sources as a fragment's).
 */
function schemaOf(bounded: boolean) {
  const upTo = (max: number) => (value: string | null | undefined, ctx: z.RefinementCtx) => {
    if (bounded && value && value.length > max)
      ctx.addIssue({ code: 'custom', message: `at most ${count(max)} characters, got ${count(value.length)}` });
  };
  const identifier = (what: string) => z.string().superRefine(checked((v) => identifierProblem(what, v)));
  const text = (what: string) =>
    z
      .string()
      .nullish()
      .superRefine(checked((v) => textProblem(what, v)))
      .superRefine(upTo(MAX_BOUNDED_TEXT_CHARS));
  const sources = z
    .array(z.object({ name: z.string().superRefine(upTo(MAX_ID_CHARS)), content: z.string() }))
    .nullish()
    .superRefine((files, ctx) => {
      // Characters, not bytes (the fragment's own bound): a workflow has no encoder it may rely on, and the bound is on size.
      const chars = (files ?? []).reduce((sum, f) => sum + (typeof f?.content === 'string' ? f.content.length : 0), 0);
      if (bounded && chars > MAX_SOURCE_BYTES)
        ctx.addIssue({ code: 'custom', message: `at most ${count(MAX_SOURCE_BYTES)} characters of source in all, got ${count(chars)}` });
    });
  const animation = z.object({
    url: z.string().superRefine(checked((v) => identifierProblem('animation URL', v, MAX_URL_CHARS))),
    title: text('animation title'),
    description: text('animation description'),
    /** The Manim source that drew it (CLI `--source`), and the Scene subclass (`--scene`). */
    sources,
    scene: z.string().superRefine(upTo(MAX_ID_CHARS)).nullish(),
  });
  return {
    animation,
    input: z.object({
      fragmentId: identifier('fragment id'),
      projectId: identifier('project id'),
      userId: identifier('user id'),
      renderJobId: identifier('render job id').nullish(),
      /** The user's message that produced the fragment (USER_INPUT_SECURITY). */
      userInput: text('user message'),
      /** The rendered animation given inline (the CLI's file or URL); absent: the fragment is read from the fragments API. */
      animation: animation.nullish(),
      /** How often and how long to read the fragment while its animation is not rendered. */
      renderWait: z.object({ pollIntervalMs: z.number().int().positive(), limitMs: z.number().int().positive() }).nullish(),
      /** What the client cut from the texts above (src/domain/text-limits.ts), for the run's summary. */
      notes: z.array(z.string().superRefine(upTo(MAX_NOTE_CHARS))).nullish(),
    }),
  };
}

const BOUNDED = schemaOf(true);
/** As runs started before the workflow bounded sizes checked their input: they replay with it. */
const UNBOUNDED = schemaOf(false);

export type EvalPipelineInput = z.infer<typeof BOUNDED.input>;
export type InlineAnimation = z.infer<typeof BOUNDED.animation>;

const kindOf = (value: unknown) =>
  value === null ? 'null' : Array.isArray(value) ? 'an array' : `${/^[aeiou]/.test(typeof value) ? 'an' : 'a'} ${typeof value}`;

/** A wrong type said plainly: what was expected, and what kind of value came (never the value). */
const wording: z.core.$ZodErrorMap = (issue) =>
  issue.code === 'invalid_type'
    ? issue.input === undefined
      ? `missing (expected ${issue.expected})`
      : `expected ${issue.expected}, got ${kindOf(issue.input)}`
    : undefined;

/**
 * The problems a refusal names, at most: the failure message stays a few hundred characters whatever the input
 * (one naming each of 300,000 bad notes passed Temporal's limit, and its workflow task was retried for ever).
 */
const MOST_PROBLEMS_NAMED = 5;

/**
 * Why the workflow refuses this input, naming the first fields at fault (`animation.url: missing (expected string)`)
 * and how many more, or null when it is well-formed; `bounded`: sizes checked too.
 */
export function pipelineInputProblem(input: unknown, bounded = true): string | null {
  const tooMany = bounded ? arraysPastBounds(input) : [];
  if (tooMany.length) return `invalid evalPipeline input: ${tooMany.join('; ')}`;
  const schema = (bounded ? BOUNDED : UNBOUNDED).input;
  let parsed: ReturnType<typeof schema.safeParse>;
  try {
    // jitless: zod would otherwise compile a parser with `new Function`, code generation the workflow sandbox need not allow.
    parsed = schema.safeParse(input, { error: wording, jitless: true });
  } catch (err) {
    // Hundreds of thousands of bad elements overflow zod's stack (an input no bound was checked against).
    if (err instanceof RangeError) return 'invalid evalPipeline input: too large to check';
    throw err;
  }
  if (parsed.success) return null;
  const issues = parsed.error.issues;
  const problems = issues
    .slice(0, MOST_PROBLEMS_NAMED)
    .map(
      (issue) =>
        `${issue.path.length ? issue.path.map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i ? '.' : ''}${String(p)}`)).join('') : 'input'}: ${issue.message}`,
    );
  const more = issues.length - problems.length;
  return `invalid evalPipeline input: ${problems.join('; ')}${more > 0 ? `; and ${count(more)} more problem${more === 1 ? '' : 's'}` : ''}`;
}

/**
 * The arrays longer than their bound, said before their elements are read: zod names every bad element, and
 * 300,000 of them overflow its stack.
 */
function arraysPastBounds(input: unknown): string[] {
  const field = (value: unknown, key: string) =>
    typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  const past = (value: unknown, max: number, path: string, what: string) =>
    Array.isArray(value) && value.length > max ? [`${path}: at most ${max} ${what}, got ${count(value.length)}`] : [];
  return [
    ...past(field(input, 'notes'), MAX_NOTES, 'notes', 'notes'),
    ...past(field(field(input, 'animation'), 'sources'), MAX_SOURCE_FILES, 'animation.sources', 'files'),
  ];
}
