/**
 * What the user's message says once the tricks that hide words from rules are
 * undone, before any rule reads it: compatibility forms (fullwidth, bold maths
 * letters), invisible characters, look-alike letters from other scripts, accents,
 * letters spaced or dotted apart, leetspeak; and the text hidden in base64, hex,
 * rot13, URL encoding or invisible Unicode tag characters, decoded. Every rule
 * and the classifier read these views, never the raw text.
 */

/** One reading of the message: the text the rules see, and how it was hidden (null for the message itself). */
export interface View {
  text: string;
  via: Encoding | null;
}

export type Encoding = 'base64' | 'hex' | 'rot13' | 'URL encoding' | 'invisible tag characters' | 'reversed text';

// Zero-width and format characters, soft hyphen, variation selectors, bidi controls, word joiners.
const INVISIBLE =
  /[\u00ad\u061c\u115f\u1160\u17b4\u17b5\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufeff\uffa0]|\u034f|[\u180b-\u180f]|[\ufe00-\ufe0f]/g;
// Unicode tag characters (U+E0000-E007F) mirror ASCII invisibly: text smuggled past the eye.
const TAGS = /[\u{e0000}-\u{e007f}]+/gu;

/** Letters of other scripts drawn like Latin ones, replaced only inside words that mix them with Latin letters. */
const CONFUSABLES: Record<string, string> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ӏ: 'l',
  һ: 'h',
  ɡ: 'g',
  ɑ: 'a',
  ο: 'o',
  α: 'a',
  ε: 'e',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ϲ: 'c',
  ꓲ: 'i',
  ı: 'i',
  ȷ: 'j',
};
const CONFUSABLE_CLASS = new RegExp(`[${Object.keys(CONFUSABLES).join('')}]`, 'g');
/** A letter or a mark of a word, tested on one code point. */
const WORD_PART = /^[\p{L}\p{M}]$/u;

/** The code point that ends before `i` (a surrogate pair is one). */
function codePointBefore(text: string, i: number): string {
  const low = text.charCodeAt(i - 1);
  const high = i >= 2 ? text.charCodeAt(i - 2) : 0;
  return low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff ? text.slice(i - 2, i) : text[i - 1];
}

/**
 * Look-alike letters mapped inside the words (runs of letters and marks) that mix them with Latin
 * letters; words are found around each look-alike, not by reading every word of the text.
 */
function unconfused(text: string): string {
  let out = '';
  let done = 0;
  for (const { index } of text.matchAll(CONFUSABLE_CLASS)) {
    if (index < done) continue;
    let start = index;
    while (start > done) {
      const before = codePointBefore(text, start);
      if (!WORD_PART.test(before)) break;
      start -= before.length;
    }
    let end = index + 1;
    while (end < text.length) {
      const next = String.fromCodePoint(text.codePointAt(end)!);
      if (!WORD_PART.test(next)) break;
      end += next.length;
    }
    const word = text.slice(start, end);
    out += text.slice(done, start) + (/[a-z]/.test(word) ? word.replace(CONFUSABLE_CLASS, (c) => CONFUSABLES[c]) : word);
    done = end;
  }
  return done === 0 ? text : out + text.slice(done);
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '!': 'i',
  '|': 'l',
  '+': 't',
  '€': 'e',
};

/** NFKC, invisibles out, quotes straightened, look-alikes in mixed words mapped, accents dropped, lower case, whitespace collapsed. */
export function plain(text: string): string {
  // Plain ASCII (most messages) has nothing to map, fold or drop but case and spacing.
  if (!/[^\x00-\x7f]/.test(text)) return text.toLowerCase().replace(/\s+/g, ' ').trim();
  const nfkc = text
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(TAGS, '')
    // A phone's keyboard types curly quotes: the rules are written with straight ones (someone's, "say …").
    .replace(/[\u2018\u2019\u201a\u201b\u02bc\u2032\u00b4]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u2033]/g, '"')
    .toLowerCase();
  // Accents off: the rules are written without them (instrucoes, regles, uberschreibe).
  return unconfused(nfkc)
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\s\u3000]+/g, ' ')
    .trim();
}

/** A blank line: where a paragraph ends. */
export const PARAGRAPH_BREAK = /\n[^\S\n]*\n/;
/** Paragraphs normalised one by one, at most this many: the rest is read as one. */
const MAX_PARAGRAPHS = 32;

/**
 * The message as the learned classifier reads it: each paragraph read as `deobfuscated` reads a message,
 * the paragraphs kept apart by a blank line, so that an ask set apart from the request around it is scored
 * on its own (classifier.ts). With its blank lines made spaces it is `deobfuscated(raw)`, what the rules
 * read: one line, so a blank line between the words of an order hides nothing from them.
 */
