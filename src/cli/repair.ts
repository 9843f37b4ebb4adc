import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { SceneSettings } from '../config';
import { loadManifest } from '../db/frame-manifests';
import { loadSceneInspection } from '../db/scene-inspections';
import { isSafeSourceName, isSceneClassName, type SceneSource } from '../fragments/scene-sources';
import type { FixesResponse } from '../read-model/fixes';
import type { EvalPipelineRun } from '../read-model/schemas';
import { textTable } from '../text-table';
import { EXIT, print, say } from './io';
import type { RunResult } from './outputs';

/**
 * `evals run --fixes DIR` (docs/fixes.md), the scene's repair delivered: the run's verified patch written as
 * the patched files under their own names in DIR, and DIR/fixes.json, the
 * shape `GET /evals/pipeline-runs/{id}/fixes` serves. Nothing is ever written
 * outside DIR: a name must be one of the fragment's own source files, a plain
 * relative path, and no directory on its way may be a link.
 */

// The name docs/fixes.md gives users; the repair's JSON is the shape the fixes route serves.
const REPAIR_FILE = 'fixes.json';

/** The path `name` is written to in `root`, its directories made; refused when it could lead outside. */
function targetIn(root: string, name: string, allowed: ReadonlySet<string>): string {
  if (!allowed.has(name) || !isSafeSourceName(name))
    throw new Error(`refusing to write ${JSON.stringify(name)}: not one of the fragment's source files`);
  const target = path.resolve(root, name);
  if (!target.startsWith(`${root}${path.sep}`)) throw new Error(`refusing to write ${JSON.stringify(name)}: outside ${root}`);
  let dir = root;
  for (const part of path.relative(root, path.dirname(target)).split(path.sep).filter(Boolean)) {
    dir = path.join(dir, part);
    if (!fs.existsSync(dir)) fs.mkdirSync(dir);
    if (!fs.lstatSync(dir).isDirectory()) throw new Error(`refusing to write ${JSON.stringify(name)}: ${dir} is not a plain directory`);
  }
  return target;
}

