import { cancelEvalPipeline } from '../../client';
import { loadConfig } from '../../config';
import { getPipelineRun } from '../../api/read-model';
import { openDatabase } from '../../db/database';
import { openTemporal } from '../../infra/temporal';
import { parseArgs, say, UsageError } from '../io';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';

export async function cancelCommand(args: string[]): Promise<number> {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length !== 1) throw new UsageError('cancel takes exactly one pipeline run id');
  const pipelineRunId = positionals[0];
  const config = loadConfig();
  if (!config.temporal.address) throw new UsageError('cancel talks to the cluster that runs the pipeline: set TEMPORAL_ADDRESS');
  const db = await openDatabase(config, say);
  try {
    const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
    try {
      const outcome = await cancelEvalPipeline(temporal.client, db.pool, pipelineRunId);
      if (outcome === 'not-found') {
        say(`pipeline run ${pipelineRunId} not found`);
        return 1;
      }
      if (outcome === 'already-ended') {
        say(`pipeline run ${pipelineRunId} had already ended`);
        return 1;
      }
      const run = (await getPipelineRun(db.pool, pipelineRunId))!.evalPipelineRun;
      // The workflow records the outcome in a non-cancellable step before it ends.
      await temporal.client.workflow.getHandle(run.executionName!).result().catch(() => undefined);
      const ended = (await getPipelineRun(db.pool, pipelineRunId))!.evalPipelineRun;
      process.stdout.write(`${JSON.stringify({ pipelineRunId, status: ended.status, summary: ended.summary })}\n`);
      return 0;
    } finally {
      await temporal.close();
    }
  } finally {
    await db.close();
  }
}
