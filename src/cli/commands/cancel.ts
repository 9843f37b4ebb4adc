import type { Command } from 'commander';
import { getPipelineRun } from '../../read-model/read-model';
import { cancelEvalPipeline } from '../../client';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { openTemporal } from '../../infra/temporal';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';
import { EXIT, exitWith, NOT_FOUND, printJson, say, UsageError } from '../io';

export function cancelCommand(evals: Command): void {
  evals
    .command('cancel')
    .description('Cancel a pipeline run: it ends ERROR with summary "cancelled" and every eval run terminal.')
    .argument('<pipelineRunId>', 'the pipeline run to cancel')
    .action(
      exitWith(async (pipelineRunId: string) => {
        const config = loadConfig();
        if (!config.temporal.address) throw new UsageError('cancel talks to the cluster that runs the pipeline: set TEMPORAL_ADDRESS');
        const db = await openDatabase(config, say);
        try {
          const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
          try {
            const outcome = await cancelEvalPipeline(temporal.client, db.pool, pipelineRunId);
            if (outcome === 'not-found') {
              say(`pipeline run ${pipelineRunId} not found`);
              return NOT_FOUND;
            }
            if (outcome === 'already-ended') {
              say(`pipeline run ${pipelineRunId} had already ended`);
              return EXIT.FAIL;
            }
            const run = (await getPipelineRun(db.pool, pipelineRunId))!.evalPipelineRun;
            // The workflow records the outcome in a non-cancellable step before it ends.
            await temporal.client.workflow
              .getHandle(run.executionName!)
              .result()
              .catch(() => undefined);
            const ended = (await getPipelineRun(db.pool, pipelineRunId))!.evalPipelineRun;
            printJson({ pipelineRunId, status: ended.status, summary: ended.summary });
            return EXIT.OK;
          } finally {
            await temporal.close();
          }
        } finally {
          await db.close();
        }
      }),
    );
}
