import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/config';
import type { EvalKind } from '../src/domain/types';
import type { NormalizedIssue } from '../src/kinds/verdict';
import { FRAME_KINDS, hintMs, type LocalResults } from './local-judge';

/**
 * The project's labelled corpus of real Manim renders (corpus/manim, see its
 * README): clean scenes and scenes with exactly one planted defect each, with
 * the (kind, category) pairs that should report it and when it is on screen.
 */
export interface CorpusVideo {
  file: string;
  scene: string;
  /** Null for a clean scene. */
  defect: string | null;
  description: string;
  /** Any one of these reporting the defect counts as finding it. */
  expect: { kind: EvalKind; category: string }[];
  /** Seconds [start, end] the defect is on screen; null for a clean scene. */
  window: [number, number] | null;
}

export interface Corpus {
  name: string;
  /** What the corpus is for, as the bench prints it. */
  role: string;
  dir: string;
  videos: CorpusVideo[];
}

function loadCorpus(name: string, role: string): Corpus {
  const dir = path.join(PROJECT_ROOT, 'corpus', name);
  return { name, role, dir, videos: (JSON.parse(fs.readFileSync(path.join(dir, 'labels.json'), 'utf8')) as { videos: CorpusVideo[] }).videos };
}

/** The corpus the rules were tuned on; tests hold the judge to it. */
export const MANIM_CORPUS = loadCorpus('manim', 'the rules were tuned on it');
/** Scenes written by another author and never used for tuning: how the rules do on animations they were not fitted to. */
export const HOLDOUT_CORPUS = loadCorpus('manim-holdout', 'never used for tuning');
/** Clean scenes that look like defects to a pixel judge (charts, tables, code, graphs on white, frame-filling fields, scrolling), and defects it used to miss; tests hold the judge to it. */
export const TRAPS_CORPUS = loadCorpus('manim-traps', 'clean scenes a pixel judge is tempted to fail, and defects it missed; the rules were tuned on it');
export const LABELLED_CORPORA = [MANIM_CORPUS, HOLDOUT_CORPUS, TRAPS_CORPUS] as const;
/**
 * Manim's qualities every corpus is rendered at: 480p15 (-ql, the renders its labels were checked
 * on, in the corpus's folder), 720p30 (-qm) and 1080p60 (-qh), each in a subfolder named after it.
 */
export const QUALITIES = ['480p15', '720p30', '1080p60'] as const;
export type Quality = (typeof QUALITIES)[number];
export const corpusFile = (corpus: Corpus, video: CorpusVideo, quality: Quality = '480p15') =>
  path.join(corpus.dir, quality === '480p15' ? '' : quality, video.file);

/** A frame hint this close (ms) to the labelled window places the defect right. */
export const PLACEMENT_MS = 1_000;

export type JudgedIssue = NormalizedIssue & { kind: EvalKind };

export interface CorpusScore {
  /** The MEDIUM or HIGH issue (one that fails its kind) that reports the planted defect (expected kind and category, hint within 1 s of its window), or null. */
  found: JudgedIssue | null;
  /** A MEDIUM or HIGH issue of an expected kind and category, wherever it was placed (for the share placed within 1 s). */
  named: JudgedIssue | null;
  /** A LOW issue (a guess, "check it") that names the defect when no MEDIUM or HIGH one does. */
  noted: JudgedIssue | null;
  /** MEDIUM and HIGH issues that report no planted defect: findings on clean scenes, or beside a scene's one defect. */
  falsePositives: JudgedIssue[];
}

/** How the local judge did on one corpus video. */
export function scoreCorpusVideo(video: CorpusVideo, results: LocalResults): CorpusScore {
  const issues: JudgedIssue[] = FRAME_KINDS.flatMap((kind) => results.get(kind)!.issues.map((i) => ({ ...i, kind })));
  const expected = (i: JudgedIssue) => video.expect.some((e) => e.kind === i.kind && e.category === i.category);
  const placed = (i: JudgedIssue) => {
    const ms = hintMs(i.frameHint);
    return video.window !== null && ms >= video.window[0] * 1000 - PLACEMENT_MS && ms <= video.window[1] * 1000 + PLACEMENT_MS;
  };
  const serious = issues.filter((i) => i.severity !== 'LOW');
  const found = serious.find((i) => expected(i) && placed(i)) ?? null;
  const named = found ?? serious.find(expected) ?? null;
  const noted = named ? null : (issues.find((i) => expected(i) && placed(i)) ?? null);
  return { found, named, noted, falsePositives: serious.filter((i) => !expected(i)) };
}
