import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { KINDS } from '../src/kinds';
import { normalizeVerdict } from '../src/kinds/verdict';
import { evenlySpaced } from '../src/media/plan';
import { probeVideo } from '../src/media/probe';
import type { VideoProbe } from '../src/media/video-index';
import type { FrameManifest } from '../src/media/manifest';
import { sceneFindings } from '../src/scene/findings';
import { timelineOf, type SceneTimeline } from '../src/scene/inspection';
import { runInspector } from '../src/scene/inspector';
import { forUser } from '../src/scene/tex-cache';
import { GEOMETRY_CATEGORIES, layoutFromScene } from '../src/scene/judge';
import { FRAME_KINDS, type LocalResults } from './local-judge';
import { corpusFile, type Corpus, type CorpusVideo, type Quality } from './manim-corpus';

/**
 * The labelled Manim corpora judged from their sources: every scene of a
 * corpus inspected in one sandboxed run (the product inspects one scene per
 * run; a corpus shares its imports and TeX), and each video's layout findings
 * as the pipeline draws them.
 */

/** A labelled defect the scene can see: one whose expected categories are about layout. */
export const isGeometryDefect = (video: CorpusVideo) =>
  video.labels.expect.some((e) => [e, ...e.alsoAs].some((k) => k.categories.some((c) => GEOMETRY_CATEGORIES.has(c) || c === 'typography')));

export interface InspectedCorpus {
  timelines: Map<string, SceneTimeline>;
  /** Videos whose inspection did not give a timeline, with why. */
  failures: Map<string, string>;
  wallMs: number;
  cpuSeconds: number;
  manifests: Map<string, FrameManifest>;
}

/** At most this many scenes in one inspector run, so one run stays within its limits. */
const SCENES_PER_RUN = 60;

