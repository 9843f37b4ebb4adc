import model from './model.json';
import { PARAGRAPH_BREAK } from './normalise';

/**
 * The learned layer: two logistic regressions (an attack on the system, a
 * harmful request) over hashed word and character n-grams of the normalised
 * message, trained by `npm run train:user-input` (scripts/train-user-input-model.ts)
 * on the tuning parts of the labelled sets in corpus/user-input/ (docs/user-input-security.md).
 * The weights are int8 in model.json, read once; no network, no native code.
 * It catches paraphrases the rules do not name, and says which words weighed most.
 */

export type Head = 'attack' | 'harm';

interface HeadWeights {
  bias: number;
  scale: number;
  threshold: number;
  windowThresholds: Record<WindowKind, number>;
  weights: Int8Array;
}

/** Hashed feature buckets: 2^18, one signed byte each per head (2^16 had too many n-grams share a bucket). */
export const FEATURE_BITS = 18;
const MASK = (1 << FEATURE_BITS) - 1;
/**
 * Characters of a long message the classifier reads, half from its start and half from its end, where a
 * set-up and a payload sit; the rules read all of it. More n-grams add time and hardly any evidence.
 */
const MAX_CHARS = 3_000;
const readPart = (text: string) => (text.length <= MAX_CHARS ? text : `${text.slice(0, MAX_CHARS / 2)} ${text.slice(-MAX_CHARS / 2)}`);

function headOf(name: Head): HeadWeights {
  if (model.featureBits !== FEATURE_BITS)
    throw new Error(`model.json has ${model.featureBits}-bit features, the classifier reads ${FEATURE_BITS}: run npm run train:user-input`);
  const h = model.heads[name];
  const bytes = Buffer.from(h.weights, 'base64');
  return {
    bias: h.bias,
    scale: h.scale,
    threshold: h.threshold,
    windowThresholds: h.windowThresholds,
    weights: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length),
  };
}

let heads: Record<Head, HeadWeights> | null = null;
const loaded = () => {
  heads ??= { attack: headOf('attack'), harm: headOf('harm') };
  return heads;
};

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** FNV-1a, 32 bits, continued from `h` over `text`. */
function fnv(text: string, h = FNV_OFFSET): number {
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), FNV_PRIME);
  return h >>> 0;
}
const WORD = fnv('w:');
const PAIR = fnv('b:');
const PIECE = fnv('c:');
const SPACE = 32;

export interface Features {
  /** Feature buckets, each once, in the order first met. */
  buckets: number[];
  /** The words read. */
  tokens: string[];
  /** Every word's buckets, word after word, as often as the word makes them: word i's end at `wordEnds[i]`. */
  wordBuckets: number[];
  wordEnds: number[];
  /** How many of the words up to word i, word i included, are Chinese characters. */
  hanEnds: number[];
  /** The words that begin a paragraph after the first (after a blank line), in order. */
  paragraphStarts: number[];
}

const TOKEN = /\p{Script=Han}|[\p{L}\p{N}_'/.:<>|$-]+/gu;
const HAN = /^\p{Script=Han}$/u;

/**
 * The words the classifier reads (a run over 30 characters is a blob: base64, hex, an id, decoded elsewhere,
 * not a word), and the words that begin a paragraph after the first.
 */
function tokensOf(text: string): { tokens: string[]; paragraphStarts: number[] } {
  const read = readPart(text);
  const breaks = [...read.matchAll(new RegExp(PARAGRAPH_BREAK, 'g'))].map((m) => m.index);
  const tokens: string[] = [];
  const paragraphStarts: number[] = [];
  let next = 0;
  for (const match of read.matchAll(TOKEN)) {
    if (match[0].length > 30) continue;
    let broken = false;
    while (next < breaks.length && breaks[next] < match.index) {
      next++;
      broken = true;
    }
    if (broken && tokens.length > 0) paragraphStarts.push(tokens.length);
    tokens.push(match[0]);
  }
  return { tokens, paragraphStarts };
}

/** Which buckets this message has met: a stamp per bucket, so no table is cleared or allocated per message. */
const metIn = new Uint32Array(1 << FEATURE_BITS);
let message = 0;

/**
 * The features of the text, each bucket once: per word, the word (`w:word`), the pair with the word
 * before (`b:before word`), then each 3- and each 4-character piece of ` word ` (`c:…`), hashed
 * without building the strings; Chinese characters are words.
 */
export function featuresOf(text: string): Features {
  const { tokens, paragraphStarts } = tokensOf(text);
  const buckets: number[] = [];
  const wordBuckets: number[] = [];
  const wordEnds: number[] = [];
  const hanEnds: number[] = [];
  let han = 0;
  message = message === 0xffffffff ? 1 : message + 1;
  if (message === 1) metIn.fill(0);
  const add = (bucket: number) => {
    wordBuckets.push(bucket);
    if (metIn[bucket] === message) return;
    metIn[bucket] = message;
    buckets.push(bucket);
  };
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i];
    add(fnv(word, WORD) & MASK);
    if (i > 0) add(fnv(word, fnv(' ', fnv(tokens[i - 1], PAIR))) & MASK);
    // ` word `: its edges are spaces.
    const length = word.length + 2;
    for (let n = 3; n <= 4; n++)
      for (let j = 0; j + n <= length; j++) {
        let h = PIECE;
        for (let k = j; k < j + n; k++) h = Math.imul(h ^ (k === 0 || k === length - 1 ? SPACE : word.charCodeAt(k - 1)), FNV_PRIME);
        add((h >>> 0) & MASK);
      }
    wordEnds.push(wordBuckets.length);
    if (word.length === 1 && HAN.test(word)) han++;
    hanEnds.push(han);
  }
  return { buckets, tokens, wordBuckets, wordEnds, hanEnds, paragraphStarts };
}

