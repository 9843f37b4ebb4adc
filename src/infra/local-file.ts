import fs from 'node:fs';

/**
 * Files a person names on a command line or in a labelled set. Checked with
 * stat, never by opening: opening a FIFO blocks until a writer comes, and
 * reading /dev/zero never ends.
 */

/** Why `file` cannot be read as a regular file (`no such file`, `it is a directory` …), or null when it can. */
export function fileProblem(file: string): string | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return 'no such file';
  }
  if (!stat.isFile()) return notRegular(stat);
  try {
    fs.accessSync(file, fs.constants.R_OK);
  } catch {
    return 'permission denied';
  }
  return null;
}

const notRegular = (stat: fs.Stats) =>
  `it is ${stat.isDirectory() ? 'a directory' : stat.isFIFO() ? 'a FIFO (named pipe)' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : stat.isSocket() ? 'a socket' : 'not a regular file'}`;

/**
 * A regular file of at most `maxBytes`, as text; anything else is an Error
 * saying `cannot read <label>: <why>`.
 */
export function readLocalFile(file: string, maxBytes: number, label = file): string {
  const refuse = (why: string) => new Error(`cannot read ${label}: ${why}`);
  const problem = fileProblem(file);
  if (problem) throw refuse(problem);
  // Non-blocking in case the path became a FIFO since the stat; the descriptor's own stat decides.
  const fd = fs.openSync(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw refuse(notRegular(stat));
    if (stat.size > maxBytes) throw refuse(`too large (${megabytes(stat.size)}; at most ${megabytes(maxBytes)})`);
    // Never more than the limit, even if the file grows meanwhile.
    const buffer = Buffer.alloc(stat.size + 1);
    let length = 0;
    let read: number;
    do {
      read = fs.readSync(fd, buffer, length, buffer.length - length, null);
      length += read;
    } while (read > 0 && length < buffer.length);
    if (length > maxBytes) throw refuse(`too large (over ${megabytes(maxBytes)})`);
    return buffer.toString('utf8', 0, length);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * A regular file of at most `maxBytes`, parsed as JSON; a file that cannot be
 * read, or is not JSON, is the error `fail` makes of the message (which names the file).
 */
export function readLocalJson(file: string, maxBytes: number, fail: (message: string) => Error): unknown {
  let text: string;
  try {
    text = readLocalFile(file, maxBytes);
  } catch (err) {
    throw fail((err as Error).message);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw fail(`${file}: not JSON (${(err as Error).message})`);
  }
}

/** Rounded up, so a file just over a limit does not read as the limit. */
const megabytes = (bytes: number) => `${Math.ceil((bytes / (1024 * 1024)) * 100) / 100} MB`;
