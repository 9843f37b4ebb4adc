/**
 * Every expression's anchors (cue-anchors.ts), the rules' cues and their patterns, found in one pass over
 * a text: an Aho-Corasick automaton made a table of transitions, one lookup per character whatever the
 * number of expressions.
 */
import { anchorsOf } from './cue-anchors';

/** Anchors are cut to this many characters: a smaller table, a few more sentences to try an expression on. */
const ANCHOR_CHARS = 6;
/**
 * The table's columns: a letter or a space has one of its own; digits share one, other ASCII characters
 * a few, and any other character one of a few more (a Chinese anchor is then found where another
 * character of its column stands: more sentences tried, never fewer). A small table is quick to make.
 */
function columnOf(code: number): number {
  if (code === 0x20) return 1;
  if (code >= 0x61 && code <= 0x7a) return 2 + code - 0x61;
  if (code >= 0x30 && code <= 0x39) return 28;
  if (code < 0x80) return 29 + (code % 4);
  return 33 + (code % 8);
}
const COLUMNS = 41;

/** Where a text's sentences are: each character's sentence, -1 between two. */
export type SentenceOf = Int32Array;

export interface AnchorScan {
  /** For each expression (by position), the sentences that hold one of its anchors, ascending. */
  scan(text: string, sentenceOf: SentenceOf, sentenceCount: number): number[][];
}

/** An anchor ending at a state: its length and the expressions it begins. */
interface Found {
  length: number;
  expressions: readonly number[];
}

/** The automaton of the anchors of each expression; one without anchors holds in every sentence. */
export function anchorScan(expressions: readonly RegExp[]): AnchorScan {
  const anchorsByExpression = expressions.map((expression) => anchorsOf(expression, ANCHOR_CHARS));
  const expressionsOf = new Map<string, number[]>();
  anchorsByExpression.forEach((anchors, e) => {
    for (const anchor of anchors ?? []) expressionsOf.set(anchor, [...(expressionsOf.get(anchor) ?? []), e]);
  });
  const unanchored = anchorsByExpression.flatMap((anchors, e) => (anchors === null ? [e] : []));

  // Column 0: a character no anchor holds.
  const column = new Uint8Array(0x10000);
  for (const anchor of expressionsOf.keys())
    for (let i = 0; i < anchor.length; i++) column[anchor.charCodeAt(i)] = columnOf(anchor.charCodeAt(i));

  // The trie, in the table of transitions (-1: no child yet), and what ends at each state.
  const capacity = 1 + [...expressionsOf.keys()].reduce((sum, anchor) => sum + anchor.length, 0);
  const next = new Int32Array(capacity * COLUMNS).fill(-1);
  const ends: Found[][] = [[]];
  for (const [anchor, expressions] of expressionsOf) {
    let state = 0;
    for (let i = 0; i < anchor.length; i++) {
      const at = state * COLUMNS + column[anchor.charCodeAt(i)];
      if (next[at] === -1) {
        next[at] = ends.length;
        ends.push([]);
      }
      state = next[at];
    }
    ends[state].push({ length: anchor.length, expressions });
  }

  // Breadth first, each missing transition made the one of the longest suffix that is a state.
  const suffix = new Int32Array(ends.length);
  const queue: number[] = [];
  for (let c = 0; c < COLUMNS; c++)
    if (next[c] === -1) next[c] = 0;
    else queue.push(next[c]);
  for (let q = 0; q < queue.length; q++) {
    const state = queue[q];
    if (ends[suffix[state]].length > 0) ends[state] = ends[state].concat(ends[suffix[state]]);
    for (let c = 0; c < COLUMNS; c++) {
      const child = next[state * COLUMNS + c];
      const fallback = next[suffix[state] * COLUMNS + c];
      if (child === -1) next[state * COLUMNS + c] = fallback;
      else {
        suffix[child] = fallback;
        queue.push(child);
      }
    }
  }

  return {
    scan(text, sentenceOf, sentenceCount) {
      const marked: number[][] = anchorsByExpression.map(() => []);
      let state = 0;
      for (let at = 0; at < text.length; at++) {
        state = next[state * COLUMNS + column[text.charCodeAt(at)]];
        const found = ends[state];
        if (found.length === 0) continue;
        const sentence = sentenceOf[at];
        // An anchor across two sentences marks neither: what matches within one sentence cannot begin there.
        for (const { length, expressions } of found)
          if (sentence >= 0 && sentenceOf[at - length + 1] === sentence)
            for (const e of expressions) if (marked[e].at(-1) !== sentence) marked[e].push(sentence);
      }
      for (const e of unanchored) marked[e] = Array.from({ length: sentenceCount }, (_, s) => s);
      return marked;
    },
  };
}
