import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { getEvalRunCosts, getPipelineRun } from '../db/read-model';
import { migrate } from '../db/migrate';
import { PermanentError } from '../errors';
import { ensureTemporalCli } from '../infra/temporal';
import { openDatabase } from '../infra/postgres';
import { openTemporal } from '../infra/temporal';
import { createLogger } from '../logger';
import { startEvalPipeline } from '../client';
import { activityDeps, createWorker, installRuntime } from '../worker';
import { formatRun } from './format';
import type pg from 'pg';

const USAGE = `Usage: evals <command> [options]

Commands:
  run <file-or-url> [--user-input TEXT] [--fragment-id ID] [--project-id ID] [--user-id ID] [--title T] [--json]
      Evaluate one animation through Temporal (in-process worker unless TEMPORAL_ADDRESS is set).
  show <pipelineRunId> [--issues] [--json]
      Print a stored pipeline run.
  worker
      Run a long-lived worker (TEMPORAL_ADDRESS, DATABASE_URL, TEMPORAL_TASK_QUEUE, concurrency from env).
  migrate
      Apply database migrations.
  setup
      Install what the project needs outside npm (the Temporal CLI).
`;

const say = (line: string) => process.stderr.write(`${line}\n`);

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'run':
      return runCommand(rest);
    case 'show':
      return showCommand(rest);
    case 'worker':
      return workerCommand();
    case 'migrate':
      return migrateCommand();
    case 'setup':
      ensureTemporalCli(loadConfig(), say);
      say('setup complete');
      return 0;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(USAGE);
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

function isUrl(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(target);
}

/** A fragment id derived from the content, so running the same file again is the next attempt. */
function defaultFragmentId(target: string): string {
  const hash = crypto.createHash('sha256');
  if (isUrl(target)) hash.update(target);
  else hash.update(fs.readFileSync(target));
  return `local-${hash.digest('hex').slice(0, 16)}`;
}

async function runCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      'user-input': { type: 'string' },
      'fragment-id': { type: 'string' },
      'project-id': { type: 'string' },
      'user-id': { type: 'string' },
      title: { type: 'string' },
      description: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
  });
  if (positionals.length !== 1) throw new UsageError('run takes exactly one file path or URL');
  const target = positionals[0];
  const config = loadConfig();
  if (!isUrl(target)) {
    if (!fs.existsSync(target)) throw new UsageError(`no such file: ${target}`);
    if (config.temporal.address) throw new UsageError('a local file needs the in-process worker: unset TEMPORAL_ADDRESS or pass an http(s) URL');
  }
  const animationUrl = isUrl(target) ? target : path.resolve(target);
  const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn', { command: 'run' });
  installRuntime(log);

  const db = await openDatabase(config, say);
  let temporal: Awaited<ReturnType<typeof openTemporal>> | undefined;
  try {
    temporal = await openTemporal(config, say);
    const fragmentId = values['fragment-id'] ?? defaultFragmentId(target);
    const handle = await startEvalPipeline(temporal.client, config.temporal.taskQueue, {
      fragmentId,
      projectId: values['project-id'] ?? 'local',
      userId: values['user-id'] ?? 'local',
      userInput: values['user-input'] ?? null,
      animation: { url: animationUrl, title: values.title ?? null, description: values.description ?? null },
    });
    say(`started pipeline ${handle.workflowId} for fragment ${fragmentId}`);
    const watching = watchProgress(db.pool, handle.workflowId);
    const result = handle.result();
    if (!config.temporal.address) {
      const worker = await createWorker({ connection: temporal.nativeConnection, config, deps: activityDeps(config, db.pool, log, { allowLocalFiles: true }) });
      await worker.runUntil(result.catch(() => undefined));
    }
    const outcome = await result.catch((err: Error) => {
      say(`pipeline failed: ${err.message}`);
      return null;
    });
    watching.stop();
    const pipelineRunId = outcome?.pipelineRunId ?? (await runIdOf(db.pool, handle.workflowId));
    if (!pipelineRunId) return 1;
    const response = await getPipelineRun(db.pool, pipelineRunId, { includeIssues: true });
    if (!response) return 1;
    if (values.json) {
      process.stdout.write(`${JSON.stringify(response)}\n`);
    } else {
      process.stdout.write(`${formatRun(response.evalPipelineRun, await getEvalRunCosts(db.pool, pipelineRunId), { issues: true })}\n`);
    }
    return response.evalPipelineRun.status === 'COMPLETED' ? 0 : 1;
  } finally {
    await temporal?.close();
    await db.close();
  }
}

