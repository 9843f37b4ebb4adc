import type { IssueDraft } from '../domain/judgement';
import { formatTimestamp } from '../media/manifest';
import { hex } from './colour';
import { motionReference } from '../media/signal';
import { seconds, STILL_MOTION, stretches, type AnalysisContext, type Timeline } from './context';
import type { FrameMeasures } from './frame-measures';

export interface BlankStretch {
  startMs: number;
  endMs: number;
  /** The first sampled frame of the stretch. */
  frameIndex: number;
  colour: string;
}

/** A fade is not a defect: it passes through a nearly blank screen for up to about a second (Manim's fades last 1 s); blank stretches shorter than this are ignored. */
const MIN_BLANK_MS = 1_000;
/** Signal frames this close in luma to a blank frame, with no change among them, belong to its blank stretch. */
const SAME_LUMA = 2;

/**
 * Stretches where the frame shows nothing but one flat colour. Sampled frames find
 * them; with the whole-video signal each one's ends are the exact decoded frames
 * where the flat picture starts and stops (so a flash is not mistaken for a pause).
 */
export function blankStretches(ctx: Timeline): BlankStretch[] {
  const { frames, signal, durationMs } = ctx;
  const colourOf = (f: Pick<FrameMeasures, 'background'>) => (f.background ? hex(f.background.colour) : 'one colour');
  if (!signal || signal.luma.length === 0) {
    return stretches(frames, (f) => (f.blank ? true : null))
      .map(({ frames: run }) => {
        const after = frames[frames.indexOf(run.at(-1)!) + 1];
        return {
          startMs: run[0].timestampMs,
          endMs: after ? after.timestampMs : durationMs,
          frameIndex: run[0].index,
          colour: colourOf(run[0]),
        };
      })
      .filter((b) => b.endMs - b.startMs >= MIN_BLANK_MS || frames.every((f) => f.blank));
  }
  const found: BlankStretch[] = [];
  for (const [k, f] of frames.entries()) {
    if (!f.blank) continue;
    const at = Math.max(
      0,
      signal.frameTimesMs.findIndex((t) => t >= f.timestampMs),
    );
    const level = signal.luma[at];
    // The luma grid cannot see faint content (pale text on white): the stretch never reaches a sampled frame that shows something.
    const shown = (i: number) =>
      frames.some((g, j) => !g.blank && (j < k ? signal.frameTimesMs[i] <= g.timestampMs : signal.frameTimesMs[i] >= g.timestampMs));
    const flat = (i: number) => Math.abs(signal.luma[i] - level) <= SAME_LUMA && !shown(i);
    let s = at;
    while (s > 0 && flat(s - 1)) s--;
    let e = at;
    while (e + 1 < signal.luma.length && flat(e + 1)) e++;
    // The picture changes inside the flat run where a frame moved against an earlier frame of the run (motion right
    // after the run starts is the change into it). The blank stretch is the part around this sampled frame: from the
    // frame the first unchanged frame after the last change before it is measured against, to the next change.
    const changes = (i: number) => signal.motion[i] > STILL_MOTION && motionReference(signal.frameTimesMs, i) >= s;
    const start = s;
    for (let i = at; i > start; i--) {
      if (changes(i)) {
        s = Math.max(start, motionReference(signal.frameTimesMs, i + 1));
        break;
      }
    }
    for (let i = at + 1; i <= e; i++) {
      if (changes(i)) {
        e = i - 1;
        break;
      }
    }
    const startMs = signal.frameTimesMs[s];
    if (found.some((b) => b.startMs === startMs)) continue;
    found.push({
      startMs,
      endMs: e + 1 < signal.frameTimesMs.length ? signal.frameTimesMs[e + 1] : durationMs,
      frameIndex: f.index,
      colour: colourOf(f),
    });
  }
  return found.filter((b) => b.endMs - b.startMs >= MIN_BLANK_MS || frames.every((f) => f.blank));
}

export function blankIssues(ctx: AnalysisContext, blanks: readonly BlankStretch[]): IssueDraft[] {
  const { frames, durationMs } = ctx;
  return blanks.map((b) => {
    const whole = b.frameIndex === frames[0]?.index && b.endMs >= durationMs - 1 && frames.every((f) => f.blank);
    const length = b.endMs - b.startMs;
    const where =
      b.endMs >= durationMs - 1
        ? `from ${formatTimestamp(b.startMs)} to the end`
        : `from ${formatTimestamp(b.startMs)} to ${formatTimestamp(b.endMs)}`;
    return {
      severity: whole || length >= durationMs / 2 ? 'HIGH' : 'MEDIUM',
      category: 'blank_frame',
      frameIndex: b.frameIndex,
      location: null,
      description: whole
        ? `The whole animation is blank: every frame is a flat ${b.colour} with nothing on it.`
        : `The screen is blank (flat ${b.colour}, nothing on it) ${where}: ${seconds(length)} with nothing to watch.`,
      suggestedFix: whole
        ? 'Check that objects are added to the scene and drawn in a colour different from the background, and that the render did not fail.'
        : b.startMs === 0
          ? 'Start the animation with its first content instead of an empty screen.'
          : b.endMs >= durationMs - 1
            ? 'Trim the empty ending, or keep the final result on screen until the video ends (check the last wait or run time).'
            : 'Remove the empty pause or show something (the next step, a summary) during it.',
    };
  });
}
