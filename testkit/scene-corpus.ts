import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config';
import { resolveMediaTools } from '../src/infra/ffmpeg';
import { KINDS } from '../src/kinds';
import { normalizeVerdict } from '../src/kinds/verdict';
import { evenlySpaced } from '../src/media/plan';
import { probeVideo } from '../src/media/probe';
import type { FrameManifest } from '../src/media/manifest';
import { sceneFindings } from '../src/scene/findings';
import { timelineOf, type SceneTimeline } from '../src/scene/inspection';
import { runInspector } from '../src/scene/inspector';
import { GEOMETRY_CATEGORIES } from '../src/scene/judge';
import { FRAME_KINDS, type LocalResults } from './local-judge';
import { corpusFile, type Corpus, type CorpusVideo } from './manim-corpus';

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

/**
 * Inspects every video's scene of a corpus (sources from its scenes.py), as the
 * pipeline's sandbox would, with a wall and CPU limit for the whole corpus
 * rather than for one scene.
 */
export async function inspectCorpus(
  corpus: Corpus,
  config: Config,
  videos: readonly CorpusVideo[] = corpus.videos,
): Promise<InspectedCorpus> {
  const source = { name: 'scenes.py', content: fs.readFileSync(path.join(corpus.dir, 'scenes.py'), 'utf8') };
  const tools = resolveMediaTools(config);
  const probed = await Promise.all(videos.map((v) => probeVideo(tools, corpusFile(corpus, v), config.media)));
  const limits = { ...config.scene.limits, wallMs: 20 * 60_000, cpuSeconds: 20 * 60 };
  const jobs = videos.map((v, i) => ({
    scene: v.scene,
    width: probed[i].width,
    height: probed[i].height,
    fps: probed[i].fps ?? 0,
    durationMs: probed[i].durationMs,
  }));
  const ran = await runInspector([source], jobs, { ...config.scene, limits });
  if (!('answer' in ran)) throw new Error(`the inspector did not run: ${'refused' in ran ? ran.refused : ran.failure}`);
  const timelines = new Map<string, SceneTimeline>();
  const failures = new Map<string, string>();
  const manifests = new Map<string, FrameManifest>();
  let cpuSeconds = ran.answer.importCpuSeconds ?? 0;
  videos.forEach((v, i) => {
    const result = ran.answer.results[i];
    cpuSeconds += result?.cpuSeconds ?? 0;
    const timeline = result && timelineOf(result, ran.answer.manim ?? null, {});
    if (timeline) timelines.set(v.file, timeline);
    else failures.set(v.file, result?.error ?? 'no result');
    // The frames the pipeline would store: evenly spaced over every frame, first and last included.
    const p = probed[i];
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
  });
  return { timelines, failures, wallMs: ran.wallMs, cpuSeconds, manifests };
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
