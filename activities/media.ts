import { Context } from '@temporalio/activity';
import type { Config } from '../src/config';
import { loadManifest, saveFrames } from '../src/db/frame-manifests';
import { loadRunUser } from '../src/db/pipeline-runs';
import { type StoredSceneInspection, loadSceneInspection, saveSceneInspection } from '../src/db/scene-inspections';
import type { MediaTools } from '../src/infra/ffmpeg';
import { KINDS } from '../src/kinds';
import { extractFrames as extract, removeStaleScratch } from '../src/media/extract';
import type { FrameStore } from '../src/media/frame-store';
import { buildManifest, type FrameManifest } from '../src/media/manifest';
import { scrubJson } from '../src/secrets';
import type { SceneSource } from '../src/fragments/scene-sources';
import { sceneFindings } from '../src/scene/findings';
import { repairTargets } from '../src/scene/repair/rules';
import type { SceneTimeline } from '../src/scene/inspection';
import { inspectScene } from '../src/scene/inspector';
import { forUser } from '../src/scene/tex-cache';
import { enabledKindsOf, heartbeating, withCommon, type CommonDeps } from './common';

export interface InspectSceneInput {
  pipelineRunId: string;
  /** The fragment's Python sources (CLI `--source`, or the fragment's files); null: it has none. */
  sources: SceneSource[] | null;
  /** The Scene subclass to run; null: the only one, or the one whose timeline matches the video. */
  scene: string | null;
}

export interface MediaDeps extends CommonDeps {
  frameStore: FrameStore;
  mediaTools: MediaTools;
  config: CommonDeps['config'] & { media: Config['media']; scene: Config['scene']; judge: Pick<Config['judge'], 'disabledKinds'> };
  /** Local file paths as animation URLs: the CLI's in-process worker only. */
  allowLocalFiles: boolean;
  /** Where extraction keeps its temp files (one directory per call, removed when it ends). */
  workDir: string;
}

/** What inspectScene reports to the workflow: the outcome, its note, and how many layout findings the scene has (what repairScene targets). */
export interface InspectSceneResult {
  status: StoredSceneInspection['status'];
  note: string;
  /** Absent in histories recorded before scene repair. */
  findings?: number;
}

/** How many layout findings of a recorded scene its repair targets (none when nothing fails a kind). */
const findingCount = (timeline: SceneTimeline | null, manifest: FrameManifest) =>
  timeline ? repairTargets([...sceneFindings(timeline, manifest).values()].flat(), (d) => d).length : 0;

/** The media pool's activities: extraction (frames and the whole-video signal) and scene inspection. */
export function mediaActivities(deps: MediaDeps) {
  const { pool, frameStore, config, scrub } = deps;
  const { mapFailures, db } = withCommon(deps);
  // The kinds' needs decide how frames are decoded: every frame once when an enabled kind is judged from the whole video.
  const withSignal = enabledKindsOf(config.judge).some((kind) => KINDS[kind].usesVideoSignal);

  return {
    /**
     * Extracts the run's frames once: downloads and decodes the video on this
     * worker, stores frames (and the whole-video signal) in PostgreSQL for every
     * worker of the fleet. A retry after success returns the stored manifest.
     */
    async extractFrames(input: { pipelineRunId: string; animationUrl: string }): Promise<FrameManifest> {
      return mapFailures(() =>
        heartbeating(async (beat, cancel) => {
          const extracted = await db(() => loadManifest(pool, input.pipelineRunId), cancel);
          if (extracted) return extracted;
          // An earlier attempt may have died with its worker: its download must not stay on the disk.
          if (Context.current().info.attempt > 1) await removeStaleScratch(deps.workDir, config.media);
          const options = { media: config.media, allowLocalFiles: deps.allowLocalFiles, workDir: deps.workDir, withSignal };
          const { plan, frames, signal } = await extract(
            input.animationUrl,
            deps.mediaTools,
            options,
            (phase, done, total) => beat({ phase, done, total }),
            cancel,
          );
          const stored = frames.map((frame) => ({ ...frame, key: `${input.pipelineRunId}/${frame.index}.jpg` }));
          for (const frame of stored) await db(() => frameStore.put(input.pipelineRunId, frame.key, frame.jpeg), cancel);
          const manifest = buildManifest(plan, stored);
          await db(() => saveFrames(pool, input.pipelineRunId, { animationUrl: input.animationUrl, manifest, plan, signal }), cancel);
          deps.log.info(
            { pipelineRunId: input.pipelineRunId, strategy: plan.strategy, frames: frames.length, sceneFrames: plan.scenePicks.length },
            'frames extracted',
          );
          return manifest;
        }),
      );
    },

    /**
     * Runs the fragment's Manim source in its sandbox against the extracted
     * video and stores what it recorded for the frame kinds' judges. What the
     * source does never fails the activity: the outcome is a note on the run
     * (then the layout is judged from pixels). A retry finds the stored outcome.
     */
    async inspectScene(input: InspectSceneInput): Promise<InspectSceneResult> {
      return mapFailures(() =>
        heartbeating(async (_beat, cancel) => {
          const manifest = await db(() => loadManifest(pool, input.pipelineRunId), cancel);
          if (!manifest) throw new Error('inspectScene runs after extractFrames: the run has no frames yet');
          const stored = await db(() => loadSceneInspection(pool, input.pipelineRunId), cancel);
          if (stored) return { status: stored.status, note: stored.note, findings: findingCount(stored.timeline, manifest) };
          const video = { width: manifest.width, height: manifest.height, fps: manifest.fps ?? 0, durationMs: manifest.durationMs };
          const frames = await Promise.all(
            manifest.frames.map(async (f) => ({ ...f, jpeg: await db(() => frameStore.get(f.key), cancel) })),
          );
          // The run's user: its scenes read that user's TeX cache alone.
          const user = await db(() => loadRunUser(pool, input.pipelineRunId), cancel);
          const settings = user === null ? config.scene : forUser(config.scene, user);
          const outcome =
            video.fps > 0
              ? await inspectScene(input.sources, input.scene, video, frames, settings, cancel)
              : { status: 'skipped' as const, note: "the video's frame rate is unknown: layout judged from pixels" };
          const inspected = outcome.status === 'inspected' ? outcome : null;
          // The note may quote the scene's own exception: scrubbed like every text the service stores.
          const note = scrub(outcome.note);
          await db(
            () =>
              saveSceneInspection(pool, input.pipelineRunId, {
                status: outcome.status,
                note,
                timeline: inspected ? scrubJson(inspected.timeline, scrub) : null,
                wallMs: 'wallMs' in outcome ? (outcome.wallMs ?? null) : null,
                cpuSeconds: inspected?.cpuSeconds ?? null,
              }),
            cancel,
          );
          deps.log.info({ pipelineRunId: input.pipelineRunId, status: outcome.status, note }, 'scene inspected');
          return { status: outcome.status, note, findings: findingCount(inspected?.timeline ?? null, manifest) };
        }),
      );
    },
  };
}
