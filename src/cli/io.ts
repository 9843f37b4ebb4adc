import fs from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError } from 'commander';
import { visibleJson, visibleText } from '../text-safety';

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
  /** Interrupted (Ctrl-C, SIGTERM): what was in flight was cancelled, nothing else started. 128 + SIGINT, as shells report it. */
  INTERRUPTED: 130,
} as const;
export const NOT_FOUND = EXIT.FAIL;

/** A command-line mistake: exit 2 with the message and a pointer to --help. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Refuses a command line whose ids or texts the pipeline would refuse (inputProblems in src/domain/text-limits.ts): exit 2, nothing started. */
export function refuseBadInput(problems: readonly string[]): void {
  if (problems.length > 0) throw new UsageError(problems.join('; '));
}

/**
 * Human-facing progress and diagnostics go to stderr; stdout is for results.
 * Both carry text the service did not write (judges' issues, file names), so
 * its control characters are shown, never sent to the terminal (src/text-safety.ts).
 */
export const say = (line: string) => process.stderr.write(`${visibleText(line)}\n`);

/** A result as text on stdout. */
export const print = (text: string) => process.stdout.write(`${visibleText(text)}\n`);

/** A result as one JSON line on stdout: the same value once parsed, no C1 or bidi control raw on the terminal. */
export const printJson = (value: unknown) => process.stdout.write(`${visibleJson(JSON.stringify(value))}\n`);

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
    if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(`expected a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}`);
    return n;
  };
}

/** `--since`: a date (2026-11-01, midnight UTC) or an ISO 8601 time. */
export function sinceOption(value: string): Date {
  const date = /^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)
    ? new Date(/T/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/.test(value) ? `${value}Z` : value)
    : null;
  if (!date || Number.isNaN(date.getTime())) throw new InvalidArgumentError('expected a date (2026-11-01) or an ISO 8601 time');
  return date;
}

/** A report file must be writable before anything runs, not after. */
export function writableFile(file: string): void {
  const dir = path.dirname(path.resolve(file));
  try {
    fs.accessSync(dir, fs.constants.W_OK);
  } catch {
    throw new UsageError(`cannot write ${file}: ${fs.existsSync(dir) ? 'permission denied' : `no directory ${dir}`}`);
  }
  if (fs.existsSync(file) && fs.statSync(file).isDirectory())
    throw new UsageError(`cannot write ${file}: it is a directory (give a file name)`);
}

/**
 * A directory an option names (`--html` for several reports, `--fixes`): an
 * existing one this command can write into, or one it can make; checked before
 * anything starts, by doing it: access bits are not enough (root passes them
 * everywhere, and /proc refuses what its modes allow), so a file is made and
 * removed in it, and a missing one is made and removed again.
 */
export function writableDirectory(dir: string, option: string, forWhat: string): void {
  const resolved = path.resolve(dir);
  const link = fs.lstatSync(resolved, { throwIfNoEntry: false });
  if (link?.isSymbolicLink() && !fs.existsSync(resolved))
    throw new UsageError(
      `${option} ${dir} is a link to ${fs.readlinkSync(resolved)}, which does not exist: give a directory for ${forWhat}`,
    );
  if (fs.existsSync(resolved)) {
    if (!fs.statSync(resolved).isDirectory()) throw new UsageError(`${option} ${dir} is a file: give a directory for ${forWhat}`);
    try {
      probeWrite(resolved);
    } catch (err) {
      throw new UsageError(`cannot write into ${option} ${dir}: ${failure(err)}`);
    }
    return;
  }
  const parent = path.dirname(resolved);
  if (!fs.existsSync(parent)) throw new UsageError(`cannot make ${option} ${dir}: no directory ${parent}`);
  try {
    fs.mkdirSync(resolved);
  } catch (err) {
    throw new UsageError(`cannot make ${option} ${dir}: ${failure(err)}`);
  }
  try {
    probeWrite(resolved);
  } catch (err) {
    throw new UsageError(`cannot write into ${option} ${dir}: ${failure(err)}`);
  } finally {
    fs.rmSync(resolved, { recursive: true, force: true });
  }
}

/** Makes and removes a file in `dir`: what writing there will do, done once. */
function probeWrite(dir: string): void {
  const probe = path.join(dir, `.evals-probe-${process.pid}-${Date.now()}`);
  fs.writeFileSync(probe, '', { flag: 'wx' });
  fs.rmSync(probe, { force: true });
}

/** A file system error in words: `permission denied`, or its code (`ENOENT`, `EROFS`). */
const failure = (err: unknown) => {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'EACCES' || code === 'EPERM' ? 'permission denied' : code === 'EROFS' ? 'read-only file system' : (code ?? String(err));
};