/** Written beside and renamed over: a link already at the name is replaced, never followed. */
function writeReplacing(target: string, text: string): void {
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${crypto.randomUUID()}`);
  fs.writeFileSync(tmp, text, { flag: 'wx' });
  fs.renameSync(tmp, target);
}

/**
 * Writes the patched files (those the combined patch changes) and fixes.json
 * into `dir`; `sourceNames` are the fragment's files. Returns the paths written.
 */
export function writeRepair(dir: string, repair: FixesResponse, sourceNames: readonly string[]): string[] {
  // Not recursive: its parent was checked before the run (writableDirectory), and Node's recursive mkdir loops for
  // ever where the kernel answers ENOENT for a parent that exists (/proc).
  if (!fs.existsSync(dir)) fs.mkdirSync(dir);
  const root = fs.realpathSync(dir);
  const allowed = new Set(sourceNames);
  const written: string[] = [];
  for (const [name, text] of Object.entries(repair.combined.files)) {
    const target = targetIn(root, name, allowed);
    writeReplacing(target, text);
    written.push(target);
  }
  const json = path.join(root, REPAIR_FILE);
  writeReplacing(json, `${JSON.stringify(repair, null, 2)}\n`);
  written.push(json);
  return written;
}

/** What fixes.json holds for a run that was not repaired (no layout finding, or the scene was not inspected). */
export function noRepair(pipelineRunId: string, why: string): FixesResponse {
  return { pipelineRunId, fixes: [], combined: { verdict: 'none', diff: {}, files: {}, reinspection: why }, budget: null };
}

const statusOf = (run: { status: string; issueCount: number }) =>
  `${run.status}${run.issueCount ? ` (${run.issueCount} issue${run.issueCount === 1 ? '' : 's'})` : ''}`;

/** `--render`: each kind's verdict on the video given and on the patched scene's render, then each finding's category before and after. */
export function beforeAfter(before: EvalPipelineRun, after: EvalPipelineRun): string {
  const afterKinds = new Map(after.evalRuns.map((r) => [r.kind, r]));
  const categories = (run: EvalPipelineRun) => {
    const counts = new Map<string, number>();
    for (const issue of run.evalRuns.flatMap((r) => r.issues ?? [])) counts.set(issue.category, (counts.get(issue.category) ?? 0) + 1);
    return counts;
  };
  const [was, now] = [categories(before), categories(after)];
  const rows = [
    ['KIND', 'BEFORE', 'AFTER'],
    ...before.evalRuns.map((r) => {
      const a = afterKinds.get(r.kind);
      return [r.kind, statusOf(r), a ? statusOf(a) : '-'];
    }),
    ['OVERALL', before.overallStatus ?? before.status, after.overallStatus ?? after.status],
  ];
  const issues = [...new Set([...was.keys(), ...now.keys()])].map((c) => `${c} ${was.get(c) ?? 0} → ${now.get(c) ?? 0}`);
  return `\nBefore and after the patch (pipeline runs ${before.id} and ${after.id}):\n${textTable(rows)}\n\nIssues by category: ${issues.join(', ') || 'none before or after'}`;
}

/** What `--fixes DIR [--render]` asks of a run's repair. */
export interface RepairDelivery {
  dir: string;
  render: boolean;
  /** Under --json stdout holds the JSON alone: the before-and-after table goes to stderr. */
  json: boolean;
  /** The run's user: the render reads that user's TeX cache alone. */
  userId: string;
  settings: SceneSettings;
}

/**
 * `--fixes DIR`: the run's repair written into DIR; with `--render`, the patched
 * scene rendered into DIR at the video's size and rate and evaluated, the
 * verdicts before and after printed. EXIT.ERROR when the render or its run failed.
 */
export async function deliverRepair(
  pool: pg.Pool,
  result: RunResult,
  sources: readonly SceneSource[],
  delivery: RepairDelivery,
  evaluate: (animation: string, sources: SceneSource[]) => Promise<RunResult>,
): Promise<number> {
  const { dir } = delivery;
  const run = result.response?.evalPipelineRun;
  if (!run) {
    say(`no fixes written to ${dir}: ${result.failure ?? 'no pipeline run'}`);
    return EXIT.ERROR;
  }
  const { getRunFixes } = require('../read-model/fixes') as typeof import('../read-model/fixes');
  const found = await getRunFixes(pool, run.id);
  const inspection = await loadSceneInspection(pool, run.id);
  // Not repaired: no layout finding, a scene not inspected, or a repair that failed (the run's summary says which).
  const why = inspection
    ? `no repair stored; the scene was ${inspection.status} (${inspection.note})`
    : 'no repair stored; the scene was not inspected';
  const repair = found && found !== 'none' ? found : noRepair(run.id, why);
  const written = writeRepair(
    dir,
    repair,
    sources.map((s) => s.name),
  );
  const verified = repair.fixes.filter((f) => f.verdict === 'verified').length;
  say(
    `fixes written to ${dir}: ${verified} of ${repair.fixes.length} finding${repair.fixes.length === 1 ? '' : 's'} verified; ${written.map((f) => path.basename(f)).join(', ')}`,
  );
  if (!delivery.render) return EXIT.OK;

  const manifest = await loadManifest(pool, run.id);
  // The class the inspection ran names the video in DIR: the sandbox reported it, so it must be a class name, not a path.
  const scene = inspection?.timeline?.scene;
  if (Object.keys(repair.combined.files).length === 0 || !manifest?.fps || !scene || !isSceneClassName(scene)) {
    say(
      `--render: nothing to render (${Object.keys(repair.combined.files).length === 0 ? 'no verified patch' : 'no scene class or frame rate to render it at'})`,
    );
    return EXIT.OK;
  }
  const patched = sources.map((s) => ({ name: s.name, content: repair.combined.files[s.name] ?? s.content }));
  const { renderScene } = require('../scene/render') as typeof import('../scene/render');
  const { forUser } = require('../scene/tex-cache') as typeof import('../scene/tex-cache');
  const output = path.join(fs.realpathSync(dir), `${scene}.patched.mp4`);
  say(`rendering the patched scene ${scene} at ${manifest.width}x${manifest.height}, ${manifest.fps} fps`);
  const rendered = await renderScene({
    sources: patched,
    scene,
    width: manifest.width,
    height: manifest.height,
    fps: manifest.fps,
    settings: forUser(delivery.settings, delivery.userId),
    outputPath: output,
  });
  if (!rendered.ok) {
    say(`--render: ${rendered.reason}`);
    return EXIT.ERROR;
  }
  say(`rendered ${output} in ${(rendered.wallMs / 1000).toFixed(1)} s`);
  const after = await evaluate(output, patched);
  const afterRun = after.response?.evalPipelineRun;
  if (!afterRun) {
    say(`--render: the patched video was not evaluated: ${after.failure ?? 'no pipeline run'}`);
    return EXIT.ERROR;
  }
  (delivery.json ? say : print)(beforeAfter(run, afterRun));
  return EXIT.OK;
}