export function readingByParagraph(raw: string, base?: string): string {
  const paragraphs = raw.split(PARAGRAPH_BREAK);
  if (paragraphs.length < 2) return deobfuscated(raw, base);
  // The rest joined by a line break, not a space: letters of two paragraphs must not read as one spaced-out word.
  const kept =
    paragraphs.length <= MAX_PARAGRAPHS
      ? paragraphs
      : [...paragraphs.slice(0, MAX_PARAGRAPHS - 1), paragraphs.slice(MAX_PARAGRAPHS - 1).join('\n')];
  return kept
    .map((paragraph) => deobfuscated(paragraph))
    .filter((paragraph) => paragraph.length > 0)
    .join('\n\n');
}

/**
 * The message with letters spaced or punctuated apart joined (`i g n o r e   a l l`,
 * `i.g.n.o.r.e`; a run begins at a word's start, and words stay apart where the gap is wider), read plain, and
 * leetspeak read back in words that mix letters with digits or symbols
 * (`1gn0r3` is `ignore`; `2x`, `x2` and `x^2` stay).
 */
export function deobfuscated(raw: string, base?: string): string {
  const spaced = /[^\x00-\x7f]/.test(raw) ? /(?:\p{L}[ ._\-*/]){2,}\p{L}/u.test(raw) : /(?:[a-z][ ._\-*/]){2,}[a-z]/i.test(raw);
  const text = spaced
    ? plain(
        raw
          .normalize('NFKC')
          .replace(INVISIBLE, '')
          .replace(/(?<![\p{L}])(?:\p{L}[ ._\-*/]){2,}\p{L}(?![\p{L}])/gu, (run) => run.replace(/[ ._\-*/]/g, '')),
      )
    : (base ?? plain(raw));
  // Only words that mix letters with digits or symbols can be leetspeak.
  if (!/\p{L}[\d@$!|+€]|[\d@$!|+€]\p{L}/u.test(text)) return text;
  // Each run of three or more letters, digits and symbols that holds a digit or symbol, whole.
  return text.replace(/(?<![\p{L}\d@$!|+€])(?=[\p{L}\d@$!|+€]{3})[\p{L}\d@$!|+€]*[\d@$!|+€][\p{L}\d@$!|+€]*/gu, (token) => {
    // A long run of letters and digits is an encoded blob or an id, not a word in disguise.
    if (token.length > 24 || !/\p{L}/u.test(token)) return token;
    // A number with a variable or an ordinal (2x, x2, 10th, h2) is maths, not leetspeak.
    if (/^\d+(?:st|nd|rd|th|\p{L})$|^\p{L}\d+$/u.test(token)) return token;
    // The names of encodings, hashes and formats (base64, rot13, sha256, utf8, h264) are not words in disguise (fr33 is).
    if (/^(?:base|rot|sha|utf|md|crc|ipv|mp|h|x|rsa|aes|u?int|float|des|rc)\d+$/.test(token)) return token;
    return token.replace(/[\d@$!|+€]/g, (c) => LEET[c] ?? c);
  });
}

/**
 * Common words of the product's languages: a sentence with several reads as plain text, decoded or not.
 * The short ones (English and Romance articles and prepositions) keep a plain sentence that has few of
 * the others ("Model it as an SI process on an Erdős–Rényi graph") from reading as gibberish.
 */
const COMMON_WORDS =
  /\b(the|and|it|as|an|on|in|at|by|if|le|un|en|di|del|della|du|au|sur|dans|qui|you|your|all|ignore|instructions?|previous|system|prompt|print|tell|how|make|what|with|this|that|now|are|is|to|of|for|me|que|de|la|el|los|las|les|des|et|und|der|die|das|um|uma|os|do|da|il|che|per|con|para|por|pour|avec|mit|nicht|todas|todos|tous|alle|tutte|com|na|em|une|ein|eine|ist|est)\b/g;
/**
 * How many common words the text holds, of `shortest` letters or more. A decoded text counts only words of
 * three or more: a short word reversed or rotated is often another language's ("le" and "el", "en" and
 * "ne", "an" and "na"), so a plain sentence read backwards would count them.
 */
const wordHits = (text: string, shortest = 1) => (text.toLowerCase().match(COMMON_WORDS) ?? []).filter((w) => w.length >= shortest).length;

/** rot13 of the ASCII letters, by character code (a callback per letter costs more than the decoding). */
function rot13(text: string): string {
  const codes = new Array<number>(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    codes[i] = c >= 97 && c <= 122 ? ((c - 84) % 26) + 97 : c >= 65 && c <= 90 ? ((c - 52) % 26) + 65 : c;
  }
  let out = '';
  for (let i = 0; i < codes.length; i += 8192) out += String.fromCharCode(...codes.slice(i, i + 8192));
  return out;
}

/** Sentences, roughly: where a rot13 or reversed sentence begins and ends. */
const sentencesOf = (text: string) => text.split(/(?<=[.!?:;。！？\n])\s+/);

