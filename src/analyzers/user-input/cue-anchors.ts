/**
 * A cue's anchors, or a pattern's: literal strings one of which begins every match of the expression
 * (read from its source). A text that holds none of them cannot match it, so one pass over a text for
 * every rule's anchors (match-rules.ts) tells which sentences a cue need be tried on, and a pattern read.
 */
import { depthEventsOf } from './regex-source';

/** A string a match can begin with; `open` while what follows in the expression is still being added. */
interface Prefix {
  text: string;
  open: boolean;
}

/** Beyond this many prefixes an expression's strings stop growing: shorter anchors, more sentences tried. */
const MAX_PREFIXES = 512;
/** A character class of more characters than this ends the anchor before it. */
const MAX_CLASS = 16;

const ESCAPED_CHARACTER: Record<string, string> = { n: '\n', t: '\t', r: '\r', f: '\f', v: '\v', '0': '\0' };
const DIGITS = [...'0123456789'];

const QUANTIFIER = /(?:[?*+]|\{(\d+)(?:(,)(\d*))?\})\??/y;
const GROUP_KIND = /\?(?:<?[=!]|:|<[\w$]+>)?/y;
const CHARACTER_CODE = /x([0-9a-fA-F]{2})|u([0-9a-fA-F]{4})/y;

/** Reads a regular expression's source (no flags) into the prefixes of what it matches. */
class AnchorReader {
  private at = 0;
  constructor(
    private readonly source: string,
    private readonly maxLength: number,
  ) {}

  /** The match of a sticky expression where the reading is (or at `at`). */
  private sticky(expression: RegExp, at = this.at): RegExpExecArray | null {
    expression.lastIndex = at;
    return expression.exec(this.source);
  }

  /** The prefixes of the whole source. */
  read(): Prefix[] {
    const prefixes = this.alternatives();
    if (this.at !== this.source.length) throw new Error(`unexpected ${this.source[this.at]} at ${this.at}`);
    return prefixes;
  }

  /** `a|b|…` up to a closing parenthesis or the end. */
  private alternatives(): Prefix[] {
    let prefixes = this.sequence();
    while (this.source[this.at] === '|') {
      this.at++;
      prefixes = prefixes.concat(this.sequence());
    }
    return prefixes;
  }

  /** One alternative: each element's strings appended to the open prefixes, until one can be anything. */
  private sequence(): Prefix[] {
    let open = new Set(['']);
    const closed = new Set<string>();
    const close = (text: string) => closed.add(text.slice(0, this.maxLength));
    while (this.at < this.source.length && this.source[this.at] !== '|' && this.source[this.at] !== ')') {
      if (open.size === 0) {
        this.skipAlternative();
        break;
      }
      const element = this.quantified(this.atom());
      if (element === null || open.size * element.length > MAX_PREFIXES) {
        // It can be anything, or too many strings: each open prefix ends here, or, when still empty, with the element's beginnings.
        for (const text of open)
          if (text !== '' || element === null) close(text);
          else for (const e of element) close(e.text);
        open = new Set();
        continue;
      }
      const next = new Set<string>();
      for (const text of open)
        for (const e of element) {
          const longer = text + e.text;
          if (e.open && longer.length < this.maxLength) next.add(longer);
          else close(longer);
        }
      open = next;
    }
    return [...[...open].map((text) => ({ text, open: true })), ...[...closed].map((text) => ({ text, open: false }))];
  }

  /** Past the rest of an alternative, to its `|` or the `)` that closes its group: nothing of it is added. */
  private skipAlternative(): void {
    for (const { at, char, depth } of depthEventsOf(this.source, this.at))
      if ((char === '|' && depth === 0) || depth < 0) {
        this.at = at;
        return;
      }
    this.at = this.source.length;
  }

  /** The element with its quantifier applied; null when it can be anything. */
  private quantified(element: Prefix[] | null): Prefix[] | null {
    const quantifier = this.sticky(QUANTIFIER);
    if (!quantifier) return element;
    this.at += quantifier[0].length;
    const [symbol, least, comma, most] = [quantifier[0][0], quantifier[1], quantifier[2], quantifier[3]];
    if (symbol === '?') return element && [...element, { text: '', open: true }];
    // More of it may follow: what it begins with is known, nothing after.
    const closed = element?.map((e) => ({ text: e.text, open: false })) ?? null;
    if (symbol === '*') return [{ text: '', open: false }];
    if (symbol === '+') return closed;
    const n = Number(least);
    if (n === 0) return [{ text: '', open: false }];
    if (element === null) return null;
    let repeated: Prefix[] = [{ text: '', open: true }];
    for (let i = 0; i < n && repeated.length <= MAX_PREFIXES; i++)
      repeated = repeated.flatMap((r) => (r.open ? element.map((e) => ({ text: r.text + e.text, open: e.open })) : [r]));
    const exact = !comma || Number(most) === n;
    return exact && repeated.length <= MAX_PREFIXES ? repeated : repeated.map((r) => ({ text: r.text, open: false }));
  }

