import sharp from 'sharp';
import type { StoredFrame } from '../read-model/read-model';
import { blankStretches } from '../analyzers/blank';
import type { Timeline } from '../analyzers/context';
import { flashingStretches } from '../analyzers/flashing';
import { stillStretches } from '../analyzers/motion';
import type { VideoSignal } from '../media/manifest';

export interface Stretch {
  startMs: number;
  endMs: number;
}

/** The marks of the report's signal strip: blank, still and flashing stretches, scene changes. */
export interface TimelineMarks {
  blank: Stretch[];
  still: Stretch[];
  flashing: Stretch[];
  sceneChangesMs: number[];
}

/** A sampled frame is flat when every channel barely varies: the cheap test the report needs (no content analysis). */
async function flatness(frame: StoredFrame): Promise<{ blank: boolean; thumbnail: Buffer }> {
  const image = sharp(frame.jpeg).resize(64, 36, { fit: 'fill' });
  const [{ channels }, thumbnail] = await Promise.all([
    image.clone().stats(),
    image.clone().resize(32, 18, { fit: 'fill' }).greyscale().raw().toBuffer(),
  ]);
  return { blank: channels.every((c) => c.stdev < 2), thumbnail };
}

/** The stretches the local analyzers would see, from the stored signal and the sampled frames' flatness. */
export async function timelineMarks(frames: readonly StoredFrame[], signal: VideoSignal, durationMs: number): Promise<TimelineMarks> {
  const timeline: Timeline = {
    frames: await Promise.all(
      frames.map(async (f) => ({ index: f.index, timestampMs: f.timestampMs, background: null, ...(await flatness(f)) })),
    ),
    signal,
    durationMs,
  };
  const blank = blankStretches(timeline);
  return {
    blank,
    still: stillStretches(timeline, blank).filter((s) => s.endMs - s.startMs >= 1_000),
    flashing: flashingStretches(signal),
    sceneChangesMs: signal.sceneChangesMs,
  };
}

/** Round steps for the strip's time axis, in seconds. */
const AXIS_STEPS = [0.1, 0.2, 0.5, 1, 2, 5, 10, 15, 30, 60, 120, 300, 600];

/** The seconds the strip's time axis labels: from 0, a round step, at most 10 intervals up to the duration. */
export function axisSeconds(durationMs: number): number[] {
  const seconds = durationMs / 1000;
  const step = AXIS_STEPS.find((s) => seconds / s <= 10) ?? AXIS_STEPS.at(-1)!;
  return Array.from({ length: Math.floor(seconds / step + 1e-9) + 1 }, (_, i) => Number((i * step).toFixed(1)));
}
