import { Option, type Command } from 'commander';
import { listPipelineRuns } from '../../read-model/read-model';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { EVAL_RUN_STATUSES, PIPELINE_STATUSES } from '../../domain/types';
import { textTable } from '../../text-table';
import { clip } from '../../domain/clip';
import { EXIT, exitWith, print, printJson, say, wholeNumber } from '../io';

export function listCommand(evals: Command): void {
  evals
    .command('list')
    .description('List stored pipeline runs, newest first.')
    .option('--fragment-id <id>', "only this fragment's runs")
    .addOption(
      new Option('--status <status>', 'only runs in this pipeline status or overall status').choices([
        ...new Set([...PIPELINE_STATUSES, ...EVAL_RUN_STATUSES]),
      ]),
    )
    .option('--limit <n>', 'at most this many runs', wholeNumber(1, 10_000), 20)
    .option('--json', 'one JSON object per line')
    .action(
      exitWith(async (opts: { fragmentId?: string; status?: string; limit: number; json?: boolean }) => {
        const db = await openDatabase(loadConfig(), say);
        try {
          const runs = await listPipelineRuns(db.pool, { fragmentId: opts.fragmentId, status: opts.status, limit: opts.limit });
          if (opts.json) {
            for (const run of runs) printJson(run);
          } else if (runs.length === 0) {
            say('no pipeline runs match');
          } else {
            print(
              textTable([
                ['PIPELINE RUN', 'FRAGMENT', 'ATTEMPT', 'STATUS', 'OVERALL', 'CREATED', 'SUMMARY'],
                ...runs.map((r) => [
                  r.id,
                  r.fragmentId,
                  String(r.attemptNumber),
                  r.status,
                  r.overallStatus ?? '-',
                  r.createdAt.replace(/\.\d+Z$/, 'Z'),
                  clip(r.summary ?? '', 70),
                ]),
              ]),
            );
          }
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
