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
/** Characters of the message the classifier reads: the n-grams of a long message past this add nothing but time. */
const MAX_CHARS = 6_000;

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

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export interface Features {
  /** Feature buckets, each once. */
  buckets: number[];
}

const TOKEN = /\p{Script=Han}|[\p{L}\p{N}_'/.:<>|$-]+/gu;

/** Calls `add` with each feature of the text (hashed bucket) and the word it came from. */
function eachFeature(text: string, add: (bucket: number, word: string) => void): void {
  const tokens = text.slice(0, MAX_CHARS).match(TOKEN) ?? [];
  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i];
    add(hash(`w:${word}`) & MASK, word);
    if (i > 0) add(hash(`b:${tokens[i - 1]} ${word}`) & MASK, `${tokens[i - 1]} ${word}`);
    const padded = ` ${word} `;
    for (let n = 3; n <= 4; n++) for (let j = 0; j + n <= padded.length; j++) add(hash(`c:${padded.slice(j, j + n)}`) & MASK, word);
  }
}

/** Words, word pairs and the 3- and 4-letter pieces of each word (with its edges), hashed; Chinese characters are words. */
export function featuresOf(text: string): Features {
  const seen = new Set<number>();
  eachFeature(text, (bucket) => seen.add(bucket));
  return { buckets: [...seen] };
}

/** The words whose features weigh most towards a head's verdict (each bucket counted once, for its first word). */
function decidingWords(text: string, weights: Int8Array): string[] {
  const seen = new Set<number>();
  const byWord = new Map<string, number>();
  eachFeature(text, (bucket, word) => {
    if (seen.has(bucket)) return;
    seen.add(bucket);
    if (weights[bucket] > 0) byWord.set(word, (byWord.get(word) ?? 0) + weights[bucket]);
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
