import { setTimeout as sleep } from 'node:timers/promises';
import { blankIssues, blankStretches } from '../analyzers/blank';
import { analysisContext, scoreFromIssues, seconds, type AnalysisContext } from '../analyzers/context';
import { edgeIssues } from '../analyzers/edges';
import { flashingIssues, worstFlashWindow } from '../analyzers/flashing';
import { thumbnailChange } from '../analyzers/frame-measures';
import { clutterIssues, contrastIssues, contrastSeverity, marginIssues } from '../analyzers/layout';
import { cutsPerMinute, DURATION_RANGE_MS, durationIssues, pacingIssues, stillIssues, stillStretches } from '../analyzers/motion';
import { securityIssues } from '../analyzers/security';
import type { IssueDraft, Verdict } from '../kinds';
import { ENGAGEMENT_CRITERIA } from '../kinds/engagement-rubric';
import type { EvalKind } from '../kinds/types';
import { VISUAL_CRITERIA } from '../kinds/visual-rubric';
import type { JudgeProvider, JudgeRequest, Judgement } from './provider';

/** Bumped whenever an analyzer's rules or thresholds change, so stored results say which rules made them. */
export const LOCAL_MODEL = 'local-analyzers/v3';

export type LocalRequest = Pick<JudgeRequest, 'definition' | 'input' | 'frames' | 'manifest' | 'videoSignal'>;

/**
 * The local judge of one eval kind: deterministic analyzers over the sampled
 * frames, the whole-video signal and the user's text, with no network. Also the
 * entry point for merging local findings into another provider's verdict.
 */
export async function localVerdict(request: LocalRequest): Promise<Verdict> {
  const kind = request.definition.kind;
  if (kind === 'USER_INPUT_SECURITY') return userInputSecurity(request.input.userInput ?? '', request.definition.maxScore);
  const ctx = await analysisContext(request.frames, request.videoSignal ?? null, request.input.durationMs ?? request.manifest?.durationMs ?? null);
  return FRAME_KINDS[kind](ctx, request.definition.maxScore);
}

/** The sampled frame nearest a moment of the video (issues point at frames). */
function frameNear(ctx: AnalysisContext): (ms: number) => number | null {
  return (ms) => (ctx.frames.length === 0 ? null : ctx.frames.reduce((a, b) => (Math.abs(b.timestampMs - ms) < Math.abs(a.timestampMs - ms) ? b : a)).index);
}

const NO_SIGNAL = ' (No whole-video signal was measured: flashing, pacing and exact stretch times were not checked.)';

function summarise(issues: readonly IssueDraft[], clean: string, ctx: AnalysisContext): string {
  const text = issues.length === 0 ? clean : `${issues.length} issue(s): ${[...new Set(issues.map((i) => i.category))].join(', ')}.`;
  return ctx.signal ? text : text + NO_SIGNAL;
}

function visualValidation(ctx: AnalysisContext, maxScore: number): Verdict {
  const issues = [...blankIssues(ctx, blankStretches(ctx)), ...edgeIssues(ctx), ...flashingIssues(ctx.signal, frameNear(ctx))];
  return { score: scoreFromIssues(issues, maxScore), summary: summarise(issues, 'No blank stretches, clipped content or flashing found.', ctx), issues };
}

function designValidation(ctx: AnalysisContext, maxScore: number): Verdict {
  const issues = [...contrastIssues(ctx), ...clutterIssues(ctx), ...marginIssues(ctx)];
  return { score: scoreFromIssues(issues, maxScore), summary: summarise(issues, 'Contrast, clutter and margins are fine.', ctx), issues };
}

/** Scales a 0-1 quality to a criterion's points. */
const points = (max: number, quality: number) => Math.round(max * Math.min(1, Math.max(0, quality)));
const criterion = (list: readonly { name: string; maxScore: number }[], name: string) => list.find((c) => c.name === name)!.maxScore;
const share = (ctx: AnalysisContext, test: (f: AnalysisContext['frames'][number]) => boolean) => (ctx.frames.length ? ctx.frames.filter(test).length / ctx.frames.length : 0);

function rubricVerdictOf(criteria: readonly { name: string; maxScore: number }[], scores: Record<string, number>, issues: IssueDraft[], why: string): Verdict {
  const parts = criteria.map((c) => `${c.name} ${scores[c.name]}/${c.maxScore}`);
  return { score: criteria.reduce((s, c) => s + scores[c.name], 0), summary: `${parts.join(', ')}. ${why}`.trim(), issues };
}

