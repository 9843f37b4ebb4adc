/**
 * Bounds on the user-controlled texts a pipeline carries (the user's message,
 * the fragment's title and description). They travel in workflow inputs and
 * activity inputs, and Temporal refuses a workflow task whose messages pass its
 * limit (4 MB by default): a 1 MB description sent to the five kinds was enough
 * to leave a run stuck. So every text is cut where it enters the pipeline (the
 * client, the fragment read) to MAX_TEXT_CHARS, which keeps the largest
 * workflow task (three texts to each of five kinds) under 1 MB, and the run's
 * summary says what was cut. No LLM judge needs more: 32,000 characters are
 * about 8,000 tokens.
 */
export const MAX_TEXT_CHARS = 32_000;

/**
 * Identifiers (fragment, project, user, render job and request ids) travel in
 * workflow ids, search attributes and rows: at most this many characters, no
 * control character (PostgreSQL refuses NUL outright, and a newline in an id
 * fakes log lines). Refused where they enter, before anything starts.
 */
export const MAX_ID_CHARS = 255;
/** An animation URL is refused past this length (browsers and CDNs stop near 8 KB; ours travels in workflow input). */
export const MAX_URL_CHARS = 4096;
/** A text cut by boundText: MAX_TEXT_CHARS and its marker (which names the original length). */
export const MAX_BOUNDED_TEXT_CHARS = MAX_TEXT_CHARS + 200;
/** A fragment's scene sources (src/fragments/scene-sources.ts): at most this many files, and bytes in all. */
export const MAX_SOURCE_FILES = 32;
export const MAX_SOURCE_BYTES = 256 * 1024;
/** Sentences a client adds to a run's summary (what it cut): a few, each short. */
export const MAX_NOTES = 16;
export const MAX_NOTE_CHARS = 1000;
/** What the Temporal UI shows of a text (a title in a workflow's details). */
export const MAX_DISPLAY_CHARS = 200;

// C0 and C1 controls and DEL; texts may also hold tab, line feed and carriage return.
const ID_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const TEXT_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Why an identifier is refused, or null when it is fine. */
export function identifierProblem(what: string, value: string, max = MAX_ID_CHARS): string | null {
  if (value.length === 0) return `${what} is empty`;
  if (value.length > max) return `${what} has ${value.length} characters, over the ${max}-character limit`;
  if (ID_CONTROL.test(value)) return `${what} holds a control character`;
  return null;
}

/** Why a text (a message, a title, a description) is refused, or null: control characters other than tab and line breaks. Length is cut, not refused (boundText). */
export function textProblem(what: string, value: string | null | undefined): string | null {
  return value && TEXT_CONTROL.test(value) ? `${what} holds a control character` : null;
}

/** A text shortened for display (the Temporal UI), with an ellipsis when cut. */
export function displayText(text: string, max = MAX_DISPLAY_CHARS): string {
  if (text.length <= max) return text;
  const kept = text.slice(0, max - 1);
  return `${/[\uD800-\uDBFF]$/.test(kept) ? kept.slice(0, -1) : kept}…`;
}

export type BoundedText = { text: string | null; note: string | null };

/** The text cut to MAX_TEXT_CHARS with a marker the judge sees, and a note for the run's summary when it was cut. */
export function boundText(what: string, text: string | null | undefined): BoundedText {
  if (text === null || text === undefined || text.length <= MAX_TEXT_CHARS) return { text: text ?? null, note: null };
  let kept = text.slice(0, MAX_TEXT_CHARS);
  // Never leave half of a surrogate pair at the cut.
  if (/[\uD800-\uDBFF]$/.test(kept)) kept = kept.slice(0, -1);
  const total = text.length.toLocaleString('en-US');
  const shown = kept.length.toLocaleString('en-US');
  return {
    text: `${kept}\n[cut by the eval pipeline: ${total} characters in all, the first ${shown} kept]`,
    note: `The ${what} had ${total} characters; only the first ${shown} were evaluated.`,
  };
}

/** The identifiers and texts of a pipeline request (src/client.ts), each optional. */
export interface RequestTexts {
  fragmentId?: string | null;
  projectId?: string | null;
  userId?: string | null;
  renderJobId?: string | null;
  requestId?: string | null;
  userInput?: string | null;
  animation?: { url?: string; title?: string | null; description?: string | null } | null;
}

/**
 * Every identifier and text of a request, checked before anything starts:
 * a bad one is a PermanentError('bad-input') naming the field (never echoing
 * it), so a caller learns at once rather than from a run that fails later.
 */
export function inputProblems(request: RequestTexts): string[] {
  const ids: [string, string | null | undefined][] = [
    ['fragment id', request.fragmentId],
    ['project id', request.projectId],
    ['user id', request.userId],
    ['render job id', request.renderJobId],
    ['request id', request.requestId],
  ];
  return [
    ...ids.map(([what, value]) => (value === null || value === undefined ? null : identifierProblem(what, value))),
    request.animation?.url === undefined ? null : identifierProblem('animation URL', request.animation.url, MAX_URL_CHARS),
    textProblem('user message', request.userInput),
    textProblem('animation title', request.animation?.title),
    textProblem('animation description', request.animation?.description),
  ].filter((p) => p !== null);
}
