import fs from 'node:fs';
import type { Command } from 'commander';
import { getEvalRunCosts, getPipelineRun } from '../../read-model/read-model';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { loadPipelineError } from '../../db/pipeline-runs';
import { pipelineRunReport } from '../../report/report';
import { formatRun } from '../format';
import { EXIT, exitWith, NOT_FOUND, print, printJson, say, writableFile } from '../io';

export function showCommand(evals: Command): void {
  evals
    .command('show')
    .description('Print a stored pipeline run, with tokens and cost per kind.')
    .argument('<pipelineRunId>', 'the pipeline run (as `evals run` and `evals list` print it)')
    .option('--issues', 'list every issue with its frame and suggested fix')
    .option('--json', 'print exactly the REST shape { evalPipelineRun } (issues embedded with --issues)')
    .option(
      '--html <file>',
      'also write the visual report: frames with their issues pinned, the whole-video signal (one self-contained file)',
    )
    .action(
      exitWith(async (pipelineRunId: string, opts: { issues?: boolean; json?: boolean; html?: string }) => {
        if (opts.html) writableFile(opts.html);
        const db = await openDatabase(loadConfig(), say);
        try {
          const response = await getPipelineRun(db.pool, pipelineRunId, { includeIssues: opts.issues });
          if (!response) {
            say(`pipeline run ${pipelineRunId} not found (\`evals list\` shows the stored ones)`);
            return NOT_FOUND;
          }
          if (opts.html) {
            fs.writeFileSync(opts.html, (await pipelineRunReport(db.pool, pipelineRunId))!);
            say(`report written to ${opts.html}`);
          }
          if (opts.json) printJson(response);
          else {
            const [costs, pipelineError] = await Promise.all([
              getEvalRunCosts(db.pool, pipelineRunId),
              loadPipelineError(db.pool, pipelineRunId),
            ]);
            print(formatRun(response.evalPipelineRun, costs, { issues: opts.issues === true, pipelineError }));
          }
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
