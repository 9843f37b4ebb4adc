import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { POOLS, type Pool } from '../domain/pools';

/**
 * The rules a variable's value follows, shared by the sections. Their messages
 * say what is wrong and name the rule, never the value (it may be a secret).
 */

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * One section of the configuration, declared once: its environment variables
 * (rule and default each), and the runtime shape built from their parsed values.
 * The section's type is what `build` returns; src/config/index.ts registers it.
 */
export interface Section<V extends z.ZodRawShape, T> {
  variables: V;
  /** Variables that name the stack a process runs on rather than how it judges (all of them, or these): a judge configuration of `evals calibrate` may not set them. */
  stack?: true | readonly (keyof V & string)[];
  /** Variables read by a name pattern beside the declared ones (EVALS_MODEL_<KIND>). */
  patterned?: readonly string[];
  /** Rules across variables throw a ConfigError naming them. `env` is the whole environment, empty values removed. */
  build: (values: z.output<z.ZodObject<V>>, env: Readonly<Record<string, string>>) => T;
}

export const section = <V extends z.ZodRawShape, T>(definition: Section<V, T>): Section<V, T> => definition;

/** The variables declared secret, each with what of its value is the secret (the whole value when `part` is absent). */
export const SECRET_DECLARATIONS = z.registry<{ part?: (value: string) => string }>();

/**
 * Declares a variable's value a secret, in its section beside its rule: the loader collects the values
 * set into `Config.secrets`, which the logger and the activities scrub (src/secrets.ts). `part`: the
 * piece of a valid value that is secret (DATABASE_URL: the password it carries).
 */
export function secret<S extends z.ZodType>(schema: S, part?: (value: string) => string): S {
  SECRET_DECLARATIONS.add(schema, { part });
  return schema;
}

function rule<T>(message: string, parse: (value: string) => T | undefined) {
  return z.string().transform((value, ctx) => {
    const parsed = parse(value);
    if (parsed === undefined) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parsed;
  });
}

export const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be one of ${values.join(', ')}` });
export const bool = oneOf(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export function wholeNumber(min: 0 | 1, max?: number) {
  const message = `must be a whole number${min === 1 ? ' above 0' : ', 0 or more'}${max === undefined ? '' : `, at most ${max}`}`;
  return rule(message, (v) => {
    const n = /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isSafeInteger(n) && n >= min && (max === undefined || n <= max) ? n : undefined;
  });
}
export const positiveInt = wholeNumber(1);

/** Seconds, fractions allowed. */
export function positiveNumber(max?: number) {
  return rule(`must be a number above 0${max === undefined ? '' : `, at most ${max}`}`, (v) => {
    const n = /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
    return n > 0 && (max === undefined || n <= max) ? n : undefined;
  });
}

export function port(allowZero = false) {
  return rule(allowZero ? 'must be a port number (0-65535; 0 picks a free port)' : 'must be a port number (1-65535)', (v) => {
    const n = /^\d+$/.test(v.trim()) ? Number(v) : NaN;
    return Number.isInteger(n) && n >= (allowZero ? 0 : 1) && n <= 65535 ? n : undefined;
  });
}

/** Free-form settings (names, paths, keys): a pasted newline or space is a mistake that fails far from its cause. */
export const text = rule('must not have surrounding whitespace or control characters', (v) =>
  v === v.trim() && !/[\u0000-\u001f\u007f]/.test(v) ? v : undefined,
);

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;
const isHost = (v: string) => net.isIP(v) !== 0 || HOST_NAME.test(v);
export const host = rule('must be a host name or IP address to listen on (e.g. 127.0.0.1, or 0.0.0.0 for every interface)', (v) =>
  isHost(v) ? v : undefined,
);

export const hostPort = rule('must be host:port (e.g. temporal.internal:7233)', (v) => {
  const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:\s[\]]+)):(\d{1,5})$/.exec(v);
  const name = m?.[1] ?? m?.[2];
  return m && name && isHost(name) && Number(m[3]) >= 1 && Number(m[3]) <= 65535 ? v : undefined;
});

export const httpUrl = rule('must be an http(s) URL', (v) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol) ? v : undefined;
  } catch {
    return undefined;
  }
});

const DATABASE_URL_FORM = 'postgres://user:password@host:5432/database';
export const databaseUrl = z.string().superRefine((v, ctx) => {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    ctx.addIssue({
      code: 'custom',
      message: `must be a PostgreSQL URL, ${DATABASE_URL_FORM} (special characters in the password percent-encoded)`,
    });
    return;
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    ctx.addIssue({ code: 'custom', message: `must be a PostgreSQL URL, ${DATABASE_URL_FORM}` });
  } else if (!url.hostname && !url.searchParams.get('host')) {
    ctx.addIssue({ code: 'custom', message: `must name a host, ${DATABASE_URL_FORM} (or a socket directory as ?host=/path)` });
  }
});

/** Comma-separated host names, `*.` allowed in front; not URLs. */
export const hostList = rule('must be comma-separated host names (a leading *. allowed), not URLs', (v) => {
  const hosts = list(v).map((h) => h.toLowerCase());
  return hosts.every((h) => isHost(h.replace(/^\*\./, ''))) ? hosts : undefined;
});

/** Pools a worker process runs (src/domain/pools.ts), each named once. */
export const poolList = rule(`must be a comma-separated list of ${POOLS.join(', ')}`, (v): Pool[] | undefined => {
  const pools = list(v);
  return pools.length > 0 && pools.every((p) => (POOLS as readonly string[]).includes(p)) ? [...new Set(pools as Pool[])] : undefined;
});

/** true (every address), false (public addresses only), or the CIDR ranges opened beside the public ones. */
export const privateAddresses = rule(
  'must be true, false, or comma-separated CIDR ranges to allow (e.g. 10.20.0.0/16,fd00:1::/64)',
  (v): boolean | string[] | undefined => {
    if (['1', 'true'].includes(v)) return true;
    if (['0', 'false'].includes(v)) return false;
    const ranges = list(v);
    return ranges.length > 0 && ranges.every((r) => ipaddr.isValidCIDR(r)) ? ranges : undefined;
  },
);

export function list(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
