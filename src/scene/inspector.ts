import type { SceneSettings } from '../config';
import { formatTimestamp, type LoadedFrame } from '../media/manifest';
import { MIN_AGREEMENT, pixelAgreement } from './video-agreement';
import { InspectorAnswerSchema, timelineOf, type InspectorAnswer, type InspectorJobResult, type SceneTimeline } from './inspection';
import { isManimScene, type SceneSource } from '../fragments/scene-sources';
import { lastLine, runSceneProgram, sceneTexCache, stoppedReason } from './programs';
import { fillTexCache } from './tex-cache';

/** The inspector program, in scene-inspector/ (docs/scene-inspection.md). */
export const INSPECTOR_PROGRAM = 'inspect_scene.py';
/** The video the scene is held against: its size, rate and duration (from ffprobe). */
export interface VideoFacts {
  width: number;
  height: number;
  fps: number;
  durationMs: number;
}

export interface InspectionJob extends VideoFacts {
  scene: string | null;
  /** The video holds the scene's last frame for its whole duration (a still rendered with Manim's `-s`). */
  still?: boolean;
}

/**
 * The rate Manim rendered at: a container's average rate drifts from it by
 * timestamp rounding (15.0007 for a 15 fps render), and over a scene's plays the
 * drift changes how many frames each one gets.
 */
export const manimRate = (fps: number) => (Math.abs(fps - Math.round(fps)) < 0.01 ? Math.round(fps) : fps);

/** How far a scene's timeline may be from the video's duration: two frames (Manim writes whole frames). */
export const timelineToleranceMs = (fps: number) => Math.round(2000 / fps) + 1;

export type SceneOutcome =
  | { status: 'inspected'; timeline: SceneTimeline; note: string; wallMs: number; cpuSeconds: number | null }
  | { status: 'skipped' | 'refused' | 'failed' | 'discarded'; note: string; wallMs?: number };

const FROM_PIXELS = 'layout judged from pixels';

/**
 * Inspects a fragment's scene against its video: the scene is run in its
 * sandbox, its timeline must last as long as the video, and what it recorded
 * must cover what the stored frames show. Never throws for what the source
 * does: a scene that raises, hangs, escapes or lies ends as a note on the run,
 * and its layout is judged from pixels.
 */
export async function inspectScene(
  sources: readonly SceneSource[] | null,
  scene: string | null,
  video: VideoFacts,
  frames: readonly LoadedFrame[],
  settings: SceneSettings,
  cancel?: AbortSignal,
): Promise<SceneOutcome> {
  if (!sources || sources.length === 0) return { status: 'skipped', note: `no scene source: ${FROM_PIXELS}` };
  if (!isManimScene(sources))
    return { status: 'skipped', note: `the source files are not a Manim scene (nothing imports manim): ${FROM_PIXELS}` };
  if (settings.inspection === 'off')
    return { status: 'skipped', note: `scene inspection is off (EVALS_SCENE_INSPECTION=off): ${FROM_PIXELS}` };
  const ran = await runInspector(sources, [{ ...video, scene }], settings, cancel);
  if ('refused' in ran) return { status: 'refused', note: `scene not inspected: ${ran.refused}: ${FROM_PIXELS}` };
  if ('failure' in ran) return { status: 'failed', note: `scene inspection failed: ${ran.failure}: ${FROM_PIXELS}`, wallMs: ran.wallMs };
  const { answer, wallMs } = ran;
  if (answer.error) return { status: 'failed', note: `the scene's source could not run: ${answer.error}: ${FROM_PIXELS}`, wallMs };
  const result = answer.results[0];
  if (!result) return { status: 'failed', note: `scene inspection answered nothing: ${FROM_PIXELS}`, wallMs };
  if (result.status === 'no-scene') return { status: 'failed', note: `${result.error ?? 'no scene found'}: ${FROM_PIXELS}`, wallMs };
  if (result.status === 'error')
    return { status: 'failed', note: `the scene raised ${result.error ?? 'an error'}: ${FROM_PIXELS}`, wallMs };
  const tolerance = timelineToleranceMs(video.fps);
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  if (result.status === 'mismatch') {
    const tried = (result.candidates ?? [])
      .map((c) => `${c.name} ${c.durationMs === undefined ? 'raised' : seconds(c.durationMs)}`)
      .join(', ');
    return {
      status: 'discarded',
      note: `no scene's timeline matches the video (${seconds(video.durationMs)}; ${tried}): ${FROM_PIXELS}`,
      wallMs,
    };
  }
  const lines = quotedLines(sources, result.status === 'ambiguous' ? (result.matches ?? []) : [result]);
  const timelines = (result.status === 'ambiguous' ? (result.matches ?? []) : [result])
    .map((r) => timelineOf(r, answer.manim ?? null, lines))
    .filter((t) => t !== null);
  if (timelines.length === 0) return { status: 'failed', note: `scene inspection answered an incomplete timeline: ${FROM_PIXELS}`, wallMs };
  const off = Math.abs(timelines[0].durationMs - video.durationMs);
  if (timelines.length === 1 && off > tolerance) {
    return {
      status: 'discarded',
      note: `the timeline of ${timelines[0].scene} (${seconds(timelines[0].durationMs)}) does not match the video (${seconds(video.durationMs)}; ${tolerance} ms allowed): inspection discarded, ${FROM_PIXELS}`,
      wallMs,
    };
  }
  // The pixels decide: between scenes of the same length, and whether the one recorded is the one rendered.
  const agreements = await Promise.all(timelines.map(async (t) => ({ timeline: t, agreement: await pixelAgreement(t, frames) })));
  agreements.sort((a, b) => b.agreement.share - a.agreement.share);
  const [best, runnerUp] = agreements;
  const pctOf = (x: number) => `${Math.round(x * 100)}%`;
  if (runnerUp && best.agreement.share - runnerUp.agreement.share < 0.05) {
    return {
      status: 'discarded',
      note: `several scenes last as long as the video and match its pixels alike (${agreements
        .slice(0, 4)
        .map((a) => a.timeline.scene)
        .join(', ')}): name one (--scene): ${FROM_PIXELS}`,
      wallMs,
    };
  }
  if (best.agreement.share < MIN_AGREEMENT) {
    const w = best.agreement.worst;
    return {
      status: 'discarded',
      note: `what ${best.timeline.scene} recorded covers only ${pctOf(best.agreement.share)} of what the video shows${w ? ` (frame ${w.index} at ${formatTimestamp(w.timestampMs)}: ${pctOf(w.share)})` : ''}: it is not the scene that was rendered, ${FROM_PIXELS}`,
      wallMs,
    };
  }
  const timeline = best.timeline;
  return {
    status: 'inspected',
    timeline,
    note: `layout from the scene ${timeline.scene} (its timeline matches the video within ${Math.abs(timeline.durationMs - video.durationMs)} ms, its objects cover ${pctOf(best.agreement.share)} of what the frames show)`,
    wallMs,
    cpuSeconds: (result.cpuSeconds ?? 0) + (answer.importCpuSeconds ?? 0),
  };
}

