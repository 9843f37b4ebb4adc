import type { IssueDraft } from '../domain/judgement';
import type { FrameManifest, LoadedFrame, VideoSignal } from '../media/manifest';
import { measureFrame, type FrameMeasures } from './frame-measures';

/** Everything the frame analyzers look at: each sampled frame measured once, plus the whole-video signal. */
export interface AnalysisContext {
  frames: FrameMeasures[];
  signal: VideoSignal | null;
  durationMs: number;
  /** The video's own height in pixels (the frames may be stored smaller): text size is judged against it. */
  videoHeight: number;
}

/**
 * Measures by frame storage key. The four frame kinds of a pipeline usually run
 * side by side on one worker and look at the same frames: measure each once.
 * Keys name immutable frames (the frame store keeps the first write), so an
 * entry never goes stale; the oldest are dropped past the bound.
 */
const measuredFrames = new Map<string, Promise<FrameMeasures>>();
const MEASURED_FRAMES_KEPT = 512;

function measureOnce(frame: LoadedFrame): Promise<FrameMeasures> {
  let measures = measuredFrames.get(frame.key);
  if (!measures) {
    measures = measureFrame(frame);
    measuredFrames.set(frame.key, measures);
    measures.catch(() => measuredFrames.delete(frame.key));
    if (measuredFrames.size > MEASURED_FRAMES_KEPT) measuredFrames.delete(measuredFrames.keys().next().value!);
  }
  return measures;
}

export async function analysisContext(
  frames: readonly LoadedFrame[],
  signal: VideoSignal | null,
  manifest: FrameManifest | null,
): Promise<AnalysisContext> {
  const measured: FrameMeasures[] = [];
  // One at a time: sharp already uses the cores, and the judge activities run side by side.
  for (const frame of frames) measured.push(await measureOnce(frame));
  return {
    frames: measured,
    signal,
    durationMs: manifest?.durationMs ?? frames.at(-1)?.timestampMs ?? 0,
    videoHeight: manifest?.height ?? frames[0]?.height ?? 0,
  };
}

/**
 * What the stretch analyzers (blank, still) read: each sampled frame's flatness
 * and thumbnail, and the whole-video signal. A visual report builds one without
 * measuring the frames' contents.
 */
export interface Timeline {
  frames: readonly Pick<FrameMeasures, 'index' | 'timestampMs' | 'blank' | 'background' | 'thumbnail'>[];
  signal: VideoSignal | null;
  durationMs: number;
}

/** The sampled frame nearest a moment of the video (issues point at frames). */
export function frameNear(ctx: AnalysisContext): (ms: number) => number | null {
  return (ms) =>
    ctx.frames.length === 0
      ? null
      : ctx.frames.reduce((a, b) => (Math.abs(b.timestampMs - ms) < Math.abs(a.timestampMs - ms) ? b : a)).index;
}

/** Consecutive runs of sampled frames for which `key` gives the same non-null value. */
export function stretches<F, K>(frames: readonly F[], key: (f: F) => K | null): { key: K; frames: F[] }[] {
  const runs: { key: K; frames: F[] }[] = [];
  let previous: K | null = null;
  for (const f of frames) {
    const k = key(f);
    if (k !== null && k === previous) runs.at(-1)!.frames.push(f);
    else if (k !== null) runs.push({ key: k, frames: [f] });
    previous = k;
  }
  return runs;
}

/** Signal motion (percent of the grid changed) at or below which a frame is unchanged: at most a few cells of codec noise. */
export const STILL_MOTION = 0.15;

/** One HIGH or MEDIUM issue takes a validation kind below its pass threshold; a LOW one does not. */
const PENALTY = { HIGH: 50, MEDIUM: 35, LOW: 10 } as const;
/** LOW issues (guesses, minor faults) take at most this much together: however many there are, they alone never fail a kind. */
const LOW_PENALTY_CAP = 25;

/** Score of the validation kinds: full marks minus a fixed amount per issue by severity, LOW ones capped together. */
export function scoreFromIssues(issues: readonly IssueDraft[], maxScore: number): number {
  const low = Math.min(LOW_PENALTY_CAP, issues.filter((i) => i.severity === 'LOW').length * PENALTY.LOW);
  const serious = issues.reduce((sum, i) => sum + (i.severity === 'LOW' ? 0 : PENALTY[i.severity]), 0);
  return Math.max(0, maxScore - low - serious);
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