/** A path of two parts or more from the root, the home folder or a relative start: `/etc/passwd`, `../../x`, `~/.ssh/id_rsa`. */
const PATH = /(?:~|\.{1,2})?(?:\/[\w.-]+){2,}/;
const WHOLE_PATH = new RegExp(`^${PATH.source}$`);
const PATHS = new RegExp(PATH.source, 'g');
/** A path that names a place of the system, where a path hidden by rot13 is worth decoding. */
const SYSTEM_PLACE = /\/(?:etc|root|home|var|usr|proc|tmp)\b|\.(?:ssh|aws|env|git)\b|\bid_rsa\b/;

/** Readable text: mostly printable, with words in it, or an address or a path (a URL hidden as base64 or hex is readable to a fetch, a path to an open). */
function readable(text: string): boolean {
  if (text.length < 8) return false;
  if (/^(?:https?|ftp|file|s3|gs):\/\/[\x21-\x7e]+$/.test(text.trim())) return true;
  if (WHOLE_PATH.test(text.trim())) return true;
  const printable = text.replace(/[^\x20-\x7e\s\u00a0-\uffff]/g, '').length / text.length;
  // Two words apart; a word starts where no letter is before it, or a long run of letters is tried from each of its letters.
  return printable > 0.95 && !/\ufffd/.test(text) && /(?<!\p{L})\p{L}{2,}[\s,.:;!?]+\p{L}{2,}/u.test(text);
}

/** Text hidden in the message by an encoding, decoded: one view per encoding, holding every run that decodes to readable text. */
export function decodedViews(raw: string): View[] {
  const found = new Map<Encoding, string[]>();
  const add = (text: string, via: Encoding) => {
    if (readable(text)) found.set(via, [...(found.get(via) ?? []), text]);
  };
  for (const run of raw.match(TAGS) ?? [])
    add([...run].map((c) => String.fromCharCode(c.codePointAt(0)! - 0xe0000)).join(''), 'invisible tag characters');
  const text = raw.replace(INVISIBLE, '');
  for (const run of text.match(/[A-Za-z0-9+/_-]{16,}={0,2}/g) ?? []) {
    if (!/[0-9+/=_-]|[a-z][A-Z]/.test(run)) continue; // a long plain word is not base64
    add(Buffer.from(run.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8'), 'base64');
  }
  for (const run of text.match(/(?:(?:\\x|0x)?[0-9a-f]{2}[\s:,]?){12,}/gi) ?? []) {
    add(Buffer.from(run.replace(/\\x|0x|[\s:,]/gi, ''), 'hex').toString('utf8'), 'hex');
  }
  // A run starts after a space or a % (where the scan would find it first), not inside a word: no word is read from each of its letters.
  for (const run of text.match(/(?<![^\s%])(?:[^\s%]*%[0-9a-f]{2}){3,}[^\s%]*/gi) ?? []) {
    try {
      add(decodeURIComponent(run.replace(/\+/g, ' ')), 'URL encoding');
    } catch {
      // not URL encoding after all
    }
  }
  // rot13 and reversed text hide a sentence: one that reads as gibberish, and as English once decoded.
  for (const sentence of sentencesOf(text)) {
    if (sentence.length < 12 || wordHits(sentence) > 1) continue;
    const rotated = rot13(sentence);
    if (wordHits(rotated, 3) >= 3) add(rotated, 'rot13');
    const reversed = [...sentence].reverse().join('');
    if (wordHits(reversed, 3) >= 3) add(reversed, 'reversed text');
  }
  // A path hidden by rot13 inside a plain sentence (`/ebbg/.ffu/vq_efn`): decoded when it names a place of the system.
  for (const path of text.match(PATHS) ?? []) {
    const decoded = rot13(path);
    if (SYSTEM_PLACE.test(decoded)) add(decoded, 'rot13');
  }
  return [...found.entries()].map(([via, texts]) => ({ text: plain(texts.join(' / ')), via }));
}

/**
 * Every view of the message the rules judge: the plain text; the sentences that
 * read differently once disguised letters are undone (only those: the rest was
 * read already); then what was encoded, decoded.
 */
export function viewsOf(raw: string, base = plain(raw), reading = deobfuscated(raw, base)): View[] {
  const views: View[] = [{ text: base, via: null }];
  if (reading !== base) {
    const read = new Set(sentencesOf(base));
    const changed = sentencesOf(reading).filter((s) => !read.has(s));
    if (changed.length > 0) views.push({ text: changed.join(' '), via: null });
  }
  for (const decoded of decodedViews(raw)) {
    views.push(decoded);
    const again = deobfuscated(decoded.text);
    if (again !== decoded.text) views.push({ text: again, via: decoded.via });
  }
  return views;
}