function visualRubric(ctx: AnalysisContext, _maxScore: number): Verdict {
  const max = (name: string) => criterion(VISUAL_CRITERIA, name);
  const laidOut = ctx.frames.filter((f) => f.foreground);
  const blank = share(ctx, (f) => f.blank);
  const lowContrast = share(ctx, (f) => contrastSeverity(f) === 'HIGH');
  const contrasts = laidOut.map((f) => f.foreground!.contrast);
  const medianContrast = contrasts.length ? [...contrasts].sort((a, b) => a - b)[Math.floor(contrasts.length / 2)] : null;
  const backgrounds = new Set(ctx.frames.filter((f) => f.background && !f.blank).map((f) => f.background!.colour.map((c) => c >> 5).join()));
  const flashing = ctx.signal ? worstFlashWindow(ctx.signal).flashes > 3 : false;
  const scores = {
    clarity: points(max('clarity'), 1 - blank - lowContrast / 2),
    composition: points(max('composition'), 1 - 0.5 * share(ctx, (f) => f.touching.length > 0) - 0.3 * share(ctx, (f) => f.coverage > 0.5 && f.background !== null)),
    // Unknown (no plain background to measure against) is neither praised nor punished.
    contrast: medianContrast === null ? points(max('contrast'), 0.8) : points(max('contrast'), medianContrast >= 7 ? 1 : medianContrast >= 4.5 ? 0.8 : medianContrast >= 3 ? 0.5 : 0.2),
    consistency: points(max('consistency'), 1 - (backgrounds.size > 2 ? 0.4 : 0) - (flashing ? 0.6 : 0)),
  };
  const why = [
    blank > 0 ? `${Math.round(blank * 100)}% of sampled frames are blank.` : '',
    medianContrast !== null ? `Typical contrast ${medianContrast.toFixed(1)}:1.` : '',
    flashing ? 'The video flashes.' : '',
  ].filter(Boolean).join(' ');
  return rubricVerdictOf(VISUAL_CRITERIA, scores, [], why);
}

function engagementRubric(ctx: AnalysisContext, _maxScore: number): Verdict {
  const max = (name: string) => criterion(ENGAGEMENT_CRITERIA, name);
  const blanks = blankStretches(ctx);
  const stills = stillStretches(ctx, blanks);
  const near = frameNear(ctx);
  const issues = [...stillIssues(ctx, stills, near), ...pacingIssues(ctx, near), ...durationIssues(ctx.durationMs)];
  const duration = Math.max(ctx.durationMs, 1);
  const stillShare = stills.filter((s) => s.endMs - s.startMs >= 3_000).reduce((sum, s) => sum + s.endMs - s.startMs, 0) / duration;
  const blankShare = blanks.reduce((sum, b) => sum + b.endMs - b.startMs, 0) / duration;
  const rate = cutsPerMinute(ctx.signal, ctx.durationMs);
  const pairs = ctx.frames.slice(1).map((f, i) => thumbnailChange(ctx.frames[i], f));
  const changing = pairs.length ? pairs.filter((c) => c > 0).length / pairs.length : 0;
  const { short, idealMin, idealMax } = DURATION_RANGE_MS;
  const d = ctx.durationMs;
  const scores = {
    pacing: points(max('pacing'), 1 - stillShare - (pacingIssues(ctx, near).length > 0 ? 0.4 : 0)),
    progression: points(max('progression'), changing / 0.6),
    focus: points(max('focus'), 1 - 0.6 * share(ctx, (f) => f.coverage > 0.5 && f.background !== null) - (ctx.frames.every((f) => f.background === null) ? 0.2 : 0)),
    structure: points(max('structure'), 1 - Math.min(1, 2 * blankShare)),
    length: points(max('length'), d < short ? 0.3 : d < idealMin ? 0.7 : d <= idealMax ? 1 : d <= 2 * idealMax ? 0.7 : 0.4),
  };
  const why = [`${seconds(d)} long`, ctx.signal ? `${rate.toFixed(0)} scene changes per minute` : '', stillShare > 0 ? `${Math.round(stillShare * 100)}% unchanged` : '']
    .filter(Boolean).join(', ');
  return rubricVerdictOf(ENGAGEMENT_CRITERIA, scores, issues, `${why}.`);
}

function userInputSecurity(text: string, maxScore: number): Verdict {
  const issues = securityIssues(text);
  return {
    score: scoreFromIssues(issues, maxScore),
    summary: issues.length === 0 ? 'A plain request: no injection, code-execution, file, network or secret patterns found.' : `${issues.length} risky pattern(s): ${[...new Set(issues.map((i) => i.category))].join(', ')}.`,
    issues,
  };
}

const FRAME_KINDS: Record<Exclude<EvalKind, 'USER_INPUT_SECURITY'>, (ctx: AnalysisContext, maxScore: number) => Verdict> = {
  VISUAL_VALIDATION_JSON: visualValidation,
  DESIGN_VALIDATION_JSON: designValidation,
  VISUAL_RUBRIC_JSON: visualRubric,
  ENGAGEMENT_RUBRIC_JSON: engagementRubric,
};

/** Deterministic analyzers over frames, the whole-video signal and input text; no network. */
export class LocalProvider implements JudgeProvider {
  readonly name = 'local';
  readonly needsVideoSignal = true;

  /** `delayMs` (EVALS_LOCAL_JUDGE_DELAY_MS) is for tests and benches that need a judge of known latency. */
  constructor(private readonly delayMs = 0) {}

  modelFor(): string {
    return LOCAL_MODEL;
  }

  async judge(request: JudgeRequest): Promise<Judgement> {
    if (this.delayMs > 0) await sleep(this.delayMs, undefined, { signal: request.signal });
    return { provider: this.name, model: LOCAL_MODEL, verdict: await localVerdict(request) };
  }
}
