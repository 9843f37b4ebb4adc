import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { reviewedSet } from '../../calibration/export';
import { labelledSetJson } from '../../calibration/labelled-set';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { identifierProblem } from '../../domain/text-limits';
import { visibleJson } from '../../text-safety';
import { EXIT, exitWith, NOT_FOUND, say, sinceOption, UsageError, writableFile } from '../io';

export function labelsCommand(evals: Command): void {
  const labels = evals.command('labels').description('Labelled sets made from human review (docs/calibration.md).');
  labels
    .command('export')
    .description(
      "Turn reviewed runs (a reviewer pressed Done on the served report) into a labelled set: the issues reviewers kept, and those they added as missed, each at its frame's time.",
    )
    .option('--since <date>', 'only runs whose review was finished at or after this date (2026-11-01, or an ISO time)', sinceOption)
    .option('--name <name>', "the set's name", 'reviews')
    .option('--out <file>', 'write the set to this file (its paths relative to it) instead of stdout')
    .action(
      exitWith(async (opts: { since?: Date; name: string; out?: string }) => {
        const problem = identifierProblem('--name', opts.name);
        if (problem) throw new UsageError(problem);
        if (opts.out) writableFile(opts.out);
        const db = await openDatabase(loadConfig(), say);
        try {
          const { set, skipped } = await reviewedSet(db.pool, { name: opts.name, since: opts.since ?? null });
          for (const s of skipped) say(`left out: ${s}`);
          if (set.animations.length === 0) {
            say(
              `no run has been reviewed to the end${opts.since ? ` since ${opts.since.toISOString()}` : ''} (a reviewer presses Done on the served report)`,
            );
            return NOT_FOUND;
          }
          const json = `${visibleJson(JSON.stringify(labelledSetJson(set, path.dirname(path.resolve(opts.out ?? '.'))), null, 2))}\n`;
          if (opts.out) fs.writeFileSync(opts.out, json);
          else process.stdout.write(json);
          const expected = set.animations.reduce((n, a) => n + a.expect.length, 0);
          say(
            `${set.animations.length} reviewed animations (${set.animations.filter((a) => a.expect.length === 0).length} clean, ${expected} expected issues)${opts.out ? ` written to ${opts.out}` : ''}`,
          );
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
