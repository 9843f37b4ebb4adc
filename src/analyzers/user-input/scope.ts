/**
 * Whether the message is a request for a math animation at all. The product's
 * users ask for mathematics, its neighbours (physics, statistics, algorithms,
 * finance) and how to show it; a message with none of that (a request for
 * instructions, a persona, a wall of role-play) is out of scope, which is a
 * finding of its own, never a reason to fail a real math request because of a
 * loaded word in it.
 */
import { quoteOf } from './match-rules';
import { NOTATION, NUMBER, STRONG, STRONG_ZH, WEAK } from './scope/maths-words';
import { INSTEAD, PICTURE, rolePlayCues } from './scope/other-requests';
import { count } from './scope/stems';

export interface ScopeReading {
  /** Weighted count of maths words and notation. */
  signal: number;
  words: number;
  /** What the message is instead of a math animation request, and the words that show it; null when in scope. */
  instead: { what: string; quote: string } | null;
}

/**
 * Out of scope only on evidence that the message is something else: it asks
 * for instructions, a text, advice, or sets up a persona, with no mathematics
 * that makes it a request to show some (a word only maths uses, or notation),
 * or it is long prose with hardly any mathematics. A short request to show,
 * animate or explain something is in scope whatever its topic: a topic no word
 * list names is no evidence against it.
 */
export function readScope(text: string): ScopeReading {
  const han = (text.match(/\p{Script=Han}/gu) ?? []).length;
  // Words of prose: a pasted table of figures is data, not prose. (Tokens first, then the test for a letter:
  // one pattern for both backtracked over every start of a long run of digits.)
  const words = (text.match(/[\p{L}\d]+/gu) ?? []).filter((token) => /\p{L}/u.test(token)).length + han / 2;
  const strong = count(STRONG, text) + count(STRONG_ZH, text);
  const signal = 2 * strong + count(WEAK, text) + (NOTATION.test(text) ? 2 : NUMBER.test(text) ? 1 : 0);
  const reading = (instead: ScopeReading['instead']): ScopeReading => ({ signal, words: Math.round(words), instead });
  const picture = PICTURE.test(text);
  const persona = rolePlayCues(text) >= 4;
  if (words > 40) {
    // A wall of prose: in scope when maths is what it is about, or when it asks for a picture and sets up no persona.
    if (signal >= Math.max(2, words / 40) || (picture && !persona)) return reading(null);
    return reading({
      what: persona ? 'reads as a role-play or persona set-up' : 'is long prose that asks for no picture of any mathematics',
      quote: quoteOf(text.split(/\s+/).slice(0, 12).join(' ')),
    });
  }
  if (signal >= 2 || (picture && !persona)) return reading(null);
  if (rolePlayCues(text) >= 2)
    return reading({
      what: 'speaks to the assistant about its rules and answers',
      quote: quoteOf(text.split(/\s+/).slice(0, 12).join(' ')),
    });
  for (const { what, pattern } of INSTEAD) {
    const match = pattern.exec(text);
    if (match) return reading({ what, quote: quoteOf(match[0]) });
  }
  return reading(null);
}
