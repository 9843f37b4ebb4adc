import type { VideoProbe } from './video-index';

/**
 * The frame plan: which decoded frames (by position in presentation order) a
 * pipeline run keeps, and at what size. Pure, so it is the same on every worker
 * and every retry.
 */

/** How the frames were chosen; stored with the run as `frame_plan`. */
export interface FramePlan extends Pick<VideoProbe, 'durationMs' | 'width' | 'height' | 'fps' | 'codec' | 'format'> {
  strategy: 'keyframe-seek' | 'single-pass';
  videoFrames: number;
  keyframes: number;
  /** Positions (in presentation order) of the kept frames, and which of them are scene changes. */
  picks: number[];
  scenePicks: number[];
}

export function planOf(probe: VideoProbe, strategy: FramePlan['strategy'], picks: number[], scenePicks: number[]): FramePlan {
  return {
    durationMs: probe.durationMs,
    width: probe.width,
    height: probe.height,
    fps: probe.fps,
    codec: probe.codec,
    format: probe.format,
    strategy,
    videoFrames: probe.frameTimesMs.length,
    keyframes: probe.keyframes.length,
    picks,
    scenePicks,
  };
}

/** Even numbers of pixels, as yuv420p needs. */
export const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The size frames are kept at: the judge's width (never wider than the video), the video's aspect. */
export function judgeSize(probe: Pick<VideoProbe, 'width' | 'height'>, judgeWidth: number): { width: number; height: number } {
  const width = even(Math.min(judgeWidth, probe.width));
  return { width, height: even((probe.height * width) / probe.width) };
}

/** At most `max` frame positions spread evenly over `frameCount` frames, first and last included. */
export function evenlySpaced(frameCount: number, max: number): number[] {
  const count = Math.min(max, frameCount);
  if (count <= 1) return [0];
  return [...new Set(Array.from({ length: count }, (_, i) => Math.round((i * (frameCount - 1)) / (count - 1))))];
}

/**
 * Scene-change frames worth a slot: at most about one per planned slot, whatever
 * the video does (a flashing video cuts every frame).
 */
export function spacedSceneFrames(
  sceneFrames: readonly number[],
  frameTimesMs: readonly number[],
  durationMs: number,
  maxFrames: number,
): number[] {
  const minGapMs = durationMs / maxFrames;
  return sceneFrames.filter((n, i) => i === 0 || frameTimesMs[n] - frameTimesMs[sceneFrames[i - 1]] >= minGapMs);
}

/**
 * Evenly spaced picks plus scene-change picks, cut down to `max`: while too many,
 * drop the interior pick closest to its neighbours, evenly spaced ones before
 * scene changes, so new content keeps its frame and coverage stays even.
 */
export function mergePlan(even: readonly number[], scenes: readonly number[], max: number): number[] {
  const sceneSet = new Set(scenes);
  const picks = [...new Set([...even, ...scenes])].sort((a, b) => a - b);
  while (picks.length > max && picks.length > 2) {
    let drop = -1;
    let best = Infinity;
    for (let i = 1; i < picks.length - 1; i++) {
      // Scene picks only go once no evenly spaced pick is left to drop.
      const cost = picks[i + 1] - picks[i - 1] + (sceneSet.has(picks[i]) ? 1e12 : 0);
      if (cost < best) {
        best = cost;
        drop = i;
      }
    }
    picks.splice(drop, 1);
  }
  return picks.slice(0, max);
}

export interface KeyframeGroup {
  /** Frame positions to extract, ascending, all decodable from the same keyframe. */
  targets: number[];
}

/** Splits sorted target positions by the keyframe interval that holds them. */
export function groupByKeyframe(targets: readonly number[], keyframes: readonly number[]): KeyframeGroup[] {
  const groups = new Map<number, number[]>();
  for (const t of targets) {
    let key = 0;
    for (const k of keyframes) {
      if (k > t) break;
      key = k;
    }
    groups.set(key, [...(groups.get(key) ?? []), t]);
  }
  return [...groups.values()].map((g) => ({ targets: g }));
}
