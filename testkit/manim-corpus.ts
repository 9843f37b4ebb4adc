import path from 'node:path';
import { loadLabelledSet, type LabelledAnimation, type LabelledSet } from '../src/calibration/labelled-set';
import { animationOutcome, finds, type LabelledEntry } from '../src/calibration/metrics';
import { PROJECT_ROOT } from '../src/config';
import type { EvalKind } from '../src/domain/types';
import type { NormalizedIssue } from '../src/kinds/verdict';
import { hintTimestampMs } from '../src/media/manifest';
import { FRAME_KINDS, type LocalResults } from './local-judge';

/**
 * The project's labelled corpora of real Manim renders (corpus/manim, see its
 * README), read from their labelled sets (labels.json, docs/calibration.md):
 * clean scenes and scenes with exactly one planted defect each.
 */
export interface CorpusVideo {
  /** The video's file name in the corpus folder. */
  file: string;
  /** Its Scene subclass in the corpus's scenes.py. */
  scene: string;
  /** The planted defect's name; null for a clean scene. */
  defect: string | null;
  /** Its entry of the labelled set. */
  animation: LabelledAnimation;
  /** Its labels as the calibration metrics read them. */
  labels: LabelledEntry;
}

export interface Corpus {
  name: string;
  dir: string;
  set: LabelledSet;
  videos: CorpusVideo[];
}

function loadCorpus(name: string): Corpus {
  const dir = path.join(PROJECT_ROOT, 'corpus', name);
  const set = loadLabelledSet(path.join(dir, 'labels.json'));
  const videos = set.animations.map((animation) => ({
    file: path.basename(animation.animation),
    scene: animation.scene!.class!,
    defect: animation.expect[0]?.name ?? null,
    animation,
    labels: { key: animation.id, expect: animation.expect, toleranceSeconds: set.toleranceSeconds, countFrom: set.countFrom },
  }));
  return { name, dir, set, videos };
}

/** The corpus the rules were tuned on; tests hold the judge to it. */
export const MANIM_CORPUS = loadCorpus('manim');
/** Scenes written by another author and never used for tuning: how the rules do on animations they were not fitted to. */
export const HOLDOUT_CORPUS = loadCorpus('manim-holdout');
export const corpusFile = (corpus: Corpus, video: CorpusVideo) => path.join(corpus.dir, video.file);

export type JudgedIssue = NormalizedIssue & { kind: EvalKind };

export interface CorpusScore {
  /** The issue that reports the planted defect (an expected kind and category, within the set's tolerance of its window), or null. */
  found: JudgedIssue | null;
  /** An issue of an expected kind and category, wherever it was placed (for the share placed in time). */
  named: JudgedIssue | null;
  /** Issues at or above the set's countFrom (MEDIUM) that report no planted defect: findings on clean scenes, or beside a scene's one defect. */
  falsePositives: JudgedIssue[];
}

/** How a judge did on one corpus video, by the calibration metrics' rules. */
export function scoreCorpusVideo(video: CorpusVideo, results: LocalResults): CorpusScore {
  const issues = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.map((i) => ({ ...i, kind, atMs: hintTimestampMs(i.frameHint) })));
  const { expect, toleranceSeconds } = video.labels;
  const found = issues.find((i) => expect.some((e) => finds(i, e, toleranceSeconds))) ?? null;
  const named = found ?? issues.find((i) => expect.some((e) => [e, ...e.alsoAs].some((k) => k.kind === i.kind && k.categories.includes(i.category)))) ?? null;
  return { found, named, falsePositives: animationOutcome(video.labels, issues).falseFindings };
}
