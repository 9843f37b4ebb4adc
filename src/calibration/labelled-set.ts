import path from 'node:path';
import { z } from 'zod';
import { identifierProblem, MAX_URL_CHARS, textProblem } from '../domain/text-limits';
import { EVAL_KINDS, SEVERITIES, type EvalKind, type Severity } from '../domain/types';
import { isSceneClassName } from '../fragments/scene-sources';
import { readLocalJson } from '../infra/local-file';
import { KINDS } from '../kinds';

/**
 * Labelled sets: animations with what a person says is wrong in them (or that
 * nothing is), the data every measure of a judge is taken against: `evals
 * calibrate`, the benches, the corpus tests, and `evals labels export`, which
 * writes one from reviewed runs. The format is documented in
 * docs/calibration.md; it is JSON, versioned, and validated here with the JSON
 * path of every field at fault.
 */

export const LABELLED_SET_FORMAT = 'evals-labelled-set';
export const LABELLED_SET_VERSION = 1;
/** Labels and paths, not media: the committed sets are tens of KB. */
export const LABELLED_SET_MAX_BYTES = 16 * 1024 * 1024;

/** A kind and the categories of it that report one expected issue. */
export interface KindCategories {
  kind: EvalKind;
  categories: string[];
}

export interface ExpectedIssue extends KindCategories {
  /** Issues of these other kinds and categories find it too (a tiny label is typography to the design kind). */
  alsoAs: KindCategories[];
  /** Seconds [from, to]: when the defect is on screen; null when it is not about a moment (the user's message). */
  window: [number, number] | null;
  /** The lowest severity that counts as finding it. */
  minSeverity: Severity;
  /** A short name of the defect, and where it is, for people. */
  name: string | null;
  note: string | null;
  /** The source line a finding about it should name (a wrong formula's), when the animation has its scene source. */
  line: number | null;
}

export interface LabelledAnimation {
  /** Unique in the set; what results are stored and shown by. */
  id: string;
  /** An http(s) URL, or an absolute path (the file's is written relative to the set file). */
  animation: string;
  /** The Manim source that drew it, absolute paths, and the Scene subclass. */
  scene: { sources: string[]; class: string | null } | null;
  userInput: string | null;
  title: string | null;
  description: string | null;
  note: string | null;
  /** Empty: the animation is clean. */
  expect: ExpectedIssue[];
}

export interface LabelledSet {
  name: string;
  note: string | null;
  /** An issue this many seconds outside an expected window still finds it. */
  toleranceSeconds: number;
  /** Issues below this severity that find nothing are not counted as false findings (advice, not findings). */
  countFrom: Severity;
  animations: LabelledAnimation[];
  /** The set file (absolute), or null for a set made in memory. */
  file: string | null;
}

/** A labelled-set mistake: the message names the file and the JSON path of the field at fault. */
export class LabelledSetError extends Error {
  override name = 'LabelledSetError';
}

