import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { startEvalPipeline } from '../../client';
import { loadConfig, secretsOf } from '../../config';
import { getEvalRunCosts, getPipelineRun, pipelineProgress, pipelineRunIdOf } from '../../api/read-model';
import { openDatabase } from '../../db/database';
import { openTemporal } from '../../infra/temporal';
import { createLogger } from '../../logger';
import { activityDeps, createWorker, installRuntime } from '../../worker';
import { formatRun } from '../format';
import { parseArgs, say, UsageError } from '../io';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';

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

export async function runCommand(args: string[]): Promise<number> {
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
  const log = createLogger(config.logLevel ?? 'error', { command: 'run' }, secretsOf(config));
  // Ctrl-C cancels the pipeline (below) rather than draining the in-process worker, which must finish the cancellation.
  installRuntime(log, { shutdownSignals: [] });

  const db = await openDatabase(config, say);
  let temporal: Awaited<ReturnType<typeof openTemporal>> | undefined;
  try {
    temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
    const fragmentId = values['fragment-id'] ?? defaultFragmentId(target);
    const handle = await startEvalPipeline(temporal.client, config.temporal.taskQueue, {
      fragmentId,
      projectId: values['project-id'] ?? 'local',
      userId: values['user-id'] ?? 'local',
      userInput: values['user-input'] ?? null,
      animation: { url: animationUrl, title: values.title ?? null, description: values.description ?? null },
    });
    say(`started pipeline ${handle.workflowId} for fragment ${fragmentId}`);
    const cancel = () => {
      say('interrupted: cancelling the pipeline (again to quit at once)');
      void handle.cancel().catch(() => undefined);
    };
    process.once('SIGINT', cancel);
    process.once('SIGTERM', cancel);
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
    const pipelineRunId = outcome?.pipelineRunId ?? (await pipelineRunIdOf(db.pool, handle.workflowId));
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

/** Progress per kind on stderr, read from the database so it works with remote workers too. */
function watchProgress(pool: pg.Pool, workflowId: string): { stop(): void } {
  const seen = new Map<string, string>();
  let stopped = false;
  const tick = async () => {
    const progress = await pipelineProgress(pool, workflowId).catch(() => null);
    if (progress && seen.get('pipeline') !== progress.status) {
      seen.set('pipeline', progress.status);
      say(`  pipeline attempt ${progress.attemptNumber}: ${progress.status}`);
    }
    for (const run of progress?.evalRuns ?? []) {
      if (seen.get(run.kind) !== run.status) {
        seen.set(run.kind, run.status);
        say(`  ${run.kind.padEnd(24)} ${run.status}`);
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

