import { SECRET_VARIABLES } from './config';

/**
 * Secrets come from the environment and never reach logs, errors, answers or
 * the database: which settings are secret (each section declares its own with
 * `secret`, src/config/rules.ts; the loader collects their values into
 * `Config.secrets`), and the one way text is redacted.
 */

/** What a secret is replaced with, wherever it appears. */
export const REDACTED = '[redacted]';

/** Keys whose values never reach a log line, wherever they appear in a record. */
export const SECRET_KEYS = [
  'apiKey',
  'authorization',
  'headers.authorization',
  'headers["x-api-key"]',
  'password',
  'databaseUrl',
  ...SECRET_VARIABLES,
].flatMap((key) => [key, `*.${key}`]);

/**
 * Replaces every occurrence of the secrets in a string, raw or JSON-escaped:
 * applied to log lines, and to whatever the service stores, returns or serves
 * (a judge endpoint may echo the key it was sent). Values under 4 characters
 * are left alone (see `Config.secrets`).
 */
export function secretScrubber(secrets: readonly string[]): (text: string) => string {
  const forms = [...new Set(secrets.flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))];
  return (text) => (forms.length === 0 ? text : forms.reduce((out, secret) => out.split(secret).join(REDACTED), text));
}

/** A JSON value with the secrets scrubbed from every string in it. */
export function scrubJson<T>(value: T, scrub: (text: string) => string): T {
  return value === undefined ? value : (JSON.parse(scrub(JSON.stringify(value))) as T);
}

/** Text a server wrote (an error body) may echo credentials it was sent or knows: anything key-like goes, whoever's key it is. */
export function scrubCredentials(text: string): string {
  return text.replace(/\b(sk-[A-Za-z0-9_*-]{3,}|Bearer\s+\S+)/g, REDACTED);
}
