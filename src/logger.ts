import pino from 'pino';

export type Logger = pino.Logger;

/** Keys whose values never reach a log line, wherever they appear in a record. */
export const REDACTED_PATHS = [
  'apiKey', '*.apiKey', 'OPENAI_API_KEY', '*.OPENAI_API_KEY', 'authorization', '*.authorization',
  'headers.authorization', '*.headers.authorization', 'headers["x-api-key"]', '*.headers["x-api-key"]',
  'password', '*.password', 'databaseUrl', '*.databaseUrl',
];

/** Structured JSON logs on stderr (stdout stays clean for `--json` output). */
export function createLogger(level: pino.LevelWithSilent, bindings: Record<string, unknown> = {}): Logger {
  return pino({ level, base: { service: 'eval-pipeline', ...bindings }, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } }, pino.destination(2));
}
