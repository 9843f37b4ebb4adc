import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { InvalidArgumentError, type Command } from 'commander';
import type pg from 'pg';
import { configurationOf, loadConfiguration, type Configuration } from '../../calibration/configurations';
import { judgedRun, type JudgedRun } from '../../calibration/judged';
import { LabelledSetError, loadLabelledSet, type LabelledAnimation, type LabelledSet } from '../../calibration/labelled-set';
import { animationOutcome } from '../../calibration/metrics';
import { calibrationPage } from '../../calibration/page';
import { calibrationReport, entryKey, formatCalibration } from '../../calibration/summary';
import { inputProblems } from '../../domain/text-limits';
import { startEvalPipeline } from '../../client';
import { ConfigError, loadConfig, type Config } from '../../config';
import { findCalibrationRun, saveCalibrationRun, type CalibratedAnimation } from '../../db/calibration';
import { CANCELLED } from '../../domain/status';
import { readSceneSources, type SceneSource } from '../../fragments/scene-sources';
import { fileProblem } from '../../infra/local-file';
import type { TemporalConnections } from '../../infra/temporal';
import { createLogger } from '../../logger';
import { animationDigest } from '../../media/source';
import { activityDeps, createWorker } from '../../worker';
import { EXIT, exitWith, print, printJson, say, UsageError, wholeNumber, writableFile } from '../io';
import { BatchInterrupt, mapLimited } from '../batch';
import { withCommandStack } from '../local-stack';

interface CalibrateOptions {
  config: string[];
  json?: boolean;
  html?: string;
  minRecall?: number;
  maxFalse?: number;
  concurrency: number;
  userId: string;
  quiet?: boolean;
}

/** A share from 0 to 1 (`0.9`), or a percentage (`90%`). */
function share(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(value.trim());
  const n = m ? Number(m[1]) / (m[2] ? 100 : 1) : NaN;
  if (!(n >= 0 && n <= 1)) throw new InvalidArgumentError('expected a share from 0 to 1 (0.9) or a percentage (90%)');
  return n;
}