  /** One atom's strings: [''] for an assertion (it matches no character), null when it can be anything. */
  private atom(): Prefix[] | null {
    const char = this.source[this.at++];
    if (char === '(') {
      const kind = this.sticky(GROUP_KIND)?.[0] ?? '';
      this.at += kind.length;
      const inside = this.alternatives();
      if (this.source[this.at++] !== ')') throw new Error(`unclosed group before ${this.at}`);
      return /[=!]$/.test(kind) ? [{ text: '', open: true }] : inside;
    }
    if (char === '[') return this.characterClass();
    if (char === '\\') return this.escape(false);
    if (char === '^' || char === '$') return [{ text: '', open: true }];
    if (char === '.') return null;
    return [{ text: char, open: true }];
  }

  /** After a backslash: a literal, a set of digits, an assertion, or null for a class of many characters. */
  private escape(inClass: boolean): Prefix[] | null {
    const char = this.source[this.at++];
    if (char === 'b' && !inClass) return [{ text: '', open: true }];
    if (char === 'B' && !inClass) return [{ text: '', open: true }];
    if (char === 'd') return DIGITS.map((d) => ({ text: d, open: true }));
    if (char in ESCAPED_CHARACTER) return [{ text: ESCAPED_CHARACTER[char], open: true }];
    const code = this.sticky(CHARACTER_CODE, this.at - 1);
    if ((char === 'x' || char === 'u') && code) {
      this.at += code[0].length - 1;
      return [{ text: String.fromCharCode(Number.parseInt(code[1] ?? code[2], 16)), open: true }];
    }
    if (/[a-zA-Z0-9]/.test(char)) return null; // \w, \s, \p{…}, a back reference: many strings
    return [{ text: char, open: true }];
  }

  /** `[…]`: its characters when it names a few; null when negated or large. */
  private characterClass(): Prefix[] | null {
    const negated = this.source[this.at] === '^';
    if (negated) this.at++;
    const chars: string[] = [];
    let many = negated;
    let previous: string | null = null;
    while (this.at < this.source.length && this.source[this.at] !== ']') {
      const char = this.source[this.at++];
      if (char === '\\') {
        const escaped = this.escape(true);
        if (escaped === null || escaped.length !== 1) {
          many ||= escaped === null;
          if (escaped) chars.push(...escaped.map((e) => e.text));
          previous = null;
        } else {
          chars.push(escaped[0].text);
          previous = escaped[0].text;
        }
      } else if (char === '-' && previous !== null && this.source[this.at] !== ']') {
        const last = this.source[this.at++];
        for (let code = previous.charCodeAt(0) + 1; code <= last.charCodeAt(0) && chars.length <= MAX_CLASS; code++)
          chars.push(String.fromCharCode(code));
        many ||= last.charCodeAt(0) - previous.charCodeAt(0) > MAX_CLASS;
        previous = null;
      } else {
        chars.push(char);
        previous = char;
      }
    }
    if (this.source[this.at++] !== ']') throw new Error('unclosed character class');
    return many || chars.length > MAX_CLASS ? null : [...new Set(chars)].map((text) => ({ text, open: true }));
  }
}

/**
 * The strings of at most `maxLength` characters one of which begins every match of the cue, the fewest
 * and longest the reader finds; null when the cue has flags this reading does not follow or can match
 * anywhere (its sentences are then all tried).
 */
export function anchorsOf(cue: RegExp, maxLength: number): string[] | null {
  if (cue.flags.replace(/[gy]/g, '') !== '') return null;
  const texts = new Set(new AnchorReader(cue.source, maxLength).read().map((p) => p.text));
  if (texts.has('')) return null;
  // A string that begins with another anchor adds nothing: the shorter one is found wherever it is.
  const beginsWithAnother = (text: string) => {
    for (let n = 1; n < text.length; n++) if (texts.has(text.slice(0, n))) return true;
    return false;
  };
  return [...texts].filter((text) => !beginsWithAnother(text));
}
