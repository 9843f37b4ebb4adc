import { parseArgs } from 'node:util';

export class UsageError extends Error {}

/** Human-facing progress and diagnostics go to stderr; stdout is for results. */
export const say = (line: string) => process.stderr.write(`${line}\n`);

export { parseArgs };
