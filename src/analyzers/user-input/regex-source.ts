/** Reading a regular expression's source: where its groups open and close and its alternatives begin. */

/** A group opened or closed, or an alternative begun, in a regular expression's source; `depth` is after it. */
export interface DepthEvent {
  at: number;
  char: '(' | ')' | '|';
  depth: number;
}

/** The source's groups and alternatives from `from` on, in order, outside escapes and character classes; depth 0 at `from`. */
export function* depthEventsOf(source: string, from = 0): Generator<DepthEvent> {
  let depth = 0;
  let inClass = false;
  for (let at = from; at < source.length; at++) {
    const char = source[at];
    if (char === '\\') at++;
    else if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '(') yield { at, char, depth: ++depth };
    else if (char === ')') yield { at, char, depth: --depth };
    else if (char === '|') yield { at, char, depth };
  }
}
