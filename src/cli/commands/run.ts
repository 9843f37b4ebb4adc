import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type pg from 'pg';
import { getEvalRunCosts, getPipelineRun, pipelineRunIdOf } from '../../read-model/read-model';
import { inputProblems } from '../../domain/text-limits';
import { loadConfig } from '../../config';
import type { SceneSettings } from '../../config';
import { loadManifest } from '../../db/frame-manifests';
import { loadSceneInspection } from '../../db/scene-inspections';
import { isSceneClassName, readSceneSources, type SceneSource } from '../../fragments/scene-sources';
import { animationDigest } from '../../media/source';
import { createLogger } from '../../logger';
import { formatRun } from '../format';
import { beforeAfter, noFixes, writeFixes } from '../fixes';
import { BatchInterrupt, mapLimited } from '../batch';
import { EXIT, exitWith, print, printJson, refuseBadInput, say, UsageError, wholeNumber, writableDirectory, writableFile } from '../io';
import { isLocalDevServer, withCommandStack } from '../local-stack';
import { FAIL_ON, outcomeStatus, type FailOn } from '../outcome';
import { csv, junitXml, summaryTable, type RunResult } from '../outputs';
import { Progress, progressMode } from '../progress';
import { isUrl, resolveTargets } from '../targets';

interface RunOptions {
  userInput?: string;
  fragmentId?: string;
  projectId: string;
  userId: string;
  title?: string;
  description?: string;
  json?: boolean;
  junit?: string;
  csv?: string;
  html?: string;
  failOn: FailOn;
  concurrency: number;
  quiet?: boolean;
  source: string[];
  scene?: string;
  fixes?: string;
  render?: boolean;
}

export function runCommand(evals: Command): void {
  evals
    .command('run')
    .description(
      'Evaluate animations through Temporal: files, directories (their videos), glob patterns or http(s) URLs. One stack serves them all; with no TEMPORAL_ADDRESS it starts its own dev server, embedded PostgreSQL and worker.',
    )
    .argument('<animations...>', 'video files, directories, quoted glob patterns ("renders/*.mp4") or http(s) URLs')
    .option('--user-input <text>', "the user's message that asked for the animation (USER_INPUT_SECURITY)")
    .option(
      '--fragment-id <id>',
      'fragment id (one animation only; default: a hash of the file, so the same file again is its next attempt)',
    )
    .option('--project-id <id>', 'project id', 'local')
    .option('--user-id <id>', 'owner id', 'local')
    .option('--title <text>', 'title shown to the engagement rubric')
    .option('--description <text>', 'description shown to the engagement rubric')
    .option(
      '--source <file.py>',
      'the Manim source that drew the animation (repeat for several files): its scene is run in a sandbox and its exact layout judged (docs/scene-inspection.md)',
      (file: string, files: string[]) => [...files, file],
      [] as string[],
    )
    .option('--scene <class>', 'the Scene subclass in the sources (default: the only one, or the one whose timeline matches the video)')
    .option(
      '--fixes <dir>',
      "write the scene's verified source patch into DIR: the patched files under their own names and fixes.json, one entry per layout finding (one animation, with --source; docs/fixes.md)",
    )
    .option(
      '--render',
      "with --fixes: render the patched scene with Manim (sandboxed) at the video's size and rate into DIR, evaluate that video and print the verdicts before and after",
    )
    .option(
      '--json',
      'print { evalPipelineRun } exactly as the REST interface serves it; for several animations, one JSON line per animation with its "file"',
    )
    .option('--junit <file>', 'also write a JUnit XML report: a test suite per animation, a test case per eval kind')
    .option('--csv <file>', 'also write a CSV report: a row per animation and eval kind')
    .option(
      '--html <path>',
      'also write the visual report of each animation (frames with their issues pinned, the whole-video signal): a file for one animation, a directory for several',
    )
    .addOption(
      new Option(
        '--fail-on <outcome>',
        'exit non-zero on: fail (an overall FAIL or any ERROR), error (only an ERROR: of a pipeline or of one of its kinds), never',
      )
        .choices(FAIL_ON)
        .default('fail'),
    )
    .option('--concurrency <n>', 'pipelines in flight at once', wholeNumber(1, 64), Math.max(1, os.availableParallelism()))
    .option('-q, --quiet', 'no progress on stderr')
    .addHelpText(
      'after',
      '\nExit status: 0 every animation passed (or --fail-on allowed it), 1 an overall FAIL, 3 an ERROR (an animation could not be evaluated: its pipeline or one of its kinds ended ERROR, whatever its overall status; with --fixes DIR --render, also a patched scene that could not be rendered or evaluated), 2 a usage error, 4 the stack could not run (configuration, database, Temporal), 130 interrupted (Ctrl-C: the pipelines in flight cancelled, no more started).',
    )
    .action(exitWith(runAnimations));
}