/** Where word i's buckets begin in `wordBuckets`. */
const wordStart = (features: Features, i: number) => (i === 0 ? 0 : features.wordEnds[i - 1]);
/** How many Chinese characters come before word i. */
const hanBefore = (features: Features, i: number) => (i === 0 ? 0 : features.hanEnds[i - 1]);

/** The words of `from` to `to` whose features weigh most towards a head's verdict (each bucket counted once, for its first word there). */
function decidingWords(features: Features, weights: Int8Array, from: number, to: number): string[] {
  const byWord = new Map<string, number>();
  const seen = new Set<number>();
  for (let i = from; i < to; i++)
    for (let k = wordStart(features, i); k < features.wordEnds[i]; k++) {
      const bucket = features.wordBuckets[k];
      const weight = weights[bucket];
      if (weight <= 0 || seen.has(bucket)) continue;
      seen.add(bucket);
      byWord.set(features.tokens[i], (byWord.get(features.tokens[i]) ?? 0) + weight);
    }
  return [...byWord.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([word]) => word);
}

/** The logistic score of the summed weights of `count` features: presence, scaled by the feature count. */
const probability = (bias: number, scale: number, sum: number, count: number) =>
  1 / (1 + Math.exp(-(count === 0 ? bias : bias + (sum * scale) / Math.sqrt(count))));

/** The logistic score of a head for these features. */
export function scoreWith(weights: ArrayLike<number>, scale: number, bias: number, features: Features): number {
  let sum = 0;
  for (const b of features.buckets) sum += weights[b];
  return probability(bias, scale, sum, features.buckets.length);
}

/**
 * Words a window holds. A message longer than this is also scored in every run of this many words: an
 * instruction or a harmful request appended to a long math request weighs, in the whole message, by its
 * share of the features, and a few sentences of maths drown it (docs/user-input-security.md).
 */
export const WINDOW_WORDS = 20;

/**
 * A window of mostly Chinese characters is `han`, any other `words`. Twenty characters are half a
 * sentence, and such fragments of maths score higher than twenty words do: with one threshold for both,
 * they set the threshold of every language (docs/user-input-security.md). Each kind has its own.
 * A `paragraph` is one of the paragraphs of a message longer than a window, short or long: an ask set apart
 * by a blank line is scored on its own words, not diluted by the words of the request around it.
 */
export type WindowKind = 'words' | 'han' | 'paragraph';
export const WINDOW_KINDS: readonly WindowKind[] = ['words', 'han', 'paragraph'];
/** Fewer words than this are a greeting or a thanks, not a paragraph that asks for something. */
const PARAGRAPH_MIN_WORDS = 5;
const kindOf = (features: Features, from: number, to: number): WindowKind =>
  2 * (hanBefore(features, to) - hanBefore(features, from)) > to - from ? 'han' : 'words';

/** How many words of the current window hold each bucket. */
const inWindow = new Uint16Array(1 << FEATURE_BITS);

export interface Scored {
  probability: number;
  /** The words, `from` up to `to`, that scored it. */
  from: number;
  to: number;
}

