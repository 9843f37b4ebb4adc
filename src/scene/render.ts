import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SceneSettings } from '../config';
import type { SceneSource } from '../fragments/scene-sources';
import { lastLine, runSceneProgram, sceneTexCache, stoppedReason } from './programs';

/**
 * Renders a scene with Manim (scene-inspector/render_scene.py) in the scene
 * sandbox, with the limits of inspection. Manim renders into the sandbox's own
 * scratch and the video's bytes come out on its stdout (bounded by the output
 * limit), so the sandbox has no writable path on the host at all; only this
 * function writes, and only `outputPath`. Never throws for what the source
 * does: a scene that raises, hangs or writes something else ends as a reason.
 */
export async function renderScene(input: {
  sources: readonly SceneSource[];
  scene: string;
  width: number;
  height: number;
  fps: number;
  settings: SceneSettings;
  outputPath: string;
  cancel?: AbortSignal;
}): Promise<{ ok: true; wallMs: number } | { ok: false; reason: string }> {
  const { settings } = input;
  const request = {
    files: Object.fromEntries(input.sources.map((s) => [s.name, s.content])),
    scene: input.scene,
    width: input.width,
    height: input.height,
    fps: input.fps,
    texCache: sceneTexCache(settings),
  };
  const run = await runSceneProgram('render_scene.py', JSON.stringify(request), settings, input.cancel);
  if ('refused' in run) return { ok: false, reason: `scene not rendered: ${run.refused}` };
  if (input.cancel?.aborted) return { ok: false, reason: 'the render was cancelled' };
  if (run.stopped) return { ok: false, reason: `the scene ${stoppedReason(run.stopped, settings.limits)} and was stopped` };
  if (run.exitCode !== 0) return { ok: false, reason: lastLine(run.stderrTail) || `the renderer stopped (exit ${run.exitCode})` };
  // An MP4 opens with its ftyp box; anything else is not Manim's video (the scene wrote to the output?).
  if (run.stdout.subarray(4, 8).toString('latin1') !== 'ftyp')
    return { ok: false, reason: 'the renderer answered something that is not an MP4 (the scene wrote to its output?)' };
  const tmp = path.join(path.dirname(input.outputPath), `.${path.basename(input.outputPath)}.${crypto.randomUUID()}`);
  fs.writeFileSync(tmp, run.stdout);
  fs.renameSync(tmp, input.outputPath);
  return { ok: true, wallMs: run.wallMs };
}
