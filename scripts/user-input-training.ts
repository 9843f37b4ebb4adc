/**
 * How the user-input classifier's heads are trained and their thresholds chosen
 * (scripts/train-user-input-model.ts runs it on the labelled sets).
 */
import crypto from 'node:crypto';
import { bestWindows, FEATURE_BITS, type Features, scoreWith, WINDOW_KINDS, type WindowKind } from '../src/analyzers/user-input/classifier';

const DIM = 1 << FEATURE_BITS;
const EPOCHS = 12;
const RATE = 0.5;
const L2 = 1e-4;
const FOLDS = 5;
/** Fold assignments whose out-of-fold scores are pooled: one assignment's few highest benign scores move the threshold. */
const REPEATS = 3;
/**
 * Benign messages allowed over the threshold, out of fold, and more allowed over the window threshold
 * only: 0.3% in all. Out-of-fold scores on one's own writing run low: at 0.5% the held-out part failed 1.6%
 * of its benign requests (docs/user-input-security.md).
 */
const BENIGN_ABOVE_THRESHOLD = 0.002;
const BENIGN_ABOVE_WINDOW_THRESHOLD = 0.001;

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

export interface Example {
  /** The message's id: its fold follows from it, a variant (`id~encoding`) with its original. */
  id: string;
  features: Features;
  y: 0 | 1;
  /** Made from a message for training only (a window of it): not one of the messages the thresholds are counted on. */
  derived?: boolean;
  /** How much it weighs in training, 1 unless said. */
  weight?: number;
}

function train(examples: readonly Example[], seed: number): { weights: Float64Array; bias: number } {
  const weights = new Float64Array(DIM);
  const squares = new Float64Array(DIM).fill(1e-8);
  let bias = 0;
  let biasSquares = 1e-8;
  const total = [0, 0];
  for (const e of examples) if (!e.derived) total[e.y] += e.weight ?? 1;
  // Each class's messages weigh as much as the other's in total; windows made for training weigh on top.
  const classWeight = [(total[0] + total[1]) / (2 * total[0]), (total[0] + total[1]) / (2 * total[1])];
  const random = generator(seed);
  const order = examples.map((_, i) => i);
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const index of order) {
      const { features, y, weight = 1 } = examples[index];
      const norm = 1 / Math.sqrt(Math.max(1, features.buckets.length));
      const p = scoreWith(weights, 1, bias, features);
      const g = (p - y) * classWeight[y] * weight;
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

/** The fold of a message in one fold assignment, by a hash of its id (its original's, for a variant): never by its position. */
export function foldOf(id: string, repeat: number): number {
  return (
    crypto
      .createHash('sha256')
      .update(`fold:${repeat}:${id.split('~')[0]}`)
      .digest()
      .readUInt32BE(0) % FOLDS
  );
}

/** The lowest score (at least 0.5) at which at most `allowed` of the scores lie above it. */
function cut(scores: number[], allowed: number): number {
  const sorted = [...scores].sort((a, b) => b - a);
  return Math.max(0.5, (sorted[allowed] ?? 0) + 1e-6);
}

/**
 * The thresholds, from out-of-fold scores: the benign out-of-fold scores of REPEATS fold assignments pooled,
 * so the cut rests on several times as many high benign scores as one assignment gives. The message's
 * threshold: at most 0.2% of benign messages score above it. One threshold for every window: at most 0.1%
 * more have a window above it. Each kind of window's (classifier.ts): that 0.1% shared between the kinds by
 * how many messages have a window of each, and never above the one for every window, since a kind few
 * messages have leaves its cut to the two or three highest scores. Windows made for training are not
 * counted: the shares are of messages.
 */
function thresholds(examples: readonly Example[], seed: number): { threshold: number; windowThresholds: Record<WindowKind, number> } {
  const whole: number[] = [];
  const windows: Record<WindowKind, number | undefined>[] = [];
  for (let repeat = 0; repeat < REPEATS; repeat++) {
    const folds = examples.map((e) => foldOf(e.id, repeat));
    for (let fold = 0; fold < FOLDS; fold++) {
      const { weights, bias } = train(
        examples.filter((_, i) => folds[i] !== fold),
        seed + repeat * FOLDS + fold,
      );
      const { scale, bytes } = quantise(weights);
      examples.forEach((e, i) => {
        if (folds[i] !== fold || e.y !== 0 || e.derived) return;
        whole.push(scoreWith(bytes, scale, bias, e.features));
        const best = bestWindows(bytes, scale, bias, e.features);
        windows.push(Object.fromEntries(WINDOW_KINDS.map((k) => [k, best?.[k]?.probability])) as Record<WindowKind, number | undefined>);
      });
    }
  }
  const threshold = cut(whole, Math.floor(whole.length * BENIGN_ABOVE_THRESHOLD));
  return { threshold, windowThresholds: windowThresholdsOf(whole, windows, threshold) };
}

/**
 * Each kind of window's threshold, from the benign messages' out-of-fold scores: the whole message's, and
 * its best window of each kind (none when it has no such window). Only messages under the message's
 * threshold count: the others fail anyway.
 */
export function windowThresholdsOf(
  whole: readonly number[],
  windows: readonly Record<WindowKind, number | undefined>[],
  threshold: number,
): Record<WindowKind, number> {
  const below = (scores: (number | undefined)[], allowed: number) =>
    Math.max(
      threshold,
      cut(
        scores.filter((score, i): score is number => whole[i] < threshold && score !== undefined),
        Math.floor(allowed),
      ),
    );
  // One threshold for every window: what a kind's own may not exceed.
  const shared = below(
    windows.map((w) => Math.max(...WINDOW_KINDS.map((k) => w[k] ?? 0))),
    whole.length * BENIGN_ABOVE_WINDOW_THRESHOLD,
  );
  const had = (kind: WindowKind) => windows.filter((w) => w[kind] !== undefined).length;
  // With no windows at all, no kind has a share.
  const withWindows = Math.max(
    1,
    WINDOW_KINDS.reduce((n, k) => n + had(k), 0),
  );
  const windowThreshold = (kind: WindowKind) =>
    Math.min(
      shared,
      below(
        windows.map((w) => w[kind]),
        (whole.length * BENIGN_ABOVE_WINDOW_THRESHOLD * had(kind)) / withWindows,
      ),
    );
  return Object.fromEntries(WINDOW_KINDS.map((k) => [k, windowThreshold(k)])) as Record<WindowKind, number>;
}

export interface TrainedHead {
  bias: number;
  scale: number;
  threshold: number;
  windowThresholds: Record<WindowKind, number>;
  bytes: Int8Array;
}

/** A head trained on the examples and its thresholds, whatever order the examples come in (they are taken by id). */
export function trainHead(examples: readonly Example[], seed: number): TrainedHead {
  const byId = [...examples].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const { weights, bias } = train(byId, seed);
  return { bias, ...quantise(weights), ...thresholds(byId, seed) };
}
