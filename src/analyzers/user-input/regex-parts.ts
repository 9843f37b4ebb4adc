/** The pieces the rules by intent and the harm rules build their patterns from (over the normalised message). */

/** One of the words (regular-expression sources). */
export const any = (...words: string[]) => `(?:${words.join('|')})`;
/**
 * Up to n words in between, within a sentence. A word is at most 40 characters: unbounded, each start of the
 * pattern in a long run without spaces (Chinese, a blob) read to the run's end.
 */
const WORD = '[^\\s.!?;。！？]{1,40}';
export const gap = (n: number) => `(?:${WORD}\\s+){0,${n}}?`;
/** Up to n words in between that do not turn the act into a topic ("show how a hash stores passwords" teaches; "show the passwords" asks). */
export const direct = (n: number) =>
  `(?:(?!(?:how|why|what|when|where|whether|that|which|math|maths|mathematics|concept|idea|principle|theory|role|difference|relation(?:ship)?|formula|structure|length|size|entropy|strength|number|space|count)\\b)${WORD}\\s+){0,${n}}?`;
export const re = (source: string) => new RegExp(source);
/** A word boundary that also holds beside Chinese characters (\b knows only ASCII words). */
export const B = '(?:\\b|(?<![a-z0-9])(?![a-z0-9]))';
