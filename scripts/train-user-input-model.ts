/**
 * `npm run train:user-input`: trains the learned layer of the user-input screening
 * (src/analyzers/user-input/classifier.ts) and writes src/analyzers/user-input/model.json.
 *
 * Data: the tuning parts of corpus/user-input/own/ and public/ (testkit/user-input-sets.ts), never the
 * held-out parts nor scanners/. Each message is read as the classifier reads it: normalised, letters
 * undone (normalise.ts). Two heads, each a logistic regression over the same hashed features:
 * `attack` (attacks against benign messages) and `harm` (harmful requests against benign messages).
 * Training is deterministic: AdaGrad in a fixed order of epochs shuffled by a seeded generator, so the
 * same data gives the same bytes. Each head's threshold is chosen from out-of-fold scores (5 folds of
 * the tuning data): the lowest at which at most 0.5% of the benign messages score above it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FEATURE_BITS, featuresOf, type Features, type Head, scoreWith } from '../src/analyzers/user-input/classifier';
import { deobfuscated } from '../src/analyzers/user-input/normalise';
import { PROJECT_ROOT } from '../src/config';
import { loadUserInputSets, type SetMessage } from '../testkit/user-input-sets';

const OUT = path.join(PROJECT_ROOT, 'src', 'analyzers', 'user-input', 'model.json');
const DIM = 1 << FEATURE_BITS;
const EPOCHS = 12;
const RATE = 0.5;
const L2 = 1e-6;
const FOLDS = 5;
const BENIGN_ABOVE_THRESHOLD = 0.005;

/** mulberry32: a small seeded generator, so a shuffle is the same on every run. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Example {
  features: Features;
  y: 0 | 1;
}

function train(examples: readonly Example[], seed: number): { weights: Float64Array; bias: number } {
  const weights = new Float64Array(DIM);
  const squares = new Float64Array(DIM).fill(1e-8);
  let bias = 0;
  let biasSquares = 1e-8;
  const positives = examples.filter((e) => e.y === 1).length;
  // Each class weighs as much as the other in total.
  const classWeight = [examples.length / (2 * (examples.length - positives)), examples.length / (2 * positives)];
  const random = generator(seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const index of order) {
      const { features, y } = examples[index];
      const norm = 1 / Math.sqrt(Math.max(1, features.buckets.length));
      const p = scoreWith(weights, 1, bias, features);
      const g = (p - y) * classWeight[y];
      for (const b of features.buckets) {
        const grad = g * norm + L2 * weights[b];
        squares[b] += grad * grad;
        weights[b] -= (RATE * grad) / Math.sqrt(squares[b]);
      }
      biasSquares += g * g;
      bias -= (RATE * g) / Math.sqrt(biasSquares);
    }
  }
  return { weights, bias };
}

/** int8 weights and their scale: 1 byte per bucket. */
function quantise(weights: Float64Array): { scale: number; bytes: Int8Array } {
  let max = 0;
  for (const w of weights) max = Math.max(max, Math.abs(w));
  const scale = max / 127 || 1;
  return { scale, bytes: Int8Array.from(weights, (w) => Math.round(w / scale)) };
}

function threshold(examples: readonly Example[], seed: number): number {
  const benignScores: number[] = [];
  for (let fold = 0; fold < FOLDS; fold++) {
    const held = examples.filter((_, i) => i % FOLDS === fold);
    const { weights, bias } = train(
      examples.filter((_, i) => i % FOLDS !== fold),
      seed + fold,
    );
    const { scale, bytes } = quantise(weights);
    for (const e of held) if (e.y === 0) benignScores.push(scoreWith(bytes, scale, bias, e.features));
  }
  benignScores.sort((a, b) => b - a);
  const allowed = Math.floor(benignScores.length * BENIGN_ABOVE_THRESHOLD);
  return Math.max(0.5, (benignScores[allowed] ?? 0) + 1e-6);
}

function examplesFor(head: Head, messages: readonly SetMessage[]): Example[] {
  const positive = head === 'attack' ? 'attack' : 'harmful';
  return messages
    .filter((m) => m.label === positive || m.label === 'benign')
    .map((m) => ({ features: featuresOf(deobfuscated(m.text)), y: m.label === positive ? 1 : 0 }));
}

function main(): void {
  const tuning = loadUserInputSets().filter((m) => m.split === 'tune');
  const heads: Record<string, { bias: number; scale: number; threshold: number; weights: string }> = {};
  const counts: Record<string, number> = {};
  for (const m of tuning) counts[`${m.set} ${m.label}`] = (counts[`${m.set} ${m.label}`] ?? 0) + 1;
  for (const [index, head] of (['attack', 'harm'] as const).entries()) {
    const examples = examplesFor(head, tuning);
    const seed = 2026 + index * 100;
    const cut = threshold(examples, seed);
    const { weights, bias } = train(examples, seed);
    const { scale, bytes } = quantise(weights);
    heads[head] = { bias, scale, threshold: cut, weights: Buffer.from(bytes.buffer).toString('base64') };
    console.log(`${head}: ${examples.length} examples (${examples.filter((e) => e.y).length} positive), threshold ${cut.toFixed(3)}`);
  }
  const model = {
    version: 'user-input-classifier/v4',
    featureBits: FEATURE_BITS,
    trainedOn: { split: 'tune', messages: tuning.length, bySetAndLabel: counts },
    heads,
  };
  fs.writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`${path.relative(PROJECT_ROOT, OUT)}: ${fs.statSync(OUT).size} bytes`);
}

main();