const isUrl = (value: string) => /^https?:\/\//i.test(value);
const text = (what: string) =>
  z.string().superRefine((v, ctx) => {
    const problem = textProblem(what, v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const identifier = (what: string) =>
  z.string().superRefine((v, ctx) => {
    const problem = identifierProblem(what, v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
const severity = z.enum(SEVERITIES, { error: () => `must be one of ${SEVERITIES.join(', ')}` });
const kind = z.enum(EVAL_KINDS, { error: () => `must be one of ${EVAL_KINDS.join(', ')}` });
const seconds = z
  .number({ error: () => 'must be a number of seconds' })
  .min(0, 'must be 0 or more')
  .max(24 * 3600, 'must be at most a day');
const location = z.string().min(1, 'must not be empty').max(MAX_URL_CHARS, `must be at most ${MAX_URL_CHARS} characters`);

const categoryFields = {
  kind,
  category: z.string().min(1, 'must not be empty').optional(),
  categories: z.array(z.string().min(1, 'must not be empty')).min(1, 'must name at least one category').optional(),
};

/** Exactly one of `category` and `categories`, each a category of the kind. */
function checkCategories(v: { kind: EvalKind; category?: string; categories?: string[] }, ctx: z.RefinementCtx): void {
  if ((v.category === undefined) === (v.categories === undefined)) {
    ctx.addIssue({ code: 'custom', message: 'give either "category" or "categories"' });
    return;
  }
  const known = KINDS[v.kind].categories;
  (v.categories ?? [v.category!]).forEach((name, i) => {
    if (!known.includes(name)) {
      ctx.addIssue({
        code: 'custom',
        message: `"${name.slice(0, 60)}" is not a category of ${v.kind} (its categories: ${known.join(', ')})`,
        path: v.categories ? ['categories', i] : ['category'],
      });
    }
  });
}

const kindCategories = z
  .object(categoryFields)
  .strict()
  .superRefine(checkCategories)
  .transform((v): KindCategories => ({ kind: v.kind, categories: v.categories ?? [v.category!] }));

const expectedIssue = z
  .object({
    ...categoryFields,
    alsoAs: z.array(kindCategories).default([]),
    window: z
      .tuple([seconds, seconds], { error: () => 'must be [from, to] in seconds, or null' })
      .refine(([from, to]) => from <= to, 'must end no earlier than it starts')
      .nullable()
      .default(null),
    minSeverity: severity.default('LOW'),
    name: text('name').nullable().default(null),
    note: text('note').nullable().default(null),
    line: z.number().int('must be a line number').min(1, 'must be a line number').nullable().default(null),
  })
  .strict()
  .superRefine(checkCategories)
  .transform(
    (v): ExpectedIssue => ({
      kind: v.kind,
      categories: v.categories ?? [v.category!],
      alsoAs: v.alsoAs,
      window: v.window,
      minSeverity: v.minSeverity,
      name: v.name,
      note: v.note,
      line: v.line,
    }),
  );

const expectedIssues = z.array(expectedIssue).min(1, 'must list at least one expected issue, or be "clean"');

const animation = z
  .object({
    id: identifier('id'),
    animation: location,
    scene: z
      .object({
        sources: z.array(location).min(1, 'must name at least one Python file'),
        class: z.string().refine(isSceneClassName, 'must be a Python class name').nullable().default(null),
      })
      .strict()
      .nullable()
      .default(null),
    userInput: text('user input').nullable().default(null),
    title: text('title').nullable().default(null),
    description: text('description').nullable().default(null),
    note: text('note').nullable().default(null),
    expect: z.unknown().transform((value, ctx): ExpectedIssue[] => {
      // Not a union: its error would hide which expected issue is wrong.
      if (value === 'clean') return [];
      const parsed = Array.isArray(value) ? expectedIssues.safeParse(value) : null;
      if (parsed?.success) return parsed.data;
      for (const issue of parsed?.error.issues ?? [{ message: 'must be "clean" or a list of expected issues', path: [] }])
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }),
  })
  .strict();

const labelledSet = z
  .object({
    format: z.literal(LABELLED_SET_FORMAT, { error: () => `must be "${LABELLED_SET_FORMAT}"` }),
    version: z.literal(LABELLED_SET_VERSION, { error: () => `must be ${LABELLED_SET_VERSION} (the version this evals reads)` }),
    name: identifier('name'),
    note: text('note').nullable().default(null),
    toleranceSeconds: seconds.max(60, 'must be at most 60').default(1),
    countFrom: severity.default('LOW'),
    animations: z.array(animation).min(1, 'must list at least one animation'),
  })
  .strict()
  .superRefine((set, ctx) => {
    const seen = new Map<string, number>();
    set.animations.forEach((a, i) => {
      if (seen.has(a.id))
        ctx.addIssue({ code: 'custom', message: `repeats the id of animations[${seen.get(a.id)}]`, path: ['animations', i, 'id'] });
      else seen.set(a.id, i);
    });
  });

export type LabelledSetJson = z.input<typeof labelledSet>;

/** `animations[3].expect[0].kind`: where a field is, as a person would look it up. */
function jsonPath(keys: readonly PropertyKey[]): string {
  return keys.map((k, i) => (typeof k === 'number' ? `[${k}]` : `${i === 0 ? '' : '.'}${String(k)}`)).join('') || '(the whole file)';
}

/** A set given as JSON, checked; paths of files are resolved against `dir`. Errors name `where` and the field's path. */
export function parseLabelledSet(json: unknown, where: string, dir: string | null): LabelledSet {
  const parsed = labelledSet.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 10).map((i) => `${jsonPath(i.path)}: ${i.message}`);
    throw new LabelledSetError(
      `${where}: ${problems.join('; ')}${parsed.error.issues.length > 10 ? `; and ${parsed.error.issues.length - 10} more` : ''}`,
    );
  }
  const local = (file: string, at: string) => {
    if (isUrl(file)) return file;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(file)) throw new LabelledSetError(`${where}: ${at}: must be a file or an http(s) URL`);
    if (dir === null && !path.isAbsolute(file)) throw new LabelledSetError(`${where}: ${at}: must be an absolute path`);
    return path.resolve(dir ?? '/', file);
  };
  const set = parsed.data;
  return {
    name: set.name,
    note: set.note,
    toleranceSeconds: set.toleranceSeconds,
    countFrom: set.countFrom,
    file: null,
    animations: set.animations.map((a, i) => ({
      id: a.id,
      animation: local(a.animation, `animations[${i}].animation`),
      scene: a.scene && {
        sources: a.scene.sources.map((s, j) => {
          if (isUrl(s))
            throw new LabelledSetError(
              `${where}: animations[${i}].scene.sources[${j}]: must be a file (scene sources are read, not fetched)`,
            );
          return local(s, `animations[${i}].scene.sources[${j}]`);
        }),
        class: a.scene.class,
      },
      userInput: a.userInput,
      title: a.title,
      description: a.description,
      note: a.note,
      expect: a.expect,
    })),
  };
}

/** Reads and checks a set file; relative paths in it are relative to it. */
export function loadLabelledSet(file: string): LabelledSet {
  const json = readLocalJson(file, LABELLED_SET_MAX_BYTES, (message) => new LabelledSetError(message));
  const absolute = path.resolve(file);
  return { ...parseLabelledSet(json, file, path.dirname(absolute)), file: absolute };
}

/** The set as JSON, with files written relative to `dir` (the directory the set file goes to). */
export function labelledSetJson(set: Omit<LabelledSet, 'file'>, dir: string): LabelledSetJson {
  const relative = (file: string) => (isUrl(file) ? file : path.relative(dir, file).split(path.sep).join('/') || '.');
  const kindCategoriesJson = (k: KindCategories) =>
    k.categories.length === 1 ? { kind: k.kind, category: k.categories[0] } : { kind: k.kind, categories: k.categories };
  return {
    format: LABELLED_SET_FORMAT,
    version: LABELLED_SET_VERSION,
    name: set.name,
    ...(set.note ? { note: set.note } : {}),
    toleranceSeconds: set.toleranceSeconds,
    countFrom: set.countFrom,
    animations: set.animations.map((a) => ({
      id: a.id,
      animation: relative(a.animation),
      ...(a.scene ? { scene: { sources: a.scene.sources.map(relative), class: a.scene.class } } : {}),
      userInput: a.userInput,
      ...(a.title !== null ? { title: a.title } : {}),
      ...(a.description !== null ? { description: a.description } : {}),
      ...(a.note !== null ? { note: a.note } : {}),
      expect:
        a.expect.length === 0
          ? 'clean'
          : a.expect.map((e) => ({
              ...kindCategoriesJson(e),
              ...(e.alsoAs.length ? { alsoAs: e.alsoAs.map(kindCategoriesJson) } : {}),
              window: e.window,
              minSeverity: e.minSeverity,
              ...(e.name !== null ? { name: e.name } : {}),
              ...(e.note !== null ? { note: e.note } : {}),
            })),
    })),
  };
}
