import type { IssueDraft } from '../domain/judgement';
import { formatTimestamp, type VideoSignal } from '../media/manifest';
import { MOTION_STEP_MS, motionReference } from '../media/signal';
import type { BlankStretch } from './blank';
import { seconds, STILL_MOTION, type AnalysisContext, type Timeline } from './context';
import { thumbnailChange } from './frame-measures';

/** An unchanged stretch this long loses the viewer. */
const LONG_STILL_MS = 8_000;
/** The whole picture unchanged this long between moving parts is frozen: the animation stops and starts again. */
const FROZEN_MS = 3_000;
/** Scene changes closer together than this count as one (bursts, flashes). */
const CUT_MERGE_MS = 1_000;
const FAST_CUTS_PER_MINUTE = 40;
/** A jump changing this share (percent) of the picture, within one motion step, between still frames is a hard cut. */
const HARD_CUT_MOTION = 2;
/**
 * A grid cell whose luma or colour moved more than this from the first frame is
 * a visible change even alone (a small dot drawn, a thin stroke recoloured):
 * codec noise moves a held still's cells by at most 5 levels, the least an
 * animated Manim documentation example moves one is 13 (docs/local-judge.md).
 */
const NOISE_LEVELS = 8;
export const DURATION_RANGE_MS = { short: 3_000, idealMin: 10_000, idealMax: 180_000 };

export interface StillStretch {
  startMs: number;
  endMs: number;
}

/** Stretches where no decoded frame changes, leaving out blank ones (reported as blank, not as static). */
export function stillStretches(ctx: Timeline, blanks: readonly BlankStretch[]): StillStretch[] {
  const { signal, frames, durationMs } = ctx;
  if (!signal || signal.motion.length === 0) {
    // Without the signal only a wholly still video can be told, from the sampled frames.
    const moving = frames.some((f, i) => i > 0 && thumbnailChange(frames[i - 1], f) > 0);
    return frames.length > 1 && !moving && !frames.some((f) => f.blank) ? [{ startMs: 0, endMs: durationMs }] : [];
  }
  const runs: StillStretch[] = [];
  let start: number | null = null;
  for (let i = 1; i <= signal.motion.length; i++) {
    const still = i < signal.motion.length && signal.motion[i] <= STILL_MOTION;
    // Nothing changed since the frame that frame i is measured against.
    if (still && start === null) start = motionReference(signal.frameTimesMs, i);
    if (!still && start !== null) {
      runs.push({ startMs: signal.frameTimesMs[start], endMs: i < signal.frameTimesMs.length ? signal.frameTimesMs[i] : durationMs });
      start = null;
    }
  }
  const blankAt = (ms: number) => blanks.some((b) => ms >= b.startMs && ms < b.endMs);
  return runs.filter((r) => !blankAt((r.startMs + r.endMs) / 2));
}

/** Still stretches with the times an animation plays taken out: what is left of each, in pieces. */
export function withoutPlaying(stills: readonly StillStretch[], playing: readonly { startMs: number; endMs: number }[]): StillStretch[] {
  return stills.flatMap((s) => {
    let pieces: StillStretch[] = [s];
    for (const p of playing) {
      pieces = pieces.flatMap((q) =>
        p.endMs <= q.startMs || p.startMs >= q.endMs
          ? [q]
          : [
              { startMs: q.startMs, endMs: p.startMs },
              { startMs: p.endMs, endMs: q.endMs },
            ].filter((r) => r.endMs > r.startMs),
      );
    }
    return pieces;
  });
}

/**
 * Unchanged stretches that lose the viewer: the whole animation (HIGH: no more
 * than a few cells of noise ever change, and no cell anywhere moves beyond
 * noise from the first frame), a long hold, or the whole picture frozen for
 * FROZEN_MS or more between moving parts (MEDIUM). Measured on every decoded frame, so the rule needs no evidence
 * grading (src/analyzers/evidence.ts is for guesses from the sampled frames).
 */