/**
 * Runs the inspector once over one or more jobs (a fragment's video; tests and
 * benches inspect a corpus's scenes in one run) and validates its answer. The
 * TeX it compiled goes into the TeX cache, compiled again without the scene's code.
 */
export async function runInspector(
  sources: readonly SceneSource[],
  jobs: readonly InspectionJob[],
  settings: SceneSettings,
  cancel?: AbortSignal,
): Promise<{ answer: InspectorAnswer; wallMs: number } | { failure: string; wallMs: number } | { refused: string }> {
  const request = {
    files: Object.fromEntries(sources.map((s) => [s.name, s.content])),
    jobs: jobs.map((j) => ({
      scene: j.scene,
      width: j.width,
      height: j.height,
      fps: manimRate(j.fps),
      durationMs: j.durationMs,
      toleranceMs: timelineToleranceMs(j.fps),
      ...(j.still ? { still: true } : {}),
      // What the formulas claim, checked by the CAS (docs/math-and-reading.md).
      math: true,
    })),
    texCache: sceneTexCache(settings),
  };
  const run = await runSceneProgram(INSPECTOR_PROGRAM, JSON.stringify(request), settings, cancel);
  if ('refused' in run) return run;
  if (run.stopped) return { failure: `the scene ${stoppedReason(run.stopped, settings.limits)} and was stopped`, wallMs: run.wallMs };
  let json: unknown;
  try {
    json = JSON.parse(run.stdout.toString('utf8'));
  } catch {
    const why = lastLine(run.stderrTail) || `exit ${run.exitCode}`;
    return {
      failure:
        run.exitCode === 0
          ? 'the inspector answered something that is not JSON (the scene wrote to its output?)'
          : `the inspector stopped (${why})`,
      wallMs: run.wallMs,
    };
  }
  const parsed = InspectorAnswerSchema.safeParse(json);
  if (!parsed.success)
    return {
      failure: `the inspector's answer is malformed at ${parsed.error.issues[0].path.join('.')}: ${parsed.error.issues[0].message}`,
      wallMs: run.wallMs,
    };
  if (request.texCache) await fillTexCache(parsed.data.texCompiled ?? [], settings, settings.limits.wallMs - run.wallMs, cancel);
  return { answer: parsed.data, wallMs: run.wallMs };
}

/** The source lines the findings may quote: where each unit was made or placed, and each animation's line. */
export function quotedLines(
  sources: readonly SceneSource[],
  results: readonly Pick<InspectorJobResult, 'units' | 'plays' | 'texts'>[],
): Record<string, string> {
  const files = new Map(sources.map((s) => [s.name, s.content.split(/\r\n|\r|\n/)]));
  const lines: Record<string, string> = {};
  const quote = (file: string | null | undefined, n: number | null | undefined) => {
    const text = file && n ? files.get(file)?.[n - 1] : undefined;
    if (text !== undefined) lines[`${file}:${n}`] = text.trim().slice(0, 200);
  };
  for (const result of results) {
    for (const u of Object.values(result.units ?? {})) {
      quote(u.file, u.line);
      quote(u.file, u.placedLine);
      quote(u.file, u.calledFrom);
    }
    for (const p of result.plays ?? []) quote(p.file, p.line);
    for (const t of result.texts ?? []) quote(t.file, t.line);
  }
  return lines;
}