/** The --source files as scene sources, checked before anything starts. */
function readSources(files: readonly string[]): SceneSource[] | null {
  if (files.length === 0) return null;
  try {
    return readSceneSources(
      files.map((file) => ({ file, label: `--source ${file}` })),
      '--source files',
    );
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/** A fragment id derived from the content, so running the same file again is the next attempt. */
async function defaultFragmentId(target: string): Promise<string> {
  return `local-${(await animationDigest(target)).slice(0, 16)}`;
}

async function runAnimations(targets: string[], opts: RunOptions): Promise<number> {
  const animations = resolveTargets(targets);
  refuseBadInput([
    ...inputProblems({ ...opts, animation: { title: opts.title, description: opts.description } }),
    ...animations.flatMap((url) => inputProblems({ animation: { url } })),
  ]);
  for (const report of [opts.junit, opts.csv]) if (report) writableFile(report);
  if (opts.html) {
    if (animations.length === 1) writableFile(opts.html);
    else writableDirectory(opts.html, '--html', 'the reports of several animations');
  }
  if (opts.fragmentId && animations.length > 1)
    throw new UsageError('--fragment-id names one fragment: give one animation, or leave it out (each file gets its own)');
  const sources = readSources(opts.source);
  if (opts.scene !== undefined && !isSceneClassName(opts.scene))
    throw new UsageError(`--scene ${JSON.stringify(opts.scene.slice(0, 80))} is not a Python class name`);
  if (opts.scene !== undefined && !sources) throw new UsageError('--scene names a class of the --source files: give them too');
  if (opts.render && opts.fixes === undefined) throw new UsageError('--render renders the patch --fixes DIR writes: give --fixes too');
  if (opts.fixes !== undefined) {
    if (!sources) throw new UsageError('--fixes patches the scene of the --source files: give them too');
    if (animations.length > 1) throw new UsageError('--fixes DIR holds the patch of one animation: give one');
    writableDirectory(opts.fixes, '--fixes', 'the patched files');
  }
  const config = loadConfig();
  const remote = config.temporal.address !== undefined;
  if (remote && animations.some((a) => !isUrl(a)) && !isLocalDevServer(config)) {
    throw new UsageError(
      `TEMPORAL_ADDRESS (${config.temporal.address}) is not an \`evals dev\` of this machine, so its workers cannot read local files: pass http(s) URLs, start \`evals dev\` here and set TEMPORAL_ADDRESS to the address it prints, or unset TEMPORAL_ADDRESS to evaluate on a stack of this command's own`,
    );
  }
  const progress = new Progress(progressMode(opts.quiet));
  const note = (line: string) => progress.note(line);
  const log = createLogger(config.logLevel ?? 'error', { command: 'run' }, config.secrets);

  const batch = new BatchInterrupt(config, note);
  try {
    return await withCommandStack(config, log, note, async ({ db, temporal }) => {
      // Loaded by the stack while its servers started (src/cli/local-stack.ts), not on this module's import.
      const { activityDeps, createWorker } = require('../../worker') as typeof import('../../worker');
      const { startEvalPipeline } = require('../../client') as typeof import('../../client');
      // The pipelines start while the worker is created (its workflow thread loads the SDK and the bundle): a
      // start needs only the server. A worker that cannot be created ends each pipeline's wait, and is thrown after.
      const creating = remote
        ? Promise.resolve(null)
        : createWorker({
            connection: temporal.nativeConnection,
            config,
            deps: activityDeps(config, db.pool, log, { allowLocalFiles: true }),
            workflowsOnMainThread: true,
          });
      const running = creating.then(
        (worker) => worker?.run(),
        () => undefined,
      );
      const client = temporal.client;
      const label = (file: string) => (animations.length > 1 ? path.basename(file) : '');

      /** One animation through the pipeline, with the scene sources given; its stored run, or why there is none. */
      const evaluate = async (animation: string, animationSources: SceneSource[] | null): Promise<RunResult> => {
        const file = isUrl(animation) ? animation : path.relative(process.cwd(), animation) || animation;
        try {
          const fragmentId = opts.fragmentId ?? (await defaultFragmentId(animation));
          if (batch.interrupted) return { file, response: null, costs: [], failure: 'not started: interrupted' };
          const handle = await startEvalPipeline(client, config.temporal.taskQueue, {
            fragmentId,
            projectId: opts.projectId,
            userId: opts.userId,
            userInput: opts.userInput ?? null,
            animation: {
              url: animation,
              title: opts.title ?? null,
              description: opts.description ?? null,
              sources: animationSources,
              scene: opts.scene ?? null,
            },
          });
          batch.started(handle, file);
          await creating;
          progress.note(`${label(animation) ? `${label(animation)} ` : ''}started pipeline ${handle.workflowId}`);
          const watching = progress.watch(label(animation), handle, db.pool);
          const outcome = await handle.result().catch(() => null);
          batch.ended(handle);
          await watching.stop();
          const pipelineRunId = outcome?.pipelineRunId ?? (await pipelineRunIdOf(db.pool, handle.workflowId));
          const response = pipelineRunId ? await getPipelineRun(db.pool, pipelineRunId, { includeIssues: true }) : null;
          return {
            file,
            response,
            costs: pipelineRunId ? await getEvalRunCosts(db.pool, pipelineRunId) : [],
            failure: response ? undefined : 'the pipeline ended before it created its run',
          };
        } catch (err) {
          return { file, response: null, costs: [], failure: err instanceof Error ? err.message : String(err) };
        }
      };

      const results = await mapLimited(animations, opts.concurrency, (animation) => evaluate(animation, sources));
      const worker = await creating;
      if (opts.html) await writeReports(db.pool, results, opts.html);
      writeOutputs(results, opts);
      // After the run's own output; the worker stays up for the patched video's run.
      const fixed =
        opts.fixes !== undefined && sources ? await deliverFixes(db.pool, results[0], sources, opts, evaluate, config.scene) : EXIT.OK;
      worker?.shutdown();
      await running;
      const runs = results.map(
        (r) => r.response?.evalPipelineRun ?? { status: 'ERROR' as const, overallStatus: 'ERROR' as const, evalRuns: [] },
      );
      return batch.interrupted ? EXIT.INTERRUPTED : Math.max(fixed, outcomeStatus(runs, opts.failOn));
    });
  } finally {
    batch.dispose();
  }
}

/**
 * `--fixes DIR`: the run's fixes written into DIR; with `--render`, the patched
 * scene rendered into DIR at the video's size and rate and evaluated, the
 * verdicts before and after printed. EXIT.ERROR when the render or its run failed.
 */
async function deliverFixes(
  pool: pg.Pool,
  result: RunResult,
  sources: readonly SceneSource[],
  opts: RunOptions,
  evaluate: (animation: string, sources: SceneSource[]) => Promise<RunResult>,
  settings: SceneSettings,
): Promise<number> {
  const dir = opts.fixes!;
  const run = result.response?.evalPipelineRun;
  if (!run) {
    say(`no fixes written to ${dir}: ${result.failure ?? 'no pipeline run'}`);
    return EXIT.ERROR;
  }
  const { getRunFixes } = require('../../read-model/fixes') as typeof import('../../read-model/fixes');
  const found = await getRunFixes(pool, run.id);
  const inspection = await loadSceneInspection(pool, run.id);
  // Not repaired: no layout finding, a scene not inspected, or a repair that failed (the run's summary says which).
  const why = inspection
    ? `no repair stored; the scene was ${inspection.status} (${inspection.note})`
    : 'no repair stored; the scene was not inspected';
  const fixes = found && found !== 'none' ? found : noFixes(run.id, why);
  const written = writeFixes(
    dir,
    fixes,
    sources.map((s) => s.name),
  );
  const verified = fixes.fixes.filter((f) => f.verdict === 'verified').length;
  say(
    `fixes written to ${dir}: ${verified} of ${fixes.fixes.length} finding${fixes.fixes.length === 1 ? '' : 's'} verified; ${written.map((f) => path.basename(f)).join(', ')}`,
  );
  if (!opts.render) return EXIT.OK;

  const manifest = await loadManifest(pool, run.id);
  // The class the inspection ran names the video in DIR: the sandbox reported it, so it must be a class name, not a path.
  const scene = inspection?.timeline?.scene;
  if (Object.keys(fixes.combined.files).length === 0 || !manifest?.fps || !scene || !isSceneClassName(scene)) {
    say(
      `--render: nothing to render (${Object.keys(fixes.combined.files).length === 0 ? 'no verified patch' : 'no scene class or frame rate to render it at'})`,
    );
    return EXIT.OK;
  }
  const patched = sources.map((s) => ({ name: s.name, content: fixes.combined.files[s.name] ?? s.content }));
  const { renderScene } = require('../../scene/render') as typeof import('../../scene/render');
  const { forUser } = require('../../scene/tex-cache') as typeof import('../../scene/tex-cache');
  const output = path.join(fs.realpathSync(dir), `${scene}.patched.mp4`);
  say(`rendering the patched scene ${scene} at ${manifest.width}x${manifest.height}, ${manifest.fps} fps`);
  const rendered = await renderScene({
    sources: patched,
    scene,
    width: manifest.width,
    height: manifest.height,
    fps: manifest.fps,
    // The run's user: the render reads that user's TeX cache alone.
    settings: forUser(settings, opts.userId),
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
  (opts.json ? say : print)(beforeAfter(run, afterRun));
  return EXIT.OK;
}

/** One self-contained HTML report per animation: to the file given for one, into the directory given for several. */
async function writeReports(pool: pg.Pool, results: readonly RunResult[], target: string): Promise<void> {
  const { pipelineRunReport } = require('../../report/report') as typeof import('../../report/report');
  const single = results.length === 1;
  // Its parent was checked before the run (writableDirectory): not recursive, which loops for ever under /proc.
  if (!single && !fs.existsSync(target)) fs.mkdirSync(target);
  const used = new Set<string>();
  for (const r of results) {
    const run = r.response?.evalPipelineRun;
    if (!run) continue;
    let name = `${path.basename(r.file).replace(/\.[^.]*$/, '') || 'animation'}.html`;
    if (used.has(name)) name = `${run.id}.html`;
    used.add(name);
    const file = single ? target : path.join(target, name);
    fs.writeFileSync(file, (await pipelineRunReport(pool, run.id))!);
    say(`report written to ${file}`);
  }
}

function writeOutputs(results: RunResult[], opts: RunOptions): void {
  if (opts.junit) {
    fs.writeFileSync(opts.junit, junitXml(results));
    say(`JUnit XML written to ${opts.junit}`);
  }
  if (opts.csv) {
    fs.writeFileSync(opts.csv, csv(results));
    say(`CSV written to ${opts.csv}`);
  }
  const single = results.length === 1 ? results[0] : null;
  if (opts.json) {
    if (single?.response) printJson(single.response);
    else for (const r of results) printJson(r.response ? { file: r.file, ...r.response } : { file: r.file, error: r.failure });
    return;
  }
  if (single?.response) print(formatRun(single.response.evalPipelineRun, single.costs, { issues: true }));
  else print(summaryTable(results));
}