export function stillIssues(ctx: AnalysisContext, stills: readonly StillStretch[], frameNear: (ms: number) => number | null): IssueDraft[] {
  return stills.flatMap((s) => {
    const length = s.endMs - s.startMs;
    const whole = length >= ctx.durationMs * 0.9 && (ctx.signal?.peakChange ?? 0) <= NOISE_LEVELS;
    const frozen = length >= FROZEN_MS && s.startMs > 0 && s.endMs < ctx.durationMs;
    if (!whole && !frozen && length < LONG_STILL_MS) return [];
    const span = `${seconds(length)} (${formatTimestamp(s.startMs)} to ${formatTimestamp(s.endMs)})`;
    return [
      {
        severity: whole ? 'HIGH' : 'MEDIUM',
        category: 'static',
        frameIndex: frameNear(s.startMs),
        location: null,
        description: whole
          ? 'Nothing moves or changes for the whole animation: it is a still picture, not an animation.'
          : frozen && length < LONG_STILL_MS
            ? `The whole picture freezes for ${span} between moving parts: it looks stuck.`
            : `Nothing changes on screen for ${span}: viewers lose interest.`,
        suggestedFix: whole
          ? 'Animate the idea step by step: build the objects, move or transform them, highlight what matters.'
          : 'Shorten the pause, or use it: highlight the current step, add the next element, or show a short recap.',
      },
    ];
  });
}

/**
 * Cuts to new content: the signal's scene changes, and hard cuts between still
 * pictures (the picture jumps, changing a visible part of it, within one motion
 * step, while before and after it nothing moves), which on a dark background
 * can stay under the scene threshold when a small object replaces another.
 * Bursts merged.
 */
export function cuts(signal: VideoSignal | null): number[] {
  if (!signal) return [];
  const { motion, frameTimesMs } = signal;
  const hard: number[] = [];
  for (let i = 1; i < motion.length; i++) {
    if (motion[i] < HARD_CUT_MOTION || motion[i - 1] > STILL_MOTION) continue;
    // Motion compares frames a step apart, so a jump moves every frame of the step that follows it.
    let end = i;
    while (end + 1 < motion.length && motion[end + 1] > STILL_MOTION) end++;
    if (end + 1 < motion.length && frameTimesMs[end] - frameTimesMs[i] < MOTION_STEP_MS) hard.push(frameTimesMs[i]);
  }
  const merged: number[] = [];
  for (const t of [...new Set([...signal.sceneChangesMs, ...hard])].sort((a, b) => a - b))
    if (merged.length === 0 || t - merged.at(-1)! >= CUT_MERGE_MS) merged.push(t);
  return merged;
}

export function cutsPerMinute(signal: VideoSignal | null, durationMs: number): number {
  return durationMs > 0 ? (cuts(signal).length * 60_000) / durationMs : 0;
}

export function pacingIssues(ctx: AnalysisContext, frameNear: (ms: number) => number | null): IssueDraft[] {
  const found = cuts(ctx.signal);
  const rate = cutsPerMinute(ctx.signal, ctx.durationMs);
  if (found.length < 6 || rate <= FAST_CUTS_PER_MINUTE) return [];
  return [
    {
      severity: 'MEDIUM',
      category: 'pacing',
      frameIndex: frameNear(found[0]),
      location: null,
      description: `The picture cuts to new content ${found.length} times (${Math.round(rate)} per minute, one every ${seconds(ctx.durationMs / found.length)}): too fast to follow a math argument.`,
      suggestedFix: 'Give each step a few seconds on screen, and transform objects instead of cutting between them.',
    },
  ];
}

export function durationIssues(durationMs: number): IssueDraft[] {
  if (durationMs < DURATION_RANGE_MS.short) {
    return [
      {
        severity: 'MEDIUM',
        category: 'length',
        frameIndex: null,
        location: null,
        description: `The animation is only ${seconds(durationMs)} long: too short to show or follow an idea.`,
        suggestedFix: 'Give the idea time to unfold: at least 10 seconds, with pauses on the key steps.',
      },
    ];
  }
  if (durationMs > DURATION_RANGE_MS.idealMax) {
    return [
      {
        severity: 'LOW',
        category: 'length',
        frameIndex: null,
        location: null,
        description: `The animation is ${seconds(durationMs)} long: over 3 minutes for one animation, attention drops.`,
        suggestedFix: 'Split it into shorter animations, one idea each, or cut the slow parts.',
      },
    ];
  }
  return [];
}
