/**
 * `npm run train:user-input`: trains the learned layer of the user-input screening
 * (src/analyzers/user-input/classifier.ts) and writes src/analyzers/user-input/model.json.
 *
 * Data: the tuning parts of corpus/user-input/own/ and public/ (testkit/user-input-sets.ts), never the
 * held-out parts nor scanners/. Each message is read as the classifier reads it: normalised, letters
 * undone (normalise.ts). Two heads, each a logistic regression over the same hashed features:
 * `attack` (attacks against benign messages) and `harm` (harmful requests against benign messages).
 * Training is deterministic: AdaGrad in a fixed order of epochs shuffled by a seeded generator, so the
 * same data gives the same bytes. A benign message longer than the classifier's window also gives its
 * windows, every quarter window, built from the message's own features as the classifier slides over them,
 * as benign examples that together weigh as much as one message, on top of the balance of the classes
 * (counted in messages). Each head's thresholds are chosen from out-of-fold
 * scores (5 folds by a hash of each id, three such assignments pooled: scripts/user-input-training.ts): the
 * message's, the lowest at which at most 0.2% of the benign messages score above it; a window's, the lowest
 * at which at most 0.1% more have a window above it.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  FEATURE_BITS,
  type Features,
  featuresOf,
  type Head,
  spanOf,
  WINDOW_KINDS,
  WINDOW_WORDS,
} from '../src/analyzers/user-input/classifier';
import { readingByParagraph } from '../src/analyzers/user-input/normalise';
import { PROJECT_ROOT } from '../src/config';
import { loadUserInputSets, type SetMessage } from '../testkit/user-input-sets';
import { type Example, type TrainedHead, trainHead } from './user-input-training';

const OUT = path.join(PROJECT_ROOT, 'src', 'analyzers', 'user-input', 'model.json');

/** Benign windows start every quarter window: the classifier scores every window, at every word. */
const STRIDE = WINDOW_WORDS / 4;

/** Windows of a benign message's words, as the classifier scores them: a fragment of maths must score as maths. */
function windowsOf(id: string, features: Features): Example[] {
  const windows: Example[] = [];
  const n = features.tokens.length;
  for (let from = 0; from + WINDOW_WORDS < n + STRIDE; from += STRIDE) {
    const to = Math.min(n, from + WINDOW_WORDS);
    if (to - from < WINDOW_WORDS / 2) break;
    windows.push({ id: `${id}~window${from}`, features: spanOf(features, from, to), y: 0, derived: true });
  }
  // Together they weigh one message.
  for (const window of windows) window.weight = 1 / windows.length;
  return windows;
}

function examplesFor(head: Head, messages: readonly SetMessage[]): Example[] {
  const positive = head === 'attack' ? 'attack' : 'harmful';
  const examples: Example[] = [];
  for (const m of messages.filter((m) => m.label === positive || m.label === 'benign')) {
    const features = featuresOf(readingByParagraph(m.text));
    examples.push({ id: m.id, features, y: m.label === positive ? 1 : 0 });
    if (m.label === 'benign' && features.tokens.length > WINDOW_WORDS) examples.push(...windowsOf(m.id, features));
  }
  return examples;
}

function main(): void {
  const tuning = loadUserInputSets().filter((m) => m.split === 'tune');
  const heads: Record<string, Omit<TrainedHead, 'bytes'> & { weights: string }> = {};
  const counts: Record<string, number> = {};
  for (const m of tuning) counts[`${m.set} ${m.label}`] = (counts[`${m.set} ${m.label}`] ?? 0) + 1;
  for (const [index, head] of (['attack', 'harm'] as const).entries()) {
    const examples = examplesFor(head, tuning);
    const seed = 2026 + index * 100;
    const { bias, scale, threshold, windowThresholds, bytes } = trainHead(examples, seed);
    heads[head] = { bias, scale, threshold, windowThresholds, weights: Buffer.from(bytes.buffer).toString('base64') };
    console.log(
      `${head}: ${examples.length} examples (${examples.filter((e) => e.y).length} positive), threshold ${threshold.toFixed(3)}, in a window of ${WINDOW_KINDS.map((k) => `${k} ${windowThresholds[k].toFixed(3)}`).join(', ')}`,
    );
  }
  const model = {
    version: 'user-input-classifier/v30',
    featureBits: FEATURE_BITS,
    trainedOn: { split: 'tune', messages: tuning.length, bySetAndLabel: counts },
    heads,
  };
  fs.writeFileSync(OUT, `${JSON.stringify(model, null, 2)}\n`);
  console.log(`${path.relative(PROJECT_ROOT, OUT)}: ${fs.statSync(OUT).size} bytes`);
}

main();
