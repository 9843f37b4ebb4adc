/**
 * `npm run train:user-input`: trains the learned layer of the user-input screening
 * (src/analyzers/user-input/classifier.ts) and writes src/analyzers/user-input/model.json.
 *
 * Data: the tuning parts of corpus/user-input/own/ and public/ (testkit/user-input-sets.ts), never the
 * held-out parts nor scanners/. Each message is read as the classifier reads it: normalised, letters
 * undone (normalise.ts). Two heads, each a logistic regression over the same hashed features:
 * `attack` (attacks against benign messages) and `harm` (harmful requests against benign messages).
 * Training is deterministic: AdaGrad in a fixed order of epochs shuffled by a seeded generator, so the
 * same data gives the same bytes. Each head's threshold is chosen from out-of-fold scores (5 folds by a
 * hash of each id, three such assignments pooled: scripts/user-input-training.ts): the lowest at which at
 * most 0.3% of the benign messages score above it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { FEATURE_BITS, featuresOf, type Head } from '../src/analyzers/user-input/classifier';
import { deobfuscated } from '../src/analyzers/user-input/normalise';
import { PROJECT_ROOT } from '../src/config';
import { loadUserInputSets, type SetMessage } from '../testkit/user-input-sets';
import { type Example, trainHead } from './user-input-training';

const OUT = path.join(PROJECT_ROOT, 'src', 'analyzers', 'user-input', 'model.json');

function examplesFor(head: Head, messages: readonly SetMessage[]): Example[] {
  const positive = head === 'attack' ? 'attack' : 'harmful';
  return messages
    .filter((m) => m.label === positive || m.label === 'benign')
    .map((m) => ({ id: m.id, features: featuresOf(deobfuscated(m.text)), y: m.label === positive ? 1 : 0 }));
}

function main(): void {
  const tuning = loadUserInputSets().filter((m) => m.split === 'tune');
  const heads: Record<string, { bias: number; scale: number; threshold: number; weights: string }> = {};
  const counts: Record<string, number> = {};
  for (const m of tuning) counts[`${m.set} ${m.label}`] = (counts[`${m.set} ${m.label}`] ?? 0) + 1;
  for (const [index, head] of (['attack', 'harm'] as const).entries()) {
    const examples = examplesFor(head, tuning);
    const seed = 2026 + index * 100;
    const { bias, scale, threshold, bytes } = trainHead(examples, seed);
    heads[head] = { bias, scale, threshold, weights: Buffer.from(bytes.buffer).toString('base64') };
    console.log(`${head}: ${examples.length} examples (${examples.filter((e) => e.y).length} positive), threshold ${threshold.toFixed(3)}`);
  }
  const model = {
    version: 'user-input-classifier/v23',
    featureBits: FEATURE_BITS,
    trainedOn: { split: 'tune', messages: tuning.length, bySetAndLabel: counts },
    heads,
  };
  fs.writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`${path.relative(PROJECT_ROOT, OUT)}: ${fs.statSync(OUT).size} bytes`);
}

main();
