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