export function calibrateCommand(evals: Command): void {
  evals
    .command('calibrate')
    .description(
      'Measure judge configurations against labelled sets (docs/calibration.md): every animation run through the real pipeline once per configuration, then recall, false findings, precision, time error, kappa, cost and latency side by side, overall and per kind, and the animations the configurations disagree on. Resumable: animations already judged under a configuration are not judged again.',
    )
    .argument('<sets...>', 'labelled sets (JSON files, docs/calibration.md)')
    .option(
      '--config <name=file>',
      'a judge configuration: a name and a file of the service\'s environment variables (NAME=value lines), over the environment (repeat to compare; default: the environment, as "current")',
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option('--json', 'print the figures as JSON')
    .option('--html <file>', 'also write a page of the figures with the disagreements shown on their frames (one self-contained file)')
    .option(
      '--min-recall <share>',
      'exit 1 when a configuration finds less than this share of the expected issues in time (0.9 or 90%)',
      share,
    )
    .option('--max-false <n>', 'exit 1 when a configuration reports more false findings than this on clean animations', wholeNumber(0))
    .option('--concurrency <n>', 'pipelines in flight at once', wholeNumber(1, 64), Math.max(1, os.availableParallelism()))
    .option('--user-id <id>', 'owner of the pipeline runs (whose read API keys may read and review them)', 'calibrate')
    .option('-q, --quiet', 'no progress on stderr')
    .addHelpText(
      'after',
      '\nExit status: 0 done (and the thresholds met), 1 a threshold not met, 2 a usage error (a set or configuration at fault), 4 the stack could not run, 130 interrupted (what finished is kept: run the same command again to resume).',
    )
    .action(exitWith(calibrate));
}

/** A labelled animation ready to judge: its sources read, what decides its judgement hashed. */
interface Prepared {
  key: string;
  set: LabelledSet;
  labels: LabelledAnimation;
  sources: SceneSource[] | null;
  hash: string;
}

async function prepare(sets: readonly LabelledSet[]): Promise<Prepared[]> {
  const prepared: Prepared[] = [];
  for (const set of sets) {
    for (const [i, labels] of set.animations.entries()) {
      const at = `${set.file ?? set.name}: animations[${i}]`;
      // The check `evals run` makes of a file, before anything starts: a FIFO or /dev/zero would hang the digest below.
      const problem = /^https?:\/\//i.test(labels.animation) ? null : fileProblem(labels.animation);
      if (problem) throw new UsageError(`${at}.animation: cannot read ${labels.animation}: ${problem}`);
      const problems = inputProblems({
        userInput: labels.userInput,
        animation: { url: labels.animation, title: labels.title, description: labels.description },
      });
      if (problems.length) throw new UsageError(`${at}: ${problems.join('; ')}`);
      let sources: SceneSource[] | null = null;
      if (labels.scene) {
        try {
          sources = readSceneSources(
            labels.scene.sources.map((file, j) => ({ file, label: `${at}.scene.sources[${j}] (${file})` })),
            `scene sources of ${at}`,
          );
        } catch (err) {
          throw new UsageError((err as Error).message);
        }
      }
      const hash = JSON.stringify({
        animation: await animationDigest(labels.animation),
        sources: sources?.map((s) => [s.name, s.content]) ?? null,
        scene: labels.scene?.class ?? null,
        userInput: labels.userInput,
        title: labels.title,
        description: labels.description,
      });
      prepared.push({
        key: entryKey(set, labels.id),
        set,
        labels,
        sources,
        hash: crypto.createHash('sha256').update(hash).digest('hex').slice(0, 24),
      });
    }
  }
  const keys = prepared.map((p) => p.key);
  const twice = keys.find((k, i) => keys.indexOf(k) !== i);
  if (twice) throw new UsageError(`${twice} is in two of the sets: give each set its own name`);
  return prepared;
}

/** What a labelled animation's run was given, for `evals labels export`. */
const calibratedAnimation = (labels: LabelledAnimation): CalibratedAnimation => ({
  animation: labels.animation,
  scene: labels.scene,
  userInput: labels.userInput,
  title: labels.title,
  description: labels.description,
});

async function calibrate(setFiles: string[], opts: CalibrateOptions): Promise<number> {
  const sets = setFiles.map((file) => {
    try {
      return loadLabelledSet(file);
    } catch (err) {
      throw err instanceof LabelledSetError ? new UsageError(err.message) : err;
    }
  });
  const names = sets.map((s) => s.name);
  const repeated = names.find((n, i) => names.indexOf(n) !== i);
  if (repeated) throw new UsageError(`two sets are named ${repeated}: results are shown by set name and id`);
  let configurations: Configuration[];
  try {
    configurations = opts.config.length
      ? opts.config.map((c) => loadConfiguration(c, process.env))
      : [configurationOf('current', {}, process.env, 'the environment')];
  } catch (err) {
    throw err instanceof ConfigError ? new UsageError(err.message) : err;
  }
  const configNames = configurations.map((c) => c.name);
  const twice = configNames.find((n, i) => configNames.indexOf(n) !== i);
  if (twice) throw new UsageError(`two configurations are named ${twice}`);
  if (opts.html) writableFile(opts.html);
  const prepared = await prepare(sets);

  const config = loadConfig();
  const log = createLogger(config.logLevel ?? 'error', { command: 'calibrate' }, config.secrets);
  const note = (line: string) => {
    if (!opts.quiet) say(line);
  };
  const batch = new BatchInterrupt(config, note, '; what finished is kept, run the same command again to resume');
  try {
    return await withCommandStack(config, log, note, async ({ db, temporal }) => {
      const results: { configuration: Configuration; judged: Map<string, JudgedRun> }[] = [];
      for (const configuration of configurations) {
        if (batch.interrupted) break;
        const judged = await judgeAll(configuration, prepared, { stack: config, db: db.pool, temporal, opts, batch, note });
        results.push({ configuration, judged });
      }
      if (batch.interrupted) return EXIT.INTERRUPTED;

      const report = calibrationReport(sets, results, { minRecall: opts.minRecall ?? null, maxFalse: opts.maxFalse ?? null });
      if (opts.html) {
        fs.writeFileSync(
          opts.html,
          await calibrationPage(
            db.pool,
            report,
            prepared.map((p) => ({ key: p.key, labels: p.labels })),
          ),
        );
        note(`page written to ${opts.html}`);
      }
      if (opts.json) printJson(report);
      else print(formatCalibration(report));
      return report.thresholds.failures.length ? EXIT.FAIL : EXIT.OK;
    });
  } finally {
    batch.dispose();
  }
}

interface JudgeContext {
  /** The environment's configuration: the stack. */
  stack: Config;
  db: pg.Pool;
  temporal: TemporalConnections;
  opts: CalibrateOptions;
  batch: BatchInterrupt;
  note: (line: string) => void;
}

/**
 * Every animation judged under one configuration: those judged before are
 * read back, the others run through the pipeline on a worker of this
 * configuration (its own task queue), recorded as each ends.
 */
async function judgeAll(configuration: Configuration, prepared: readonly Prepared[], ctx: JudgeContext): Promise<Map<string, JudgedRun>> {
  const { db, temporal, opts } = ctx;
  const judged = new Map<string, JudgedRun>();
  const pending: Prepared[] = [];
  let done = 0;
  const progress = (p: Prepared, run: JudgedRun, how: string) => {
    done++;
    const outcome = animationOutcome(
      { key: p.key, expect: p.labels.expect, toleranceSeconds: p.set.toleranceSeconds, countFrom: p.set.countFrom },
      run.issues,
    );
    const found = outcome.expected.filter((e) => e.found).length;
    const expected = p.labels.expect.length ? `found ${found}/${p.labels.expect.length}` : 'clean';
    ctx.note(
      `${configuration.name} [${done}/${prepared.length}] ${p.key}: ${run.run.overallStatus ?? run.run.status} · ${expected} · ${outcome.falseFindings.length} false · ${how}`,
    );
  };
  for (const p of prepared) {
    const runId = await findCalibrationRun(db, configuration.hash, p.hash);
    const run = runId ? await judgedRun(db, runId) : null;
    if (run) {
      judged.set(p.key, run);
      progress(p, run, `judged before (pipeline run ${run.run.id})`);
    } else pending.push(p);
  }
  if (pending.length === 0) return judged;

  const taskQueue = `${configuration.config.temporal.taskQueue}-calibrate-${configuration.hash}`;
  // Its logs are scrubbed of its own secrets too (a key given in its file, not the environment).
  const log = createLogger(configuration.config.logLevel ?? 'error', { command: 'calibrate', configuration: configuration.name }, [
    ...ctx.stack.secrets,
    ...configuration.config.secrets,
  ]);
  const worker = await createWorker({
    connection: temporal.nativeConnection,
    config: configuration.config,
    taskQueue,
    deps: activityDeps(configuration.config, db, log, { allowLocalFiles: true }),
  });
  const running = worker.run();
  try {
    await mapLimited(pending, opts.concurrency, async (p) => {
      if (ctx.batch.interrupted) return;
      const started = Date.now();
      const handle = await startEvalPipeline(temporal.client, taskQueue, {
        fragmentId: `calibrate-${p.hash}`,
        projectId: 'calibrate',
        userId: opts.userId,
        userInput: p.labels.userInput,
        animation: {
          url: p.labels.animation,
          title: p.labels.title,
          description: p.labels.description,
          sources: p.sources,
          scene: p.labels.scene?.class ?? null,
        },
      });
      ctx.batch.started(handle, p.key);
      try {
        const outcome = await handle.result().catch((err: unknown) => (ctx.batch.interrupted ? null : Promise.reject(err)));
        const run = outcome ? await judgedRun(db, outcome.pipelineRunId) : null;
        // A cancelled run was interrupted, not judged: the next calibration judges the animation again.
        if (!run || run.run.summary === CANCELLED) return;
        await saveCalibrationRun(db, {
          configurationHash: configuration.hash,
          animationHash: p.hash,
          pipelineRunId: run.run.id,
          animation: calibratedAnimation(p.labels),
          configuration: configuration.settings,
        });
        judged.set(p.key, run);
        progress(p, run, `${((Date.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        ctx.batch.ended(handle);
      }
    });
  } finally {
    worker.shutdown();
    await running;
  }
  return judged;
}
