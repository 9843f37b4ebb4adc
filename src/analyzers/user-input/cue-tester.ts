/**
 * A rule's cue as the regular expression its sentences are tried with, its words grouped by their first
 * letters (match-rules.ts tries it on the sentences that hold one of its anchors).
 */
import { depthEventsOf } from './regex-source';

/**
 * The top-level alternatives of a regular expression's source, with an alternative that is a whole
 * non-capturing group (`(?:a|b)`) opened into its own alternatives.
 */
function alternativesOf(source: string): string[] {
  const alternatives: string[] = [];
  let start = 0;
  // Where the alternative's first group closes (-1: none yet): a whole group when that is its last character.
  let firstClose = -1;
  const close = (end: number) => {
    const alternative = source.slice(start, end);
    if (firstClose === end - 1 && alternative.startsWith('(?:')) alternatives.push(...alternativesOf(alternative.slice(3, -1)));
    else alternatives.push(alternative);
    start = end + 1;
    firstClose = -1;
  };
  for (const { at, char, depth } of depthEventsOf(source)) {
    if (depth !== 0) continue;
    if (char === ')' && firstClose === -1) firstClose = at;
    else if (char === '|') close(at);
  }
  close(source.length);
  return alternatives;
}

/** Whether the source is one group, opened at its start and closed at its end. */
function closesAtEnd(source: string): boolean {
  for (const { at, char, depth } of depthEventsOf(source)) if (char === ')' && depth === 0) return at === source.length - 1;
  return false;
}

/**
 * The same alternatives with those that begin with the same letter sharing it (`ab|ac|d` as `a(?:b|c)|d`),
 * recursively: the engine then tries one branch per letter instead of every word at every position.
 * The order of alternatives changes, so a match can end elsewhere; where one can start, and so whether
 * a text holds one, does not.
 */
function sharingFirstLetters(source: string): string {
  const groups = new Map<string, string[]>();
  const rest: string[] = [];
  for (const alternative of alternativesOf(source)) {
    const first = alternative[0];
    if (alternative.length > 1 && /^[\p{L}\p{N} _'-]$/u.test(first) && !/^[?*+{]$/.test(alternative[1]))
      groups.set(first, [...(groups.get(first) ?? []), alternative.slice(1)]);
    else
      rest.push(
        alternative.startsWith('\\b(?:') && closesAtEnd(alternative.slice(2))
          ? `\\b(?:${sharingFirstLetters(alternative.slice(5, -1))})`
          : alternative,
      );
  }
  const shared = [...groups.entries()].map(([first, tails]) =>
    tails.length === 1 ? first + tails[0] : `${first}(?:${sharingFirstLetters(tails.join('|'))})`,
  );
  return [...shared, ...rest].join('|');
}

/** The cue with its words sharing their first letters: the same sentences match, tried faster. */
export const cueTester = (cue: RegExp) => new RegExp(sharingFirstLetters(cue.source), cue.flags);
