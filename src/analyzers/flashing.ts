import type { IssueDraft, IssueRegion } from '../domain/judgement';
import { wholeFrameFlashing } from '../media/flash-meter';
import { MIN_TRANSITIONS, type FlashEvent, type FlashingSignal, type FlashKind } from '../media/flash-signal';
import { formatTimestamp, type VideoSignal } from '../media/manifest';
import { seconds } from './context';
import { placeOf } from './text';

/** WCAG 2.3.1: no more than three flashes (six transitions) in any one second. */
const MAX_TRANSITIONS = 6;
/** IRIS's extended failure: 2-3 flashes a second (4-6 transitions) in at least 4 s of any 5 s. */
const EXTENDED_WINDOW_MS = 5000;
const EXTENDED_MS = 4000;
/** Stretches of one kind this close together are one flashing sequence. */
const SAME_SEQUENCE_MS = 1000;
/** A flashing area this large is the whole frame. */
const WHOLE_FRAME = 0.9;

/**
 * A stretch of the video that breaks a flashing rule: HIGH, more than three
 * flashes in some one second (WCAG 2.3.1); MEDIUM, two to three a second
 * sustained (IRIS's extended failure). What a visual report marks on its
 * signal strip.
 */
export interface FlashStretch {
  kind: FlashKind;
  severity: 'HIGH' | 'MEDIUM';
  startMs: number;
  endMs: number;
  /** The most flashes (pairs of transitions) in one second of the stretch. */
  flashesPerSecond: number;
  /** The largest flashing area: its share of the frame, its share of the worst 10-degree field, and its box. */
  area: number;
  field: number;
  region: IssueRegion;
  /** `whole-frame`: the run's signal was stored before flashing was measured by area; only the frame's mean was judged. */
  method: FlashingSignal['method'];
}

/** The flashing measured with the signal, or for a signal stored before per-area measurement, the whole frame's mean luma judged the same way. */
function flashingOf(signal: VideoSignal): FlashingSignal {
  return signal.flashing ?? wholeFrameFlashing(signal.frameTimesMs, signal.luma);
}

/** Every stretch of the video that breaks a flashing rule, in time order. */
export function flashingStretches(signal: VideoSignal): FlashStretch[] {
  const flashing = flashingOf(signal);
  const times = signal.frameTimesMs;
  const found: FlashStretch[] = [];
  for (const kind of ['general', 'red'] as const) {
    const events = flashing.events.filter((e) => e.kind === kind);
    const stretch = (e: FlashEvent, severity: FlashStretch['severity'], startMs: number, endMs: number, most: number): FlashStretch => ({
      kind,
      severity,
      startMs,
      endMs,
      flashesPerSecond: most / 2,
      area: e.area,
      field: e.field,
      region: { ...e.box },
      method: flashing.method,
    });
    const high: FlashStretch[] = [];
    for (const e of events) {
      for (const run of runs(e, (n) => n > MAX_TRANSITIONS)) {
        // The transitions counted at the run's first frame all fell in the second before it.
        const startMs = Math.max(e.sinceMs, times[e.startFrame + run.first] - 1000);
        high.push(stretch(e, 'HIGH', startMs, times[e.startFrame + run.last], run.most));
      }
    }
    const extended = extendedStretches(events, times).map(({ event, startMs, endMs, most }) =>
      stretch(event, 'MEDIUM', startMs, endMs, most),
    );
    found.push(...joined(high), ...joined(extended).filter((m) => !high.some((h) => h.startMs <= m.endMs && m.startMs <= h.endMs)));
  }
  return found.sort((a, b) => a.startMs - b.startMs);
}

/** Runs of consecutive frames of an event whose transition count passes `test`, with the most in each. */
function runs(e: FlashEvent, test: (transitions: number) => boolean): { first: number; last: number; most: number }[] {
  const found: { first: number; last: number; most: number }[] = [];
  for (const [j, n] of e.transitions.entries()) {
    if (!test(n)) continue;
    const open = found.at(-1);
    if (open && open.last === j - 1) Object.assign(open, { last: j, most: Math.max(open.most, n) });
    else found.push({ first: j, last: j, most: n });
  }
  return found;
}

/**
 * IRIS's extended failure, frame by frame: a frame with 2-3 flashes in its
 * trailing second fails when such frames fill at least 4 s of the 5 s up to it.
 * A stretch runs from the first such frame of that window to the last failing frame.
 */
