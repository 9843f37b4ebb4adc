import model from './model.json';

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
  weights: Int8Array;
}

/** Hashed feature buckets: 2^16, one signed byte each per head. */
export const FEATURE_BITS = 16;
const MASK = (1 << FEATURE_BITS) - 1;
/**
 * Characters of a long message the classifier reads, half from its start and half from its end, where a
 * set-up and a payload sit; the rules read all of it. More n-grams add time and hardly any evidence.
 */
const MAX_CHARS = 3_000;
const window = (text: string) => (text.length <= MAX_CHARS ? text : `${text.slice(0, MAX_CHARS / 2)} ${text.slice(-MAX_CHARS / 2)}`);

function headOf(name: Head): HeadWeights {
  if (model.featureBits !== FEATURE_BITS)
    throw new Error(`model.json has ${model.featureBits}-bit features, the classifier reads ${FEATURE_BITS}: run npm run train:user-input`);
  const h = model.heads[name];
  const bytes = Buffer.from(h.weights, 'base64');
  return { bias: h.bias, scale: h.scale, threshold: h.threshold, weights: new Int8Array(bytes.buffer, bytes.byteOffset, bytes.length) };
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
  /** Feature buckets, each once. */
  buckets: number[];
}

const TOKEN = /\p{Script=Han}|[\p{L}\p{N}_'/.:<>|$-]+/gu;

/**
 * Calls `add` with each feature of the text (hashed bucket) and the index of the
 * word it came from: the word (`w:word`), the pair with the word before
 * (`b:before word`), each 3- and 4-character piece of ` word ` (`c:…`), hashed
 * without building the strings.
 */
function eachFeature(tokens: readonly string[], add: (bucket: number, word: number) => void): void {
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i];
    add(fnv(word, WORD) & MASK, i);
    if (i > 0) add(fnv(word, fnv(' ', fnv(tokens[i - 1], PAIR))) & MASK, i);
    const length = word.length + 2;
    const at = (j: number) => (j === 0 || j === length - 1 ? SPACE : word.charCodeAt(j - 1));
    for (let n = 3; n <= 4; n++)
      for (let j = 0; j + n <= length; j++) {
        let h = PIECE;
        for (let k = j; k < j + n; k++) h = Math.imul(h ^ at(k), FNV_PRIME);
        add((h >>> 0) & MASK, i);
      }
  }
}

/** The words the classifier reads: a run over 30 characters is a blob (base64, hex, an id), decoded elsewhere, not a word. */
const tokensOf = (text: string) => (window(text).match(TOKEN) ?? []).filter((t) => t.length <= 30);

/** Words, word pairs and the 3- and 4-letter pieces of each word (with its edges), hashed, each bucket once; Chinese characters are words. */
export function featuresOf(text: string): Features {
  const seen = new Uint8Array(1 << FEATURE_BITS);
  const buckets: number[] = [];
  eachFeature(tokensOf(text), (bucket) => {
    if (seen[bucket] === 0) {
      seen[bucket] = 1;
      buckets.push(bucket);
    }
  });
  return { buckets };
}

/** The words whose features weigh most towards a head's verdict (each bucket counted once, for its first word). */
function decidingWords(text: string, weights: Int8Array): string[] {
  const tokens = tokensOf(text);
  const seen = new Set<number>();
  const byWord = new Map<string, number>();
  eachFeature(tokens, (bucket, i) => {
    if (seen.has(bucket)) return;
    seen.add(bucket);
    if (weights[bucket] > 0) byWord.set(tokens[i], (byWord.get(tokens[i]) ?? 0) + weights[bucket]);
  });
  return [...byWord.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 4)
    .map(([word]) => word);
}

/** The logistic score of a head for these features (presence, scaled by the feature count). */
export function scoreWith(weights: ArrayLike<number>, scale: number, bias: number, features: Features): number {
  if (features.buckets.length === 0) return 1 / (1 + Math.exp(-bias));
  let sum = 0;
  for (const b of features.buckets) sum += weights[b];
  const z = bias + (sum * scale) / Math.sqrt(features.buckets.length);
  return 1 / (1 + Math.exp(-z));
}

export interface Judgement {
  head: Head;
  probability: number;
  /** Over the head's threshold, chosen at training time (held-out folds of the tuning data). */
  flagged: boolean;
  /** The words that weighed most towards the verdict. */
  words: string[];
}

export function classify(text: string, features = featuresOf(text)): Judgement[] {
  const all = loaded();
  return (['attack', 'harm'] as const).map((head) => {
    const h = all[head];
    const probability = scoreWith(h.weights, h.scale, h.bias, features);
    const flagged = probability >= h.threshold;
    return { head, probability, flagged, words: flagged ? decidingWords(text, h.weights) : [] };
  });
}

/** What the model file holds, for the bench and the docs: its size and where its data came from. */
export const MODEL_INFO = { version: model.version, featureBits: model.featureBits, trainedOn: model.trainedOn };
