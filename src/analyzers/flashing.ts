import type { IssueDraft } from '../kinds';
import { formatTimestamp, type VideoSignal } from '../media/manifest';
import { greyLuminance } from './colour';

/** WCAG 2.3.1: a general flash is a pair of opposing changes of at least 10% relative luminance, the darker side below 0.80. */
const FLASH_DELTA = 0.1;
const DARKER_BELOW = 0.8;
const MAX_FLASHES_PER_SECOND = 3;

export interface FlashWindow {
  startMs: number;
  flashes: number;
}

/** Times of luminance changes that count toward general flashes, from every decoded frame's mean luma. */
export function luminanceTransitions(signal: VideoSignal): number[] {
  const transitions: number[] = [];
  let direction: 'up' | 'down' | null = null;
  let low = Infinity;
  let high = -Infinity;
  for (const [i, luma] of signal.luma.entries()) {
    const l = greyLuminance(luma);
    low = Math.min(low, l);
    high = Math.max(high, l);
    if (direction !== 'up' && l - low >= FLASH_DELTA && low < DARKER_BELOW) {
      transitions.push(signal.frameTimesMs[i]);
      direction = 'up';
      high = l;
    } else if (direction !== 'down' && high - l >= FLASH_DELTA && l < DARKER_BELOW) {
      transitions.push(signal.frameTimesMs[i]);
      direction = 'down';
      low = l;
    }
    if (direction === 'up') low = l;
    if (direction === 'down') high = l;
  }
  return transitions;
}

/** The one-second window with the most general flashes (pairs of transitions). */
export function worstFlashWindow(signal: VideoSignal): FlashWindow {
  const t = luminanceTransitions(signal);
  let best: FlashWindow = { startMs: 0, flashes: 0 };
  for (let i = 0, j = 0; i < t.length; i++) {
    while (t[i] - t[j] >= 1000) j++;
    const flashes = Math.floor((i - j + 1) / 2);
    if (flashes > best.flashes) best = { startMs: t[j], flashes };
  }
  return best;
}

export function flashingIssues(signal: VideoSignal | null, frameNear: (ms: number) => number | null): IssueDraft[] {
  if (!signal) return [];
  const worst = worstFlashWindow(signal);
  if (worst.flashes <= MAX_FLASHES_PER_SECOND) return [];
  return [
    {
      severity: 'HIGH',
      category: 'flashing',
      frameIndex: frameNear(worst.startMs),
      location: 'whole frame',
      description: `The picture flashes ${worst.flashes} times within one second from ${formatTimestamp(worst.startMs)} (large swings between dark and bright). More than ${MAX_FLASHES_PER_SECOND} flashes a second can trigger seizures (WCAG 2.3.1).`,
      suggestedFix: 'Remove the rapid blinking, or slow it to at most 3 changes per second and soften the brightness difference (fade instead of switching).',
    },
  ];
}

/** Stretches of flashing (runs of flash transitions less than half a second apart, at least two flashes), for a visual report. */
export function flashStretches(signal: VideoSignal): { startMs: number; endMs: number }[] {
  const runs: number[][] = [];
  for (const t of luminanceTransitions(signal)) {
    const run = runs.at(-1);
    if (run && t - run.at(-1)! <= 500) run.push(t);
    else runs.push([t]);
  }
  return runs.filter((r) => r.length >= 4).map((r) => ({ startMs: r[0], endMs: r.at(-1)! }));
}