function extendedStretches(
  events: readonly FlashEvent[],
  times: readonly number[],
): { event: FlashEvent; startMs: number; endMs: number; most: number }[] {
  const frames = events.flatMap((event) =>
    event.transitions.flatMap((n, j) => {
      const at = event.startFrame + j;
      if (n < MIN_TRANSITIONS || n > MAX_TRANSITIONS) return [];
      const next = times[at + 1] ?? times[at] + (times[at] - (times[at - 1] ?? times[at]));
      return [{ event, at, ms: times[at], duration: next - times[at], n }];
    }),
  );
  const found: { event: FlashEvent; startMs: number; endMs: number; most: number; last: number }[] = [];
  let first = 0;
  let filled = 0;
  for (const [k, f] of frames.entries()) {
    filled += f.duration;
    while (frames[first].ms <= f.ms - EXTENDED_WINDOW_MS) filled -= frames[first++].duration;
    if (filled < EXTENDED_MS) continue;
    const open = found.at(-1);
    if (open && open.last === k - 1) Object.assign(open, { endMs: f.ms, most: Math.max(open.most, f.n), last: k });
    else {
      const start = frames[first];
      // Counted transitions began before the frame that first counted enough of them.
      const startMs = start.at === start.event.startFrame ? start.event.sinceMs : start.ms;
      found.push({ event: f.event, startMs, endMs: f.ms, most: Math.max(...frames.slice(first, k + 1).map((g) => g.n)), last: k });
    }
  }
  return found;
}

/** Stretches of one kind and severity close together, as one. */
function joined(stretches: FlashStretch[]): FlashStretch[] {
  const out: FlashStretch[] = [];
  for (const s of stretches) {
    const last = out.at(-1);
    if (last && s.startMs - last.endMs <= SAME_SEQUENCE_MS) {
      const larger = s.area > last.area ? s : last;
      out[out.length - 1] = {
        ...larger,
        startMs: last.startMs,
        endMs: Math.max(last.endMs, s.endMs),
        flashesPerSecond: Math.max(last.flashesPerSecond, s.flashesPerSecond),
      };
    } else out.push(s);
  }
  return out;
}

/** One issue per flashing sequence: general and red stretches of one severity that overlap are one sequence. */
export function flashingIssues(signal: VideoSignal | null, frameNear: (ms: number) => number | null): IssueDraft[] {
  if (!signal) return [];
  const groups: FlashStretch[][] = [];
  for (const s of flashingStretches(signal)) {
    const group = groups.find((g) => g[0].severity === s.severity && g.some((o) => o.startMs <= s.endMs && s.startMs <= o.endMs));
    if (group) group.push(s);
    else groups.push([s]);
  }
  return groups.map((group) => {
    const largest = group.reduce((a, b) => (b.area > a.area ? b : a));
    const startMs = Math.min(...group.map((s) => s.startMs));
    const endMs = Math.max(...group.map((s) => s.endMs));
    const flashes = Math.max(...group.map((s) => s.flashesPerSecond));
    const red = group.some((s) => s.kind === 'red');
    const whole = largest.area >= WHOLE_FRAME;
    const what = whole
      ? 'the whole frame'
      : `a region covering ${Math.round(largest.area * 100)}% of the frame (${Math.round(largest.field * 100)}% of a 10-degree field of view; over 25% counts) ${placeOf(largest.region)}`;
    const how = red ? 'flashes saturated red' : 'flashes between dark and bright';
    const rate = `${Number.isInteger(flashes) ? flashes : flashes.toFixed(1)} times a second`;
    const when = `from ${formatTimestamp(startMs)} to ${formatTimestamp(endMs)}`;
    const rule =
      group[0].severity === 'HIGH'
        ? `More than 3 flashes in any one second can trigger seizures (WCAG 2.3.1${red ? ', red flash threshold' : ''}).`
        : `Flashing 2-3 times a second for ${seconds(endMs - startMs)} is a seizure risk when it lasts 5 s or more (the extended failure of EA's IRIS analyser).`;
    const caveat =
      largest.method === 'whole-frame'
        ? " (Measured on the whole frame's mean brightness: this run was extracted before flashing was measured by area.)"
        : '';
    return {
      severity: group[0].severity,
      category: 'flashing',
      frameIndex: frameNear(startMs),
      location: whole ? 'whole frame' : placeOf(largest.region),
      description: `${what[0].toUpperCase()}${what.slice(1)} ${how} ${rate} ${when}. ${rule}${caveat}`,
      suggestedFix: red
        ? 'Remove the red flashing, or keep it to at most 3 changes a second, and avoid switching to and from saturated red.'
        : 'Remove the rapid blinking, or slow it to at most 3 changes a second and soften the brightness difference (fade instead of switching); a smaller flashing area also helps.',
      region: whole ? null : largest.region,
    };
  });
}
