import client from 'prom-client';
import { EVAL_KINDS } from '../domain/types';
import type { ReviewTally } from '../read-model/reviews';
import { percent, textTable } from '../text-table';

/**
 * `evals agreement`: how often reviewers agreed with the judge, per kind and
 * category: the issues they found right, against those they found wrong and
 * those they added as missed. Agreement = right / (right + wrong + missed).
 */

export interface AgreementRow extends ReviewTally {
  agreement: number | null;
}

const KIND_ORDER = new Map(EVAL_KINDS.map((k, i) => [k, i]));

export function agreementRows(tallies: readonly ReviewTally[]): AgreementRow[] {
  return [...tallies]
    .sort((a, b) => KIND_ORDER.get(a.kind)! - KIND_ORDER.get(b.kind)! || a.category.localeCompare(b.category))
    .map((t) => {
      const all = t.right + t.wrong + t.missed;
      return { ...t, agreement: all === 0 ? null : t.right / all };
    });
}

export function formatAgreement(rows: readonly AgreementRow[]): string {
  const total = rows.reduce((s, r) => ({ right: s.right + r.right, wrong: s.wrong + r.wrong, missed: s.missed + r.missed }), {
    right: 0,
    wrong: 0,
    missed: 0,
  });
  const all = total.right + total.wrong + total.missed;
  const cells = [
    ['kind', 'category', 'right', 'wrong', 'missed', 'agreement'],
    ...rows.map((r) => [r.kind, r.category, String(r.right), String(r.wrong), String(r.missed), percent(r.agreement)]),
    ['all', '', String(total.right), String(total.wrong), String(total.missed), percent(all === 0 ? null : total.right / all)],
  ];
  return textTable(cells, 2);
}

/** The same figures in Prometheus's text format (for a textfile collector or a push gateway). */
export async function agreementMetrics(rows: readonly AgreementRow[]): Promise<string> {
  const registry = new client.Registry();
  const issues = new client.Gauge({
    name: 'evals_review_issues',
    help: "Reviewed judge issues by kind, category and reviewers' verdict (right, wrong), and issues reviewers added as missed (missed)",
    labelNames: ['kind', 'category', 'verdict'] as const,
    registers: [registry],
  });
  const agreement = new client.Gauge({
    name: 'evals_review_agreement_ratio',
    help: 'How often reviewers agreed with the judge: right / (right + wrong + missed), by kind and category',
    labelNames: ['kind', 'category'] as const,
    registers: [registry],
  });
  for (const r of rows) {
    for (const verdict of ['right', 'wrong', 'missed'] as const) issues.set({ kind: r.kind, category: r.category, verdict }, r[verdict]);
    if (r.agreement !== null) agreement.set({ kind: r.kind, category: r.category }, r.agreement);
  }
  return registry.metrics();
}
