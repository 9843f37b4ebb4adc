/** Matching rules (a cue, then patterns) against a normalised message, sentence by sentence. */
import { scannerOf } from './cue-scan';

/** A rule that matched, with the words that decided it. */
export interface RuleMatch<R> {
  rule: R;
  quote: string;
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

/**
 * The sentences that hold the cue, in one scan of the text: a match inside a sentence marks it and the
 * scan goes on after it. A match across sentences (or between them), which testing each sentence alone
 * would not see, is settled by testing each sentence alone.
 */
function sentencesHolding(cue: RegExp, sentences: readonly Sentence[], text: string): string[] {
  const scanner = scannerOf(cue);
  const held: string[] = [];
  let i = 0;
  scanner.lastIndex = 0;
  for (let match = scanner.exec(text); match; match = scanner.exec(text)) {
    const end = match.index + match[0].length;
    while (sentences[i].end < match.index) i++;
    const sentence = sentences[i];
    if (match.index < sentence.start || end > sentence.end || end === match.index)
      return sentences.filter((s) => cue.test(s.text)).map((s) => s.text);
    held.push(sentence.text);
    if (++i === sentences.length) break;
    scanner.lastIndex = sentences[i].start;
  }
  return held;
}

/**
 * The first match of each rule in the text, quoted (at most 80 characters). A
 * rule's patterns read only the sentences that hold its cue: what a rule
 * matches lies within a sentence, and most of a long message holds no cue of most rules.
 */
export function matchRules<R extends { cue: RegExp; patterns: readonly RegExp[] }>(rules: readonly R[], text: string): RuleMatch<R>[] {
  const found: RuleMatch<R>[] = [];
  const sentences = sentencesOf(text);
  for (const rule of rules) {
    const read = sentences.length === 1 ? (rule.cue.test(text) ? text : '') : sentencesHolding(rule.cue, sentences, text).join(' . ');
    if (read === '') continue;
    for (const pattern of rule.patterns) {
      const match = pattern.exec(read);
      if (match) {
        found.push({ rule, quote: quoteOf(match[0]) });
        break;
      }
    }
  }
  return found;
}

export const quoteOf = (words: string) => {
  const trimmed = words.trim().replace(/\s+/g, ' ');
  return trimmed.length <= 80 ? trimmed : `${trimmed.slice(0, 79)}…`;
};
