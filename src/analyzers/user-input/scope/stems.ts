/** Word beginnings (accents are already off, so a maths word is ASCII). */
export const stems = (...words: string[]) => new RegExp(`\\b(?:${words.join('|')})`, 'g');

/** How many distinct words of the pattern the text holds. */
export const count = (pattern: RegExp, text: string) => new Set(text.match(pattern) ?? []).size;
