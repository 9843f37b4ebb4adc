import type { Command } from 'commander';
import { getPipelineRun } from '../../read-model/read-model';
import { inputProblems } from '../../domain/text-limits';
import { startEvalPipeline } from '../../client';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { openTemporal } from '../../infra/temporal';
import { SEARCH_ATTRIBUTE_NAMES } from '../../../workflows/search-attributes';
import { EXIT, exitWith, printJson, refuseBadInput, say, UsageError } from '../io';
import { outcomeStatus } from '../outcome';

interface TriggerOptions {
  fragmentId: string;
  projectId: string;
  userId: string;
  renderJobId?: string;
  userInput?: string;
  reevaluate?: boolean;
  requestId?: string;
  wait?: boolean;
}

export function triggerCommand(evals: Command): void {
  evals
    .command('trigger')
    .description(
      'Start the pipeline of a fragment read from FRAGMENTS_API_URL, for the worker fleet (a duplicate trigger returns the pipeline already started).',
    )
    .requiredOption('--fragment-id <id>', 'the fragment to evaluate')
    .requiredOption('--project-id <id>', 'its project')
    .requiredOption('--user-id <id>', 'its owner')
    .option('--render-job-id <id>', 'the render job that produced it')
    .option('--user-input <text>', "the user's message, for USER_INPUT_SECURITY")
    .option('--reevaluate', "an explicit re-evaluation: the fragment's next attempt")
    .option('--request-id <key>', 'names a re-evaluation, so its redeliveries return one pipeline (needs --reevaluate)')
    .option('--wait', 'wait for the pipeline to end and print its outcome')
    .action(
      exitWith(async (opts: TriggerOptions) => {
        if (opts.requestId && !opts.reevaluate) throw new UsageError('--request-id names a re-evaluation: add --reevaluate');
        refuseBadInput(inputProblems(opts));
        const config = loadConfig();
        if (!config.temporal.address)
          throw new UsageError(
            'trigger hands the pipeline to running workers: set TEMPORAL_ADDRESS (for a local stack, start `evals dev` and use the address it prints)',
          );
        const temporal = await openTemporal(config, say, { searchAttributes: SEARCH_ATTRIBUTE_NAMES });
        try {
          const handle = await startEvalPipeline(
            temporal.client,
            config.temporal.taskQueue,
            {
              fragmentId: opts.fragmentId,
              projectId: opts.projectId,
              userId: opts.userId,
              renderJobId: opts.renderJobId ?? null,
              userInput: opts.userInput ?? null,
              reevaluate: opts.reevaluate,
              requestId: opts.requestId,
            },
            { renderWait: config.fragments.renderWait },
          );
          const { runId } = await handle.describe();
          const started = { workflowId: handle.workflowId, runId };
          if (!opts.wait) {
            printJson(started);
            return EXIT.OK;
          }
          say(`waiting for pipeline ${handle.workflowId}`);
          const result = await handle.result();
          const db = await openDatabase(config, say);
          try {
            const run = (await getPipelineRun(db.pool, result.pipelineRunId))!.evalPipelineRun;
            printJson({
              ...started,
              pipelineRunId: result.pipelineRunId,
              attemptNumber: result.attemptNumber,
              status: run.status,
              overallStatus: run.overallStatus,
              summary: run.summary,
            });
            return outcomeStatus([run], 'fail');
          } finally {
            await db.close();
          }
        } finally {
          await temporal.close();
        }
      }),
    );
}
