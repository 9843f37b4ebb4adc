import type { IssueDraft, KindInput, Verdict } from '../domain/judgement';
import type { FrameManifest, LoadedFrame, VideoSignal } from '../media/manifest';
import { analysisContext, scoreFromIssues, type AnalysisContext } from './context';

/** Bumped whenever an analyzer's rules or thresholds change, so stored results say which rules made them. */
export const LOCAL_MODEL = 'local-analyzers/v34';

/**
 * What every local scorer looks at: the kind's input (the user's text, title,
 * description, duration) and the analysis context (the sampled frames measured
 * once, the whole-video signal). A scorer owns its kind's grading; which
 * analyzers it runs and how their findings become a score is its business.
 */
export interface ScorerInput {
  input: KindInput;
  ctx: AnalysisContext;
  /** What the recorded scene says, for a kind that reads it itself (its definition's `readsScene`). */
  scene?: SceneEvidence;
}

/** The recorded scene as a scorer reads it: when something plays, and the scene's findings for the kind. */
export interface SceneEvidence {
  /** When an animation plays (a wait apart): the picture is not frozen then, however little it changes. */
  playing: readonly { startMs: number; endMs: number }[];
  /** When a viewer reads a text just shown, for as long as it needs: a still picture then is not a freeze either. */
  reading: readonly { startMs: number; endMs: number }[];
  findings: readonly IssueDraft[];
}

/** A kind's local scorer (each kind's definition in src/kinds/ carries its own). */
export type LocalScorer = (input: ScorerInput, maxScore: number) => Verdict;

export interface LocalRequest {
  /** The kind judged (its definition, src/kinds/): its local scorer and maximum score. */
  definition: { localScorer: LocalScorer; maxScore: number };
  input: KindInput;
  /** The run's frames in index order; empty for kinds that do not use frames. */
  frames: readonly LoadedFrame[];
  manifest: FrameManifest | null;
  videoSignal?: VideoSignal | null;
  sceneEvidence?: SceneEvidence;
}

/**
 * The local verdict of one eval kind: its scorer over the sampled frames
 * (measured once per worker), the whole-video signal and the input, with no
 * network. The local judge's whole work, and what other judges merge in.
 */
export async function localVerdict(request: LocalRequest): Promise<Verdict> {
  const ctx = await analysisContext(request.frames, request.videoSignal ?? null, request.manifest);
  return request.definition.localScorer({ input: request.input, ctx, scene: request.sceneEvidence }, request.definition.maxScore);
}

/** A validation kind's verdict: full marks minus the issues' penalties; `clean` is the summary when nothing was found. */
export function validationVerdict(issues: IssueDraft[], maxScore: number, clean: string): Verdict {
  const summary = issues.length === 0 ? clean : `${issues.length} issue(s): ${[...new Set(issues.map((i) => i.category))].join(', ')}.`;
  return { score: scoreFromIssues(issues, maxScore), summary, issues };
}

/** Scales a 0-1 quality to a criterion's points. */
export const points = (max: number, quality: number) => Math.round(max * Math.min(1, Math.max(0, quality)));

/** A rubric criterion's maximum, by name. */
export const criterion = (list: readonly { name: string; maxScore: number }[], name: string) => list.find((c) => c.name === name)!.maxScore;

/** The share of sampled frames that pass `test`. */
export const share = (ctx: AnalysisContext, test: (f: AnalysisContext['frames'][number]) => boolean) =>
  ctx.frames.length ? ctx.frames.filter(test).length / ctx.frames.length : 0;

/** A rubric kind's verdict: the criteria's points, each named in the summary. */
export function rubricVerdictOf(
  criteria: readonly { name: string; maxScore: number }[],
  scores: Record<string, number>,
  issues: IssueDraft[],
  why: string,
): Verdict {
  const parts = criteria.map((c) => `${c.name} ${scores[c.name]}/${c.maxScore}`);
  return { score: criteria.reduce((s, c) => s + scores[c.name], 0), summary: `${parts.join(', ')}. ${why}`.trim(), issues };
}
