import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { Command } from 'commander';
import { MAX_SCREENED_CHARS, MessageTooLong, type ScreenResult, screenOrRefuse } from '../../analyzers/user-input/screen';
import { fileProblem } from '../../infra/local-file';
import { EXIT, exitWith, print, printJson, UsageError } from '../io';

/**
 * `evals screen`: the user-input screening (docs/user-input-security.md) of one
 * message per line, before anything is generated, with no stack: no database,
 * no Temporal, no network. A verdict per line as it is judged, so a long input
 * streams.
 */

/** A line longer than this many bytes cannot hold a message under the limit (4 bytes a character at most, and JSON's escapes): it is not buffered. */
const MAX_LINE_BYTES = MAX_SCREENED_CHARS * 6 + 1024;

type ScreenVerdict = { id: string | number } & ScreenResult;

/** A JSON line `{"id", "text"}`, or nothing when the line is not one. */
function jsonMessageOf(line: string, lineNumber: number): { id: string | number; text: string } | undefined {
  if (!line.startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || typeof (parsed as { text?: unknown }).text !== 'string') return undefined;
  const { id, text } = parsed as { id?: unknown; text: string };
  return { id: typeof id === 'string' || typeof id === 'number' ? id : lineNumber, text };
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A line that is not judged, and why. */
interface Refused {
  refused: string;
}

/** A line's text, or why it is not text (a binary file's bytes would be judged as gibberish messages). */
function textOf(bytes: Buffer): string | Refused {
  if (bytes.includes(0)) return { refused: 'the line holds a NUL byte: it is not text; nothing was judged' };
  try {
    return utf8.decode(bytes).replace(/\r$/, '');
  } catch {
    return { refused: 'the line is not UTF-8 text; nothing was judged' };
  }
}

/** Each line of the stream (without its line break), or why it is refused (too long to hold a message, not text), never buffered whole. */
async function* linesOf(input: Readable): AsyncGenerator<string | Refused> {
  let parts: Buffer[] = [];
  let bytes = 0;
  const end = () => {
    const line =
      bytes > MAX_LINE_BYTES ? { refused: new MessageTooLong(bytes).message.replace(/characters/, 'bytes') } : textOf(Buffer.concat(parts));
    parts = [];
    bytes = 0;
    return line;
  };
  for await (const chunk of input) {
    let rest = chunk as Buffer;
    for (let newline = rest.indexOf(10); newline !== -1; newline = rest.indexOf(10)) {
      if (bytes + newline <= MAX_LINE_BYTES) parts.push(rest.subarray(0, newline));
      bytes += newline;
      yield end();
      rest = rest.subarray(newline + 1);
    }
    if (bytes + rest.length <= MAX_LINE_BYTES) parts.push(rest);
    else parts = [];
    bytes += rest.length;
  }
  if (bytes > 0) yield end();
}

function printVerdict(verdict: ScreenVerdict, json: boolean): void {
  if (json) {
    printJson(verdict);
    return;
  }
  const head = `${String(verdict.id).padEnd(6)} ${verdict.status.padEnd(5)}`;
  if (verdict.status === 'ERROR') {
    print(`${head} ${verdict.error}`);
    return;
  }
  const found = verdict.issues.map((i) => `${i.severity} ${i.category} ${JSON.stringify(i.quote)}`).join('; ');
  print(`${head} ${String(verdict.score).padStart(3)}/${verdict.maxScore}  ${found || verdict.summary}`);
}

export function screenCommand(evals: Command): void {
  evals
    .command('screen')
    .description(
      'Screen users\' messages for injection, jailbreaks, harmful requests and scope before anything is generated: one message per line (or JSON lines {"id","text"}: after the first, a line that is not one is an ERROR) from FILE or stdin, one verdict per line. Exit 1 when any fails, 3 when a message could not be screened.',
    )
    .argument('[file]', 'messages, one per line; - or nothing reads stdin')
    .option('--json', 'one JSON verdict per line: {id, status, score, maxScore, summary, issues[]} or {id, status: "ERROR", error}')
    .action(
      exitWith(async (file: string | undefined, opts: { json?: boolean }) => {
        let input: Readable = process.stdin;
        if (file !== undefined && file !== '-') {
          const problem = fileProblem(file);
          if (problem) throw new UsageError(`cannot read ${file}: ${problem}`);
          input = fs.createReadStream(file);
        }
        let failed = false;
        let errored = false;
        let lineNumber = 0;
        // Once a line is a JSON line, the input is JSON lines: a later line that is not one is refused, not judged as its raw text.
        let jsonLines = false;
        for await (const line of linesOf(input)) {
          lineNumber++;
          if (typeof line === 'string' && line.trim() === '') continue;
          let verdict: ScreenVerdict;
          if (typeof line === 'string') {
            const message = jsonMessageOf(line, lineNumber);
            jsonLines ||= message !== undefined;
            if (message) verdict = { id: message.id, ...screenOrRefuse(message.text) };
            else if (jsonLines)
              verdict = {
                id: lineNumber,
                status: 'ERROR',
                error: 'the input is JSON lines and this line is not a JSON object with a string "text"; nothing was judged',
              };
            else verdict = { id: lineNumber, ...screenOrRefuse(line) };
          } else verdict = { id: lineNumber, status: 'ERROR', error: line.refused };
          failed ||= verdict.status === 'FAIL';
          errored ||= verdict.status === 'ERROR';
          printVerdict(verdict, opts.json === true);
        }
        return errored ? EXIT.ERROR : failed ? EXIT.FAIL : EXIT.OK;
      }),
    );
}
