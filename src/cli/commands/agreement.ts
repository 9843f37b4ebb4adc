import type { Command } from 'commander';
import { agreementMetrics, agreementRows, formatAgreement } from '../../calibration/reviewer-agreement';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/database';
import { reviewTallies } from '../../read-model/reviews';
import { EXIT, exitWith, print, printJson, say, sinceOption, UsageError } from '../io';

export function agreementCommand(evals: Command): void {
  evals
    .command('agreement')
    .description(
      'How often reviewers agreed with the judge, per kind and category: issues they found right, wrong, and the ones they added as missed; agreement = right / (right + wrong + missed).',
    )
    .option('--since <date>', 'only reviews made at or after this date (2026-11-01, or an ISO time)', sinceOption)
    .option('--json', 'print the rows as JSON')
    .option(
      '--prometheus',
      'print the figures as Prometheus metrics (evals_review_issues, evals_review_agreement_ratio) for a textfile collector or push gateway',
    )
    .action(
      exitWith(async (opts: { since?: Date; json?: boolean; prometheus?: boolean }) => {
        if (opts.json && opts.prometheus) throw new UsageError('--json and --prometheus: choose one');
        const db = await openDatabase(loadConfig(), say);
        try {
          const rows = agreementRows(await reviewTallies(db.pool, opts.since ?? null));
          if (opts.prometheus) process.stdout.write(await agreementMetrics(rows));
          else if (opts.json) printJson({ since: opts.since?.toISOString() ?? null, rows });
          else print(rows.length ? formatAgreement(rows) : `no reviews${opts.since ? ` since ${opts.since.toISOString()}` : ''}`);
          return EXIT.OK;
        } finally {
          await db.close();
        }
      }),
    );
}