/** The features of words `from` to `to` of a message, as its windows are scored: each word's buckets, the pair with the word before included. */
export function spanOf(features: Features, from: number, to: number): Features {
  const start = wordStart(features, from);
  const wordBuckets = features.wordBuckets.slice(start, features.wordEnds[to - 1]);
  return {
    buckets: [...new Set(wordBuckets)],
    tokens: features.tokens.slice(from, to),
    wordBuckets,
    wordEnds: features.wordEnds.slice(from, to).map((end) => end - start),
    hanEnds: features.hanEnds.slice(from, to).map((end) => end - hanBefore(features, from)),
    paragraphStarts: features.paragraphStarts.filter((start) => start > from && start < to).map((start) => start - from),
  };
}

/** The highest-scoring window of each kind the message has (scoreWith's scaling, each bucket once), or none for a message that fits in one. */
export function bestWindows(
  weights: ArrayLike<number>,
  scale: number,
  bias: number,
  features: Features,
): Partial<Record<WindowKind, Scored>> | undefined {
  const n = features.tokens.length;
  if (n <= WINDOW_WORDS) return undefined;
  const { wordBuckets, wordEnds } = features;
  const best: Partial<Record<WindowKind, Scored>> = {};
  let sum = 0;
  let distinct = 0;
  // The window slides one word at a time: a bucket enters with the first word that holds it and leaves with the last.
  for (let i = 0; i < n; i++) {
    for (let k = wordStart(features, i); k < wordEnds[i]; k++)
      if (inWindow[wordBuckets[k]]++ === 0) {
        sum += weights[wordBuckets[k]];
        distinct++;
      }
    if (i >= WINDOW_WORDS)
      for (let k = wordStart(features, i - WINDOW_WORDS); k < wordEnds[i - WINDOW_WORDS]; k++)
        if (--inWindow[wordBuckets[k]] === 0) {
          sum -= weights[wordBuckets[k]];
          distinct--;
        }
    if (i >= WINDOW_WORDS - 1) {
      const p = probability(bias, scale, sum, distinct);
      const from = i - WINDOW_WORDS + 1;
      const kind = kindOf(features, from, i + 1);
      if (p > (best[kind]?.probability ?? -1)) best[kind] = { probability: p, from, to: i + 1 };
    }
  }
  for (let k = wordStart(features, n - WINDOW_WORDS); k < wordBuckets.length; k++) inWindow[wordBuckets[k]] = 0;
  // A message of one paragraph has none to score apart.
  if (features.paragraphStarts.length === 0) return best;
  const starts = [0, ...features.paragraphStarts, n];
  for (let p = 0; p + 1 < starts.length; p++) {
    const [from, to] = [starts[p], starts[p + 1]];
    if (to - from < PARAGRAPH_MIN_WORDS) continue;
    const probability = scoreWith(weights, scale, bias, spanOf(features, from, to));
    if (probability > (best.paragraph?.probability ?? -1)) best.paragraph = { probability, from, to };
  }
  return best;
}

/** The window that flags a head: the highest-scoring of those over their kind's threshold. */
export function flaggingWindow(
  windows: Partial<Record<WindowKind, Scored>> | undefined,
  thresholds: Record<WindowKind, number>,
): Scored | undefined {
  let flagging: Scored | undefined;
  for (const kind of WINDOW_KINDS) {
    const window = windows?.[kind];
    if (window && window.probability >= thresholds[kind] && window.probability > (flagging?.probability ?? -1)) flagging = window;
  }
  return flagging;
}

export interface Judgement {
  head: Head;
  probability: number;
  /** Over the head's threshold, or a window over its kind's, each chosen at training time (held-out folds of the tuning data). */
  flagged: boolean;
  /** The words that weighed most towards the verdict. */
  words: string[];
}

export function classify(text: string): Judgement[] {
  const features = featuresOf(text);
  const all = loaded();
  return (['attack', 'harm'] as const).map((head) => {
    const h = all[head];
    const whole = scoreWith(h.weights, h.scale, h.bias, features);
    const windows = whole >= h.threshold ? undefined : bestWindows(h.weights, h.scale, h.bias, features);
    const window = flaggingWindow(windows, h.windowThresholds);
    if (window)
      return { head, probability: window.probability, flagged: true, words: decidingWords(features, h.weights, window.from, window.to) };
    const flagged = whole >= h.threshold;
    return { head, probability: whole, flagged, words: flagged ? decidingWords(features, h.weights, 0, features.tokens.length) : [] };
  });
}

/** What the model file holds, for the bench and the docs: its size and where its data came from. */
export const MODEL_INFO = { version: model.version, featureBits: model.featureBits, trainedOn: model.trainedOn };
