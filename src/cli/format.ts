import type { EvalPipelineRun } from '../read-model/schemas';
import { clip } from '../domain/clip';
import type { EvalRunCost } from '../read-model/read-model';
import { textTable } from '../text-table';
import { visibleLine } from '../text-safety';

/** The pipeline's own error (bad input, cancellation) as stored with the run (loadPipelineError); its summary for a run without one. */
export function pipelineError(run: EvalPipelineRun, stored: string | null): string | null {
  return run.status === 'ERROR' ? (stored ?? run.summary) : null;
}

const money = (usd: number) => `$${usd.toFixed(4)}`;

/** The human-readable report of `evals run` and `evals show`. */
export function formatRun(run: EvalPipelineRun, costs: EvalRunCost[], opts: { issues: boolean; pipelineError?: string | null }): string {
  const lines: string[] = [];
  lines.push(`Pipeline run ${run.id}`);
  lines.push(`  fragment ${run.fragmentId}  attempt ${run.attemptNumber}  status ${run.status}  overall ${run.overallStatus ?? '-'}`);
  // An ERROR pipeline's reason first: it explains every row below.
  const reason = pipelineError(run, opts.pipelineError ?? null);
  if (reason) lines.push(`  error: ${visibleLine(reason)}`);
  lines.push('');
  const costByKind = new Map(costs.map((c) => [c.kind, c]));
  lines.push(
    textTable([
      ['KIND', 'STATUS', 'SCORE', 'ISSUES', 'HIGH', 'PROVIDER/MODEL', 'TOKENS', 'COST', 'NOTE'],
      ...run.evalRuns.map((r) => {
        const cost = costByKind.get(r.kind);
        const tokens =
          cost?.promptTokens !== null && cost?.promptTokens !== undefined ? String(cost.promptTokens + (cost.completionTokens ?? 0)) : '-';
        return [
          r.kind,
          r.status,
          r.score !== null && r.maxScore !== null ? `${r.score}/${r.maxScore}` : '-',
          String(r.issueCount),
          String(r.highSeverityCount),
          r.provider ? `${r.provider}/${r.model ?? '?'}` : '-',
          tokens,
          cost?.costUsd !== null && cost?.costUsd !== undefined ? money(cost.costUsd) : '-',
          // Why a kind did not reach a verdict.
          r.status === 'ERROR' || r.status === 'SKIPPED' ? clip(r.summary ?? '', 100) : '',
        ];
      }),
    ]),
  );
  const totalCost = costs.reduce((s, c) => s + (c.costUsd ?? 0), 0);
  const totalTokens = costs.reduce((s, c) => s + (c.promptTokens ?? 0) + (c.completionTokens ?? 0), 0);
  if (totalTokens > 0) lines.push(`  total: ${totalTokens} tokens, ${money(totalCost)}`);
  if (opts.issues) {
    const issues = run.evalRuns.flatMap((r) => (r.issues ?? []).map((i) => ({ ...i, kind: r.kind })));
    lines.push('');
    if (issues.length === 0) {
      lines.push(run.overallStatus === 'PASS' || run.overallStatus === 'SKIPPED' ? 'No issues.' : 'No issues recorded.');
    } else {
      lines.push(
        textTable([
          ['SEVERITY', 'KIND', 'CATEGORY', 'FRAME', 'WHEN/WHERE', 'DESCRIPTION'],
          ...issues.map((i) => [
            i.severity,
            i.kind,
            i.category,
            i.frameIndex === null ? '-' : String(i.frameIndex),
            i.frameHint ?? '-',
            i.description,
          ]),
        ]),
      );
      const fixes = issues.filter((i) => i.suggestedFix);
      if (fixes.length > 0) {
        lines.push('');
        lines.push('Suggested fixes:');
        for (const i of fixes)
          lines.push(visibleLine(`  - [${i.kind} ${i.category}${i.frameHint ? ` @ ${i.frameHint}` : ''}] ${i.suggestedFix}`));
      }
    }
  }
  lines.push('');
  lines.push(`Summary: ${visibleLine(run.summary ?? '(none yet)')}`);
  return lines.join('\n');
}
