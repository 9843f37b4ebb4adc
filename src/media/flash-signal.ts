import type { FrameBox } from '../domain/geometry';

/**
 * Flashing as stored with the whole-video signal (measured by
 * src/media/flash-meter.ts): the stretches where an area over WCAG's threshold
 * flashed, per kind. The rules (how many is too many, for how long) are the
 * analyzer's (src/analyzers/flashing.ts).
 */

/** Fewer transitions a second than this (2 flashes) break no rule, not even IRIS's extended one: not stored. */
export const MIN_TRANSITIONS = 4;

export type FlashKind = 'general' | 'red';

/** A stretch of decoded frames where an area over the threshold went through at least MIN_TRANSITIONS transitions in the trailing second. */
export interface FlashEvent {
  kind: FlashKind;
  /** The first frame of the stretch (position in the signal's frameTimesMs). */
  startFrame: number;
  /** When the first of the transitions counted at startFrame happened, ms. */
  sinceMs: number;
  /** Per frame from startFrame: the most transitions in the trailing second that an area over the threshold went through. */
  transitions: number[];
  /** At the frame with the most transitions: the share of the frame flashing, the share of the worst 10-degree field, and where. */
  area: number;
  field: number;
  box: FrameBox;
}

export interface FlashingSignal {
  /** The cells the frame was measured in, and the 10-degree field in cells. `whole-frame`: only the frame's mean luma was known (a signal stored before per-area measurement). */
  method: 'area' | 'whole-frame';
  grid: { width: number; height: number; fieldWidth: number; fieldHeight: number };
  events: FlashEvent[];
}
