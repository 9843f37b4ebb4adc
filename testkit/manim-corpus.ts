import path from 'node:path';
import { loadLabelledSet, type LabelledAnimation, type LabelledSet } from '../src/calibration/labelled-set';
import { animationOutcome, atLeast, finds, names, type LabelledEntry } from '../src/calibration/metrics';
import { PROJECT_ROOT } from '../src/config';
import type { EvalKind } from '../src/domain/types';
import type { NormalizedIssue } from '../src/domain/issue';
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
  /** What is on screen (the entry's note). */
  description: string;
  /** Its entry of the labelled set. */
  animation: LabelledAnimation;
  /** Its labels as the calibration metrics read them. */
  labels: LabelledEntry;
}

export interface Corpus {
  name: string;
  /** What the corpus is for, as the bench prints it. */
  role: string;
  dir: string;
  set: LabelledSet;
  videos: CorpusVideo[];
  /** Whether a video holds its scene's last frame (Manim's `-s`): its scene is inspected as that still. */
  still?: (video: CorpusVideo) => boolean;
}

/** A labelled animation of a corpus as the corpus tests and benches read it. */
export function corpusVideoOf(set: LabelledSet, animation: LabelledAnimation): CorpusVideo {
  return {
    file: path.basename(animation.animation),
    scene: animation.scene!.class!,
    defect: animation.expect[0]?.name ?? null,
    description: animation.note ?? animation.id,
    animation,
    labels: { key: animation.id, expect: animation.expect, toleranceSeconds: set.toleranceSeconds, countFrom: set.countFrom },
  };
}

function loadCorpus(name: string, role: string): Corpus {
  const dir = path.join(PROJECT_ROOT, 'corpus', name);
  const set = loadLabelledSet(path.join(dir, 'labels.json'));
  return { name, role, dir, set, videos: set.animations.map((animation) => corpusVideoOf(set, animation)) };
}

/** The corpus the rules were tuned on; tests hold the judge to it. */
export const MANIM_CORPUS = loadCorpus('manim', 'the rules were tuned on it');
/** Scenes written by another author and never used for tuning: how the rules do on animations they were not fitted to. */
export const HOLDOUT_CORPUS = loadCorpus('manim-holdout', 'never used for tuning');
/** Clean scenes that look like defects to a pixel judge (charts, tables, code, graphs on white, frame-filling fields, scrolling), and defects it used to miss; tests hold the judge to it. */
export const TRAPS_CORPUS = loadCorpus(
  'manim-traps',
  'clean scenes a pixel judge is tempted to fail, and defects it missed; the rules were tuned on it',
);
export const LABELLED_CORPORA = [MANIM_CORPUS, HOLDOUT_CORPUS, TRAPS_CORPUS] as const;
/**
 * Math-teaching scenes as an LLM writes them: one planted mathematical error, one text shown too briefly, or
 * clean with notation a checker misreads (docs/math-and-reading.md). The part the rules were tuned on; a part
 * by another author, measured before and after the one change its false findings led to; a second one,
 * written after that and measured before and after the rules its findings led to; and a third, never tuned on.
 */
export const mathCorpora = (): Corpus[] => [
  loadCorpus('manim-math', 'the math and reading rules were tuned on it'),
  loadCorpus('manim-math-holdout', 'by another author; one rule changed after its first measurement'),
  loadCorpus('manim-math-fresh', 'by another author after the rules were tuned; rules changed after its first measurement'),
  loadCorpus('manim-math-blind', 'by another author after those changes, never used for tuning'),
];
/**
 * Manim's qualities every corpus is rendered at: 480p15 (-ql, the renders its labels were checked
 * on, in the corpus's folder), 720p30 (-qm) and 1080p60 (-qh), each in a subfolder named after it.
 */
export const QUALITIES = ['480p15', '720p30', '1080p60'] as const;
export type Quality = (typeof QUALITIES)[number];
export const corpusFile = (corpus: Corpus, video: CorpusVideo, quality: Quality = '480p15') =>
  path.join(corpus.dir, quality === '480p15' ? '' : quality, video.file);

export type JudgedIssue = NormalizedIssue & { kind: EvalKind };

export interface CorpusScore {
  /** The issue at or above the set's countFrom (MEDIUM: one that fails its kind) that reports the planted defect (an expected kind and category, within the set's tolerance of its window), or null. */
  found: JudgedIssue | null;
  /** An issue at or above countFrom of an expected kind and category, wherever it was placed (for the share placed in time). */
  named: JudgedIssue | null;
  /** An issue under countFrom (a guess, "check it") that finds the defect when none at or above it does. */
  noted: JudgedIssue | null;
  /** Issues at or above countFrom that report no planted defect: findings on clean scenes, or beside a scene's one defect. */
  falsePositives: JudgedIssue[];
}

/** How a judge did on one corpus video, by the calibration metrics' rules. */
export function scoreCorpusVideo(video: CorpusVideo, results: LocalResults): CorpusScore {
  const issues = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.map((i) => ({ ...i, kind, atMs: i.timestampMs ?? null })));
  const { expect, toleranceSeconds, countFrom } = video.labels;
  const counted = issues.filter((i) => atLeast(i.severity, countFrom));
  const found = counted.find((i) => expect.some((e) => finds(i, e, toleranceSeconds))) ?? null;
  const named = found ?? counted.find((i) => expect.some((e) => names(i, e))) ?? null;
  const noted = named ? null : (issues.find((i) => expect.some((e) => finds(i, e, toleranceSeconds))) ?? null);
  return { found, named, noted, falsePositives: animationOutcome(video.labels, issues).falseFindings };
}