async function runIdOf(pool: pg.Pool, workflowId: string): Promise<string | null> {
  const r = await pool.query<{ id: string }>('SELECT id FROM pipeline_runs WHERE execution_name = $1', [workflowId]);
  return r.rows[0]?.id ?? null;
}

/** Progress per kind on stderr, read from the database so it works with remote workers too. */
function watchProgress(pool: pg.Pool, workflowId: string): { stop(): void } {
  const seen = new Map<string, string>();
  let stopped = false;
  const tick = async () => {
    const rows = await pool
      .query<{ kind: string; status: string; pipeline_status: string; attempt_number: number }>(
        `SELECT r.kind, r.status, p.status AS pipeline_status, p.attempt_number FROM eval_runs r
         JOIN pipeline_runs p ON p.id = r.pipeline_run_id WHERE p.execution_name = $1`,
        [workflowId],
      )
      .catch(() => ({ rows: [] }));
    for (const row of rows.rows) {
      if (!seen.has('pipeline') || seen.get('pipeline') !== row.pipeline_status) {
        seen.set('pipeline', row.pipeline_status);
        say(`  pipeline attempt ${row.attempt_number}: ${row.pipeline_status}`);
      }
      if (seen.get(row.kind) !== row.status) {
        seen.set(row.kind, row.status);
        say(`  ${row.kind.padEnd(24)} ${row.status}`);
      }
    }
    if (!stopped) timer = setTimeout(tick, 300);
  };
  let timer = setTimeout(tick, 300);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

async function showCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { issues: { type: 'boolean', default: false }, json: { type: 'boolean', default: false } },
  });
  if (positionals.length !== 1) throw new UsageError('show takes exactly one pipeline run id');
  const config = loadConfig();
  const db = await openDatabase(config, say);
  try {
    const response = await getPipelineRun(db.pool, positionals[0], { includeIssues: values.issues });
    if (!response) {
      say(`pipeline run ${positionals[0]} not found`);
      return 1;
    }
    if (values.json) process.stdout.write(`${JSON.stringify(response)}\n`);
    else process.stdout.write(`${formatRun(response.evalPipelineRun, await getEvalRunCosts(db.pool, positionals[0]), { issues: values.issues })}\n`);
    return 0;
  } finally {
    await db.close();
  }
}

async function migrateCommand(): Promise<number> {
  const config = loadConfig();
  const db = await openDatabase(config, say);
  try {
    const applied = await migrate(db.pool);
    say(applied.length ? `applied ${applied.join(', ')}` : 'database is up to date');
    return 0;
  } finally {
    await db.close();
  }
}

async function workerCommand(): Promise<number> {
  const config = loadConfig();
  const log = createLogger(config.logLevel, { role: 'worker' });
  installRuntime(log);
  const db = await openDatabase(config, say);
  const temporal = await openTemporal(config, say);
  try {
    const worker = await createWorker({ connection: temporal.nativeConnection, config, deps: activityDeps(config, db.pool, log, { allowLocalFiles: false }) });
    log.info({ taskQueue: config.temporal.taskQueue, address: temporal.address, database: db.displayUrl }, 'worker started');
    await worker.run();
    return 0;
  } finally {
    await temporal.close();
    await db.close();
  }
}

function describe(err: unknown): string {
  if (err instanceof ConfigError || err instanceof UsageError || err instanceof PermanentError) return err.message;
  return err instanceof Error ? err.message : String(err);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(`evals: ${describe(err)}`);
    if (err instanceof UsageError) say(USAGE);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
