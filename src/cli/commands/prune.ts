import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { framesDue, pruneFrames, type PruneResult } from '../../db/retention';
import { EXIT, exitWith, say, wholeNumber } from '../io';

export function pruneCommand(evals: Command): void {
  evals
    .command('prune')
    .description(
      'Delete the frames and whole-video signal of pipeline runs finished more than EVALS_RETENTION_DAYS (default 30) days ago; ' +
        'runs, eval runs and issues are kept. Fleet workers also do this in the background, one at a time.',
    )
    .option('--days <n>', 'retention in days for this pass (default: EVALS_RETENTION_DAYS)', wholeNumber(1))
    .option('--dry-run', 'print what would be deleted, delete nothing')
    .action(
      exitWith(async (opts: { days?: number; dryRun?: boolean }) => {
        const config = loadConfig();
        const days = opts.days ?? config.retention.days;
        if (days === 0) {
          say('retention is off (EVALS_RETENTION_DAYS=0): nothing pruned; give --days N to prune anyway');
          return EXIT.OK;
        }
        const db = await openDatabase(config, say);
        try {
          const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
          const what = (r: PruneResult) =>
            `the frames of ${plural(r.pipelineRuns, 'pipeline run')} finished more than ${plural(days, 'day')} ago (${plural(r.frames, 'frame')}, ${(r.bytes / 1024 / 1024).toFixed(1)} MB)`;
          if (opts.dryRun) {
            say(`would prune ${what(await framesDue(db.pool, days))}`);
            return EXIT.OK;
          }
          let pruned = await pruneFrames(db.pool, days);
          if (pruned === null) {
            say('another process (a fleet worker) is pruning; waiting for it to finish');
            pruned = (await pruneFrames(db.pool, days, { wait: true }))!;
          }
          say(`pruned ${what(pruned)}`);
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
