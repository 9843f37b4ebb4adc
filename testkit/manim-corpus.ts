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
  dir: string;
  videos: CorpusVideo[];
}

function loadCorpus(name: string): Corpus {
  const dir = path.join(PROJECT_ROOT, 'corpus', name);
  return { name, dir, videos: (JSON.parse(fs.readFileSync(path.join(dir, 'labels.json'), 'utf8')) as { videos: CorpusVideo[] }).videos };
}

/** The corpus the rules were tuned on; tests hold the judge to it. */
export const MANIM_CORPUS = loadCorpus('manim');
/** Scenes written by another author and never used for tuning: how the rules do on animations they were not fitted to. */
export const HOLDOUT_CORPUS = loadCorpus('manim-holdout');
export const corpusFile = (corpus: Corpus, video: CorpusVideo) => path.join(corpus.dir, video.file);

/** A frame hint this close (ms) to the labelled window places the defect right. */
export const PLACEMENT_MS = 1_000;

export type JudgedIssue = NormalizedIssue & { kind: EvalKind };

export interface CorpusScore {
  /** The issue that reports the planted defect (expected kind and category, hint within 1 s of its window), or null. */
  found: JudgedIssue | null;
  /** An issue of an expected kind and category, wherever it was placed (for the share placed within 1 s). */
  named: JudgedIssue | null;
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
  const found = issues.find((i) => expected(i) && placed(i)) ?? null;
  const named = found ?? issues.find(expected) ?? null;
  return { found, named, falsePositives: issues.filter((i) => i.severity !== 'LOW' && !expected(i)) };
}
