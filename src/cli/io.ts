import { InvalidArgumentError } from 'commander';

/**
 * The CLI's exit statuses, one meaning each (README, "Exit status"). A run's
 * outcome maps to FAIL or ERROR through `--fail-on`; commands that look
 * something up end NOT_FOUND when it does not exist.
 */
export const EXIT = {
  OK: 0,
  /** An animation's overall status is FAIL; for `show`, `cancel`: the pipeline run does not exist. */
  FAIL: 1,
  /** The command line is wrong: unknown command or option, a missing or invalid argument, a file that cannot be read. */
  USAGE: 2,
  /** An animation could not be evaluated: its pipeline run or one of its kinds ended ERROR. */
  ERROR: 3,
  /** The service could not do its job: configuration, database, Temporal, an unexpected failure. */
  INFRASTRUCTURE: 4,
} as const;
export const NOT_FOUND = EXIT.FAIL;

/** A command-line mistake: exit 2 with the message and a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Human-facing progress and diagnostics go to stderr; stdout is for results. */
export const say = (line: string) => process.stderr.write(`${line}\n`);

/** A command's action: its resolved number is the process's exit status. */
export function exitWith<A extends unknown[]>(action: (...args: A) => Promise<number>): (...args: A) => Promise<void> {
  return async (...args) => {
    process.exitCode = await action(...args);
  };
}

/** Option parser for whole numbers in a range; commander reports a bad value as a usage error. */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (value: string) => number {
  return (value) => {
    const n = Number(value);
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max) throw new InvalidArgumentError(`expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`);
    return n;
  };
}
