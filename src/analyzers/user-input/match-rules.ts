/** Matching rules (a cue, then patterns) against a normalised message, sentence by sentence. */
import { type AnchorScan, anchorScan } from './anchor-scan';
import { cueTester } from './cue-tester';

/** A rule that matched, with the words that decided it. */
export interface RuleMatch<R> {
  rule: R;
  quote: string;
}

interface Rule {
  /** Words one of the patterns needs: its patterns read only the sentences that hold it. */
  cue: RegExp;
  patterns: readonly RegExp[];
}

/** The rules, ready to match a text: their cues' anchors indexed for one pass over it. */
export interface RuleSet<R> {
  /** The first match of each rule not skipped, quoted (at most 80 characters). */
  match(text: string, skip?: (rule: R) => boolean): RuleMatch<R>[];
}

const SENTENCE_END = /(?<=[.!?;。！？\n])\s+/g;

/** The sentences of a text (split where a sentence ends), each with where it starts and ends in the text. */
interface Sentence {
  text: string;
  start: number;
  end: number;
}

function sentencesOf(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let start = 0;
  for (const gap of text.matchAll(SENTENCE_END)) {
    sentences.push({ text: text.slice(start, gap.index), start, end: gap.index });
    start = gap.index + gap[0].length;
  }
  sentences.push({ text: text.slice(start), start, end: text.length });
  return sentences;
}

/** Each character's sentence, -1 between two. */
function sentenceOfEach(text: string, sentences: readonly Sentence[]): Int32Array {
  const sentenceOf = new Int32Array(text.length).fill(-1);
  sentences.forEach((sentence, i) => sentenceOf.fill(i, sentence.start, sentence.end));
  return sentenceOf;
}

/** The sentences in both ascending lists. */
function inBoth(a: readonly number[], b: readonly number[]): number[] {
  const both: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length; )
    if (a[i] < b[j]) i++;
    else if (a[i] > b[j]) j++;
    else {
      both.push(a[i]);
      i++;
      j++;
    }
  return both;
}

/**
 * The rules as a set: a rule's patterns read only the sentences that hold its cue (what a rule matches
 * lies within a sentence, and most of a long message holds no cue of most rules), its cue is tried only
 * on the sentences that hold one of its anchors, and each pattern reads only those of the cue's
 * sentences that hold one of the pattern's own anchors.
 */
export function ruleSet<R extends Rule>(rules: readonly R[]): RuleSet<R> {
  // Made at the first message: a process that never screens is spared the tens of milliseconds it takes.
  let made: { anchors: AnchorScan; cues: RegExp[]; firstPattern: number[] } | undefined;
  const make = () => {
    const patterns = rules.flatMap((rule) => rule.patterns);
    // Each rule's patterns in the scan's order after every cue: the first one's position.
    let at = rules.length;
    const firstPattern = rules.map((rule) => (at += rule.patterns.length) - rule.patterns.length);
    return {
      anchors: anchorScan([...rules.map((rule) => rule.cue), ...patterns]),
      cues: rules.map((rule) => cueTester(rule.cue)),
      firstPattern,
    };
  };
  return {
    match(text, skip) {
      made ??= make();
      const { anchors, cues, firstPattern } = made;
      const sentences = sentencesOf(text);
      const anchored = anchors.scan(text, sentenceOfEach(text, sentences), sentences.length);
      const found: RuleMatch<R>[] = [];
      rules.forEach((rule, r) => {
        if (anchored[r].length === 0 || skip?.(rule)) return;
        const cued = anchored[r].filter((s) => cues[r].test(sentences[s].text));
        if (cued.length === 0) return;
        for (const [i, pattern] of rule.patterns.entries()) {
          const read = inBoth(cued, anchored[firstPattern[r] + i]);
          if (read.length === 0) continue;
          const match = pattern.exec(read.map((s) => sentences[s].text).join(' . '));
          if (match) {
            found.push({ rule, quote: quoteOf(match[0]) });
            return;
          }
        }
      });
      return found;
    },
  };
}

export const quoteOf = (words: string) => {
  const trimmed = words.trim().replace(/\s+/g, ' ');
  return trimmed.length <= 80 ? trimmed : `${trimmed.slice(0, 79)}…`;
};
