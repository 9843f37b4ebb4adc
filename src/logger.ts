import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { REDACTED, SECRET_KEYS, secretScrubber } from './secrets';
import { visibleJson } from './text-safety';

export type Logger = pino.Logger;

/**
 * Fields of the pipeline being worked on (workflow id, pipeline run id, fragment id, kind),
 * set around each activity by the worker's interceptor and merged into every line logged inside it.
 */
export const logContext = new AsyncLocalStorage<Record<string, unknown>>();

/**
 * Structured JSON logs on stderr (stdout stays clean for `--json` output). Known secret
 * keys are redacted by path; the configured secret values (src/secrets.ts) are scrubbed
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
      redact: { paths: SECRET_KEYS, censor: REDACTED },
      mixin: () => logContext.getStore() ?? {},
      hooks: { streamWrite: (line) => visibleJson(scrub ? scrub(line) : line) },
    },
    pino.destination(2),
  );
}
