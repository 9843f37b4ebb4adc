/**
 * Text the service did not write (a judge's issues and summaries, file names,
 * a fragment's texts) reaches people at the output edges: terminals, CSV,
 * JUnit XML, HTML reports, logs. There a control character acts instead of
 * showing: ESC starts a terminal sequence (clear the screen, set the window
 * title, recolour), CR rewrites a line, BEL rings, and the bidi embeddings,
 * overrides and isolates reorder what a reader sees. Every output edge passes
 * such text through this module, which shows each of those characters as an
 * escape (`\x1b`, `\r`, `\u202e`). What is stored, and served as JSON, stays
 * exactly what the judge wrote.
 */

// C0 controls but tab and line feed, DEL, C1 controls, and the bidi embeddings, overrides (U+202A–202E) and isolates (U+2066–2069).
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
// The same, and tab and line feed: one-line places (a table cell, a progress line).
const LINE_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const NAMED: Record<string, string> = { '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const shown = (c: string) => {
  const code = c.charCodeAt(0);
  return NAMED[c] ?? (code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16)}`);
};

/** The text with its control characters shown as escapes; tab and line breaks kept (CRLF read as one line feed). */
export function visibleText(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(CONTROLS, shown);
}

/** The text on one line: control characters shown as escapes, tab and line feed too (`\t`, `\n`). */
export function visibleLine(text: string): string {
  return text.replace(/\r\n/g, '\n').replace(LINE_CONTROLS, shown);
}

/**
 * Serialized JSON with DEL, the C1 controls and the bidi controls written as
 * `\u` escapes too (JSON.stringify escapes only C0): the same value once
 * parsed, harmless on a terminal. For JSON printed or logged, not served.
 */
export function visibleJson(json: string): string {
  return json.replace(/[\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A spreadsheet evaluates a cell that starts with `=`, `+`, `-`, `@`, tab or
 * CR as a formula (`=HYPERLINK(...)`), quoted or not. OWASP's rule: prefix
 * such a text with a single quote, which the spreadsheet shows as text. For
 * text cells only: numbers the service writes stay numbers.
 */
export function spreadsheetText(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}
