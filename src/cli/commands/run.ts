import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Option, type Command } from 'commander';
import type pg from 'pg';
import { inputProblems } from '../../domain/text-limits';
import { type Config, loadConfig } from '../../config';
import { isSceneClassName, readSceneSources, type SceneSource } from '../../fragments/scene-sources';
import { createLogger, type Logger } from '../../logger';
import { formatRun } from '../format';
import { BatchInterrupt, mapLimited } from '../batch';
import { EXIT, exitWith, print, printJson, refuseBadInput, say, UsageError, wholeNumber, writableDirectory, writableFile } from '../io';
import { type CommandStack, isLocalDevServer, withCommandStack } from '../local-stack';
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
  const { animationDigest } = require('../../media/source') as typeof import('../../media/source');
  return `local-${(await animationDigest(target)).slice(0, 16)}`;
}

/** Every option checked before anything starts: the --source files read, or a UsageError. */
function checkedSources(animations: readonly string[], opts: RunOptions): SceneSource[] | null {
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
  return sources;
}

/** A remote Temporal's workers read local files only when it is an `evals dev` of this machine. */
function refuseLocalFilesToRemote(config: Config, animations: readonly string[]): void {
  if (config.temporal.address !== undefined && animations.some((a) => !isUrl(a)) && !isLocalDevServer(config)) {
    throw new UsageError(
      `TEMPORAL_ADDRESS (${config.temporal.address}) is not an \`evals dev\` of this machine, so its workers cannot read local files: pass http(s) URLs, start \`evals dev\` here and set TEMPORAL_ADDRESS to the address it prints, or unset TEMPORAL_ADDRESS to evaluate on a stack of this command's own`,
    );
  }
}

/**
 * The command's own worker on its own stack (none on a remote Temporal), created
 * while the pipelines start: a start needs only the server. A worker that cannot
 * be created ends each pipeline's wait, and is thrown when awaited.
 */
function startOwnWorker(config: Config, stack: CommandStack, log: Logger) {
  // Loaded by the stack while its servers started (src/cli/local-stack.ts), not on this module's import.
  const { activityDeps, createWorker } = require('../../worker') as typeof import('../../worker');
  const creating =
    config.temporal.address !== undefined
      ? Promise.resolve(null)
      : createWorker({
          connection: stack.temporal.nativeConnection,
          config,
          deps: activityDeps(config, stack.db.pool, log, { allowLocalFiles: true }),
          workflowsOnMainThread: true,
        });
  const running = creating.then(
    (worker) => worker?.run(),
    () => undefined,
  );
  return { creating, running };
}

type Evaluate = (animation: string, animationSources: SceneSource[] | null) => Promise<RunResult>;

/** One animation through the pipeline, with the scene sources given: its stored run, or why there is none. */
function pipelineEvaluator(
  stack: CommandStack,
  config: Config,
  opts: RunOptions,
  on: { batch: BatchInterrupt; progress: Progress; workerCreated: Promise<unknown>; labelled: boolean },
): Evaluate {
  // Loaded once the stack's servers are starting: none of them is needed to start them (docs/benchmarks.md, bench:cli).
  const { startEvalPipeline } = require('../../client') as typeof import('../../client');
  const { getEvalRunCosts, getPipelineRun, pipelineRunIdOf } =
    require('../../read-model/read-model') as typeof import('../../read-model/read-model');
  const { loadPipelineError } = require('../../db/pipeline-runs') as typeof import('../../db/pipeline-runs');
  const pool = stack.db.pool;
  const label = (file: string) => (on.labelled ? path.basename(file) : '');
  return async (animation, animationSources) => {
    const file = isUrl(animation) ? animation : path.relative(process.cwd(), animation) || animation;
    try {
      const fragmentId = opts.fragmentId ?? (await defaultFragmentId(animation));
      if (on.batch.interrupted) return { file, response: null, costs: [], pipelineError: null, failure: 'not started: interrupted' };
      const handle = await startEvalPipeline(stack.temporal.client, config.temporal.taskQueue, {
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
      on.batch.started(handle, file);
      await on.workerCreated;
      on.progress.note(`${label(animation) ? `${label(animation)} ` : ''}started pipeline ${handle.workflowId}`);
      const watching = on.progress.watch(label(animation), handle, pool);
      const outcome = await handle.result().catch(() => null);
      on.batch.ended(handle);
      await watching.stop();
      const pipelineRunId = outcome?.pipelineRunId ?? (await pipelineRunIdOf(pool, handle.workflowId));
      const response = pipelineRunId ? await getPipelineRun(pool, pipelineRunId, { includeIssues: true }) : null;
      return {
        file,
        response,
        costs: pipelineRunId ? await getEvalRunCosts(pool, pipelineRunId) : [],
        pipelineError: pipelineRunId ? await loadPipelineError(pool, pipelineRunId) : null,
        failure: response ? undefined : 'the pipeline ended before it created its run',
      };
    } catch (err) {
      return { file, response: null, costs: [], pipelineError: null, failure: err instanceof Error ? err.message : String(err) };
    }
  };
}

async function runAnimations(targets: string[], opts: RunOptions): Promise<number> {
  const animations = resolveTargets(targets);
  const sources = checkedSources(animations, opts);
  const config = loadConfig();
  refuseLocalFilesToRemote(config, animations);
  const progress = new Progress(progressMode(opts.quiet));
  const note = (line: string) => progress.note(line);
  const log = createLogger(config.logLevel ?? 'error', { command: 'run' }, config.secrets);

  const batch = new BatchInterrupt(config, note);
  try {
    return await withCommandStack(config, log, note, async (stack) => {
      const { creating, running } = startOwnWorker(config, stack, log);
      const evaluate = pipelineEvaluator(stack, config, opts, {
        batch,
        progress,
        workerCreated: creating,
        labelled: animations.length > 1,
      });
      const results = await mapLimited(animations, opts.concurrency, (animation) => evaluate(animation, sources));
      const worker = await creating;
      if (opts.html) await writeReports(stack.db.pool, results, opts.html);
      writeOutputs(results, opts);
      // After the run's own output; the worker stays up for the patched video's run.
      const repaired =
        opts.fixes !== undefined && sources
          ? await (require('../repair') as typeof import('../repair')).deliverRepair(
              stack.db.pool,
              results[0],
              sources,
              { dir: opts.fixes, render: opts.render === true, json: opts.json === true, userId: opts.userId, settings: config.scene },
              evaluate,
            )
          : EXIT.OK;
      worker?.shutdown();
      await running;
      const runs = results.map(
        (r) => r.response?.evalPipelineRun ?? { status: 'ERROR' as const, overallStatus: 'ERROR' as const, evalRuns: [] },
      );
      return batch.interrupted ? EXIT.INTERRUPTED : Math.max(repaired, outcomeStatus(runs, opts.failOn));
    });
  } finally {
    batch.dispose();
  }
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
  if (single?.response)
    print(formatRun(single.response.evalPipelineRun, single.costs, { issues: true, pipelineError: single.pipelineError }));
  else print(summaryTable(results));
}
