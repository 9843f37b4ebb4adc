import type { Config } from '../src/config';
import { loadManifest } from '../src/db/frame-manifests';
import { loadRunUser } from '../src/db/pipeline-runs';
import { loadSceneInspection } from '../src/db/scene-inspections';
import { loadSceneRepair, saveSceneRepair, type StoredSceneRepair } from '../src/db/scene-repairs';
import type { SceneSource } from '../src/fragments/scene-sources';
import { scrubJson } from '../src/secrets';
import { repairScene } from '../src/scene/repair';
import { forUser } from '../src/scene/tex-cache';
import { heartbeating, withCommon, type CommonDeps } from './common';

export interface RepairSceneInput {
  pipelineRunId: string;
  /** The sources the scene was inspected from (the same as inspectScene's). */
  sources: SceneSource[];
}

export interface RepairDeps extends CommonDeps {
  config: CommonDeps['config'] & { scene: Config['scene'] };
}

/** What the summary says of a repair: how many of the findings got a verified fix. */
export function repairNote(repair: Pick<StoredSceneRepair, 'fixes' | 'budget'>): string {
  const verified = repair.fixes.filter((f) => f.verdict === 'verified').length;
  const n = repair.fixes.length;
  const budget = repair.budget?.reached
    ? ` The repair's budget (${repair.budget.candidates} candidates, ${Math.round(repair.budget.wallMs / 1000)} s) was reached: the rest keep their advice.`
    : '';
  return `Repair: ${verified} of ${n} scene finding${n === 1 ? '' : 's'} got a verified fix (docs/fixes.md).${budget}`;
}

/**
 * The media pool's repair (docs/fixes.md): candidate edits of the scene's
 * source for each of its layout findings, each verified by re-inspecting the
 * scene in its sandbox. It reads the stored timeline and manifest itself (no
 * frames or timelines go through the workflow), stores the repair with the run
 * and the fixes as the issues' suggestedFix. What the source does never fails
 * it; a retry finds the stored repair.
 */
export function repairActivities(deps: RepairDeps) {
  const { pool, config, scrub } = deps;
  const { mapFailures, db } = withCommon(deps);

  return {
    async repairScene(input: RepairSceneInput): Promise<{ note: string }> {
      return mapFailures(() =>
        heartbeating(async (beat, cancel) => {
          const done = await db(() => loadSceneRepair(pool, input.pipelineRunId), cancel);
          if (done) return { note: repairNote(done) };
          const [inspection, manifest, user] = await Promise.all([
            db(() => loadSceneInspection(pool, input.pipelineRunId), cancel),
            db(() => loadManifest(pool, input.pipelineRunId), cancel),
            db(() => loadRunUser(pool, input.pipelineRunId), cancel),
          ]);
          const timeline = inspection?.timeline;
          if (!timeline || !manifest) throw new Error('repairScene runs after inspectScene inspected the scene: the run has no timeline');
          const video = {
            width: manifest.width,
            height: manifest.height,
            fps: manifest.fps ?? timeline.fps,
            durationMs: manifest.durationMs,
          };
          const repair = await repairScene({
            sources: input.sources,
            scene: timeline.scene || null,
            timeline,
            manifest,
            video,
            // The run's user: its candidates read that user's TeX cache alone.
            settings: user === null ? config.scene : forUser(config.scene, user),
            // Its budget: twice what inspecting the scene took (docs/fixes.md, "The budget").
            inspection: { wallMs: inspection.wallMs, cpuSeconds: inspection.cpuSeconds },
            cancel,
            heartbeat: (progress) => beat({ progress }),
          });
          // Texts quote the scene's source and its exceptions: scrubbed like every text the service stores.
          const stored = await db(() => saveSceneRepair(pool, input.pipelineRunId, scrubJson(repair, scrub)), cancel);
          const note = repairNote(stored);
          deps.log.info(
            { pipelineRunId: input.pipelineRunId, candidates: stored.candidates, wallMs: stored.wallMs, note },
            'scene repaired',
          );
          return { note };
        }),
      );
    },
  };
}
