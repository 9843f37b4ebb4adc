import { z } from 'zod';
import { api } from './api';
import { database, dataDir } from './database';
import { fragments } from './fragments';
import { judge } from './judge';
import { logLevel } from './log-level';
import { media } from './media';
import { ConfigError, SECRET_DECLARATIONS } from './rules';
import { retention } from './retention';
import { scene } from './scene';
import { temporal } from './temporal';
import { worker } from './worker';

/**
 * The one configuration loader. Every environment variable the service reads is
 * declared once, in the section it configures (a file of this folder registered
 * below), and listed in docs/configuration.md; nothing else reads process.env.
 */
const SECTIONS = { temporal, database, dataDir, media, judge, worker, fragments, scene, api, retention, logLevel };

type Sections = typeof SECTIONS;
export type Config = { [K in keyof Sections]: ReturnType<Sections[K]['build']> } & {
  /** The values of the secret variables that are set (the secret part of each), which the logger and the activities scrub. */
  secrets: string[];
};

const VARIABLES = Object.assign({}, ...Object.values(SECTIONS).map((s) => s.variables)) as z.ZodRawShape;
const EnvSchema = z.object(VARIABLES);

/** The variables their sections declare `secret` (DATABASE_URL for the password it carries). */
export const SECRET_VARIABLES: readonly string[] = Object.keys(VARIABLES).filter((name) => SECRET_DECLARATIONS.has(VARIABLES[name]));

/** A secret shorter than 4 characters is not scrubbed: it would redact ordinary text. */
const MIN_SECRET_LENGTH = 4;

/** Every variable the loader reads, for checks such as the compose file's (EVALS_MODEL_<KIND> included). */
export const CONFIG_VARIABLES: readonly string[] = Object.values(SECTIONS).flatMap((s) => [
  ...Object.keys(s.variables),
  ...(s.patterned ?? []),
]);

/**
 * Variables that name the stack a process runs on (Temporal, the database, the
 * read API, metrics, versioning) rather than how it judges: a judge
 * configuration of `evals calibrate` may not set them.
 */
export const STACK_VARIABLES: readonly string[] = Object.values(SECTIONS).flatMap((s): readonly string[] =>
  s.stack === true ? Object.keys(s.variables) : (s.stack ?? []),
);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings count as unset, as they do in most shells and compose files.
  const cleaned = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined && e[1] !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    // Name the variable and the rule only: values may be secrets.
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  const values = parsed.data as never;
  const secrets = SECRET_VARIABLES.flatMap((name) => {
    const value = cleaned[name];
    if (value === undefined) return [];
    const part = SECRET_DECLARATIONS.get(VARIABLES[name])?.part;
    return [part ? part(value) : value];
  }).filter((s) => s.length >= MIN_SECRET_LENGTH);
  return {
    ...(Object.fromEntries(Object.entries(SECTIONS).map(([name, s]) => [name, s.build(values, cleaned)])) as Omit<Config, 'secrets'>),
    secrets,
  };
}

export { API_LIMIT_DEFAULTS } from './api';
export type { ModelPrice } from './judge';
export { COMPILED, MANIM_VENV, PACKAGE_VERSION, PROJECT_ROOT } from './project';
export { ConfigError } from './rules';
export type { SceneSettings } from './scene';
export type { TemporalTls } from './temporal';