/** A source that sets Manim's config when imported (`config.background_color = WHITE`) would set it for every scene of its run. */
const setsConfigOnImport = (video: CorpusVideo) =>
  video.animation.scene!.sources.some((f) => /^config\s*[.[]/m.test(fs.readFileSync(f, 'utf8')));

/**
 * Runs of videos whose scenes can share one inspector run: distinct class
 * names (the inspector finds a scene by its name among every source of the
 * run), at most SCENES_PER_RUN each; a scene whose source sets Manim's config
 * on import runs alone, as the product runs every scene.
 */
function inspectorRuns(videos: readonly CorpusVideo[]): CorpusVideo[][] {
  const runs: CorpusVideo[][] = [];
  const alone: CorpusVideo[][] = [];
  for (const video of videos) {
    const run = runs.find((r) => r.length < SCENES_PER_RUN && !r.some((v) => v.scene === video.scene));
    if (setsConfigOnImport(video)) alone.push([video]);
    else if (run) run.push(video);
    else runs.push([video]);
  }
  return [...runs, ...alone];
}

/**
 * Inspects every video's scene of a corpus (sources from its labelled set), as
 * the pipeline's sandbox would, with a wall and CPU limit for a run of many
 * scenes rather than for one scene. A source that will not import fails its
 * run: that run's scenes are then inspected one by one.
 */
export async function inspectCorpus(
  corpus: Corpus,
  config: Config,
  videos: readonly CorpusVideo[] = corpus.videos,
  quality: Quality = '480p15',
): Promise<InspectedCorpus> {
  const setDir = path.dirname(corpus.set.file!);
  const tools = resolveMediaTools(config);
  const probed = new Map<CorpusVideo, VideoProbe>();
  for (const v of videos) probed.set(v, await probeVideo(tools, corpusFile(corpus, v, quality), config.media));
  const limits = { ...config.scene.limits, wallMs: 20 * 60_000, cpuSeconds: 20 * 60 };
  const timelines = new Map<string, SceneTimeline>();
  const failures = new Map<string, string>();
  const manifests = new Map<string, FrameManifest>();
  let wallMs = 0;
  let cpuSeconds = 0;
  const inspect = async (run: CorpusVideo[]): Promise<void> => {
    const files = [...new Set(run.flatMap((v) => v.animation.scene!.sources))];
    const sources = files.map((f) => ({ name: path.relative(setDir, f), content: fs.readFileSync(f, 'utf8') }));
    const jobs = run.map((v) => {
      const p = probed.get(v)!;
      return {
        scene: v.scene,
        width: p.width,
        height: p.height,
        fps: p.fps ?? 0,
        durationMs: p.durationMs,
        still: corpus.still?.(v) ?? false,
      };
    });
    // The labelled corpora are the project's own scenes: one tenant of the TeX cache, warm across runs as a fragment's user's is.
    const ran = await runInspector(sources, jobs, forUser({ ...config.scene, limits }, 'labelled-corpora'));
    if (!('answer' in ran)) throw new Error(`the inspector did not run: ${'refused' in ran ? ran.refused : ran.failure}`);
    wallMs += ran.wallMs;
    cpuSeconds += ran.answer.importCpuSeconds ?? 0;
    if (ran.answer.error && run.length > 1) {
      for (const v of run) await inspect([v]);
      return;
    }
    run.forEach((v, i) => {
      const result = ran.answer.results[i];
      cpuSeconds += result?.cpuSeconds ?? 0;
      const timeline = result && timelineOf(result, ran.answer.manim ?? null, {});
      if (timeline) timelines.set(v.file, timeline);
      else failures.set(v.file, result?.error ?? ran.answer.error ?? 'no result');
    });
  };
  for (const run of inspectorRuns(videos)) await inspect(run);
  for (const v of videos) {
    // The frames the pipeline would store: evenly spaced over every frame, first and last included.
    const p = probed.get(v)!;
    const picks = evenlySpaced(p.frameTimesMs.length, config.media.maxFrames);
    manifests.set(v.file, {
      durationMs: p.durationMs,
      width: p.width,
      height: p.height,
      fps: p.fps,
      frames: picks.map((n, index) => ({
        index,
        timestampMs: Math.round(p.frameTimesMs[n]),
        width: 768,
        height: 432,
        key: `${v.file}#${index}`,
      })),
    });
  }
  return { timelines, failures, wallMs, cpuSeconds, manifests };
}

/** The scene's findings for a video, per frame kind, normalised as the pipeline stores them. */
export function sceneResults(timeline: SceneTimeline, manifest: FrameManifest): LocalResults {
  const findings = sceneFindings(timeline, manifest);
  const results: LocalResults = new Map();
  for (const kind of FRAME_KINDS) {
    const verdict = normalizeVerdict(KINDS[kind], { score: 0, summary: '', issues: findings.get(kind) ?? [] }, manifest);
    results.set(kind, { ...verdict, status: 'PASS' });
  }
  return results;
}

/**
 * A video judged as the pipeline judges a fragment that comes with its source:
 * the scene the authority on geometry (the pixels' guesses there set aside),
 * the pixels on the signal categories.
 */
export function withScene(pixels: LocalResults, timeline: SceneTimeline, manifest: FrameManifest): LocalResults {
  const layout = sceneResults(timeline, manifest);
  return new Map(
    FRAME_KINDS.map((kind) => {
      const own = pixels.get(kind)!;
      return [kind, { ...own, issues: layoutFromScene(own.issues, layout.get(kind)!.issues, timeline) }];
    }),
  );
}

/** The frames the pipeline would store for a timeline: 16, evenly spaced, first and last included. */
export function storedFrames(t: SceneTimeline): FrameManifest {
  const frames = Array.from({ length: 16 }, (_, index) => ({
    index,
    timestampMs: Math.round((index * Math.max(0, t.durationMs - 1)) / 15),
    width: 768,
    height: 432,
    key: `${t.scene}#${index}`,
  }));
  return { durationMs: t.durationMs, width: t.width, height: t.height, fps: t.fps, frames };
}
