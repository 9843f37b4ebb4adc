import crypto from 'node:crypto';
import fs from 'node:fs';
import { LOCAL_MODEL } from '../analyzers/scoring';
import { CONFIG_VARIABLES, ConfigError, loadConfig, STACK_VARIABLES, type Config } from '../config';
import { EVAL_KINDS } from '../domain/types';
import { KINDS } from '../kinds';

/**
 * A judge configuration of `evals calibrate`: a name and a file of the
 * service's own environment variables (`NAME=value` lines), layered over the
 * environment and read by the one configuration loader, exactly as a worker
 * given them would read them.
 */
export interface Configuration {
  name: string;
  /** The variables the file sets, secrets masked: what people are shown. */
  settings: Record<string, string>;
  config: Config;
  /** What decides its judgements: the judge, frame and scene settings and the versions of prompts and analyzers (no secret). */
  hash: string;
  /** The judge's versions this build judges with. */
  versions: { analyzers: string; prompts: Record<string, string> };
}

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/;
const VARIABLE = /^[A-Z][A-Z0-9_]*$/;

/** `KEY=value` lines; blank lines and `#` comments skipped; a value may be quoted ('...' or "..."). */
export function parseEnvFile(text: string, file: string): Record<string, string> {
  const vars: Record<string, string> = {};
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq).trim() : '';
    if (!VARIABLE.test(key)) throw new ConfigError(`${file}:${i + 1}: expected NAME=value`);
    let value = line.slice(eq + 1).trim();
    const quoted = /^(['"])(.*)\1$/.exec(value);
    if (quoted) value = quoted[2];
    if (key in vars) throw new ConfigError(`${file}:${i + 1}: ${key} is set twice`);
    vars[key] = value;
  });
  return vars;
}

function closest(name: string, candidates: readonly string[]): string | null {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let previous = row[0]++;
      for (let j = 1; j <= b.length; j++) {
        const current = row[j];
        row[j] = Math.min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length];
  };
  const best = candidates.map((c) => [c, distance(name, c)] as const).sort((a, b) => a[1] - b[1])[0];
  return best && best[1] <= 3 ? best[0] : null;
}

export const currentVersions = (): Configuration['versions'] => ({
  analyzers: LOCAL_MODEL,
  prompts: Object.fromEntries(EVAL_KINDS.map((k) => [k, KINDS[k].promptVersion])),
});

/**
 * A configuration from its variables, over `env`. Refuses a variable the
 * service does not read (with the nearest one it does) and one that names the
 * stack rather than the judge (Temporal, the database, the read API: those
 * come from the environment `evals calibrate` runs in).
 */
export function configurationOf(name: string, vars: Record<string, string>, env: NodeJS.ProcessEnv, where: string): Configuration {
  if (!NAME.test(name)) throw new ConfigError(`${where}: a configuration name is 1-40 letters, digits, dots, dashes or underscores`);
  for (const variable of Object.keys(vars)) {
    if (STACK_VARIABLES.includes(variable))
      throw new ConfigError(`${where}: ${variable} names the stack, not the judge: set it in the environment evals calibrate runs in`);
    if (!CONFIG_VARIABLES.includes(variable)) {
      const near = closest(variable, CONFIG_VARIABLES);
      throw new ConfigError(`${where}: ${variable} is not a variable evals reads${near ? ` (did you mean ${near}?)` : ''}`);
    }
  }
  let config: Config;
  try {
    config = loadConfig({ ...env, ...vars });
  } catch (err) {
    throw new ConfigError(`${where}: ${(err as Error).message}`);
  }
  const secrets = new Set(config.secrets);
  const settings = Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, secrets.has(v) ? '[secret]' : v]));
  const versions = currentVersions();
  const { apiKey: _secret, ...openai } = config.judge.openai;
  const identity = JSON.stringify({ judge: { ...config.judge, openai }, media: config.media, scene: config.scene, versions });
  return { name, settings, config, versions, hash: crypto.createHash('sha256').update(identity).digest('hex').slice(0, 24) };
}

/** `--config NAME=FILE.env`, read and checked. */
export function loadConfiguration(argument: string, env: NodeJS.ProcessEnv): Configuration {
  const eq = argument.indexOf('=');
  if (eq <= 0) throw new ConfigError(`--config ${argument}: expected NAME=FILE (a name for the configuration, a file of NAME=value lines)`);
  const [name, file] = [argument.slice(0, eq), argument.slice(eq + 1)];
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new ConfigError(
      `--config ${argument}: cannot read ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (err as Error).message}`,
    );
  }
  return configurationOf(name, parseEnvFile(text, file), env, `--config ${name}`);
}
