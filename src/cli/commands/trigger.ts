import { startEvalPipeline } from '../../client';
import { loadConfig } from '../../config';
import { getPipelineRun } from '../../api/read-model';
import { openDatabase } from '../../db/database';
import { openTemporal } from '../../infra/temporal';
import { parseArgs, say, UsageError } from '../io';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';

/** Starts (or finds) the pipeline of a fragment read from the fragments API, for the worker fleet to run. */
export async function triggerCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      'fragment-id': { type: 'string' },
      'project-id': { type: 'string' },
      'user-id': { type: 'string' },
      'render-job-id': { type: 'string' },
      'user-input': { type: 'string' },
      reevaluate: { type: 'boolean', default: false },
      'request-id': { type: 'string' },
      wait: { type: 'boolean', default: false },
    },
  });
  const fragmentId = values['fragment-id'];
  const projectId = values['project-id'];
  const userId = values['user-id'];
  if (!fragmentId || !projectId || !userId) throw new UsageError('trigger needs --fragment-id, --project-id and --user-id');
  if (values['request-id'] && !values.reevaluate) throw new UsageError('--request-id names a re-evaluation: add --reevaluate');
  const config = loadConfig();
  if (!config.temporal.address) throw new UsageError('trigger hands the pipeline to running workers: set TEMPORAL_ADDRESS');

  const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
  try {
    const handle = await startEvalPipeline(
      temporal.client,
      config.temporal.taskQueue,
      {
        fragmentId,
        projectId,
        userId,
        renderJobId: values['render-job-id'] ?? null,
        userInput: values['user-input'] ?? null,
        reevaluate: values.reevaluate,
        requestId: values['request-id'],
      },
      { renderWait: config.fragments.renderWait },
    );
    const { runId } = await handle.describe();
    const started: Record<string, unknown> = { workflowId: handle.workflowId, runId };
    if (!values.wait) {
      process.stdout.write(`${JSON.stringify(started)}\n`);
      return 0;
    }
    say(`waiting for pipeline ${handle.workflowId}`);
    const result = await handle.result();
    const db = await openDatabase(config, say);
    try {
      const run = (await getPipelineRun(db.pool, result.pipelineRunId))?.evalPipelineRun;
      process.stdout.write(`${JSON.stringify({ ...started, pipelineRunId: result.pipelineRunId, attemptNumber: result.attemptNumber, status: run?.status, overallStatus: run?.overallStatus, summary: run?.summary })}\n`);
      return result.status === 'COMPLETED' ? 0 : 1;
    } finally {
      await db.close();
    }
  } finally {
    await temporal.close();
  }
}
