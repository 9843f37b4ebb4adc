import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { secretScrubber } from './config';
import { visibleJson } from './text-safety';

export type Logger = pino.Logger;

/** Keys whose values never reach a log line, wherever they appear in a record. */
export const REDACTED_PATHS = [
  'apiKey', '*.apiKey', 'OPENAI_API_KEY', '*.OPENAI_API_KEY', 'authorization', '*.authorization',
  'headers.authorization', '*.headers.authorization', 'headers["x-api-key"]', '*.headers["x-api-key"]',
  'password', '*.password', 'databaseUrl', '*.databaseUrl',
];

const CENSOR = '[redacted]';

/**
 * Fields of the pipeline being worked on (workflow id, pipeline run id, fragment id, kind),
 * set around each activity by the worker's interceptor and merged into every line logged inside it.
 */
export const logContext = new AsyncLocalStorage<Record<string, unknown>>();

/**
 * Structured JSON logs on stderr (stdout stays clean for `--json` output). Known secret
 * keys are redacted by path; the configured secret values (see secretsOf) are scrubbed
 * from the whole line, so they cannot leak through an error message either. A logged
 * judge's text carries no raw control character to the terminal: JSON escapes C0, and
 * the line escapes DEL, C1 and the bidi controls too (src/text-safety.ts).
 */
export function createLogger(level: pino.LevelWithSilent, bindings: Record<string, unknown> = {}, secrets: string[] = []): Logger {
  const scrub = secrets.length > 0 ? secretScrubber(secrets) : undefined;
  return pino(
    {
      level,
      base: { service: 'eval-pipeline', ...bindings },
      redact: { paths: REDACTED_PATHS, censor: CENSOR },
      mixin: () => logContext.getStore() ?? {},
      hooks: { streamWrite: (line) => visibleJson(scrub ? scrub(line) : line) },
    },
    pino.destination(2),
  );
}
