import type { EvalRunCost } from '../read-model/read-model';
import type { EvalIssue, EvalPipelineRun, PipelineRunResponse } from '../read-model/schemas';
import { worstFirst, type EvalKind } from '../domain/types';
import { textTable } from '../text-table';
import { spreadsheetText, visibleText } from '../text-safety';
import { clip } from '../domain/clip';
import { pipelineError } from './format';

/** One animation of an `evals run`: its stored pipeline run, or why there is none. */
export interface RunResult {
  file: string;
  response: PipelineRunResponse | null;
  costs: EvalRunCost[];
  /** The pipeline's own error as stored, when it ended ERROR. */
  pipelineError: string | null;
  /** Set when the pipeline never produced a run (it could not be started). */
  failure?: string;
}

/** The run's most severe issue, first in time among equals. */
export function worstIssue(run: EvalPipelineRun): (EvalIssue & { kind: EvalKind }) | null {
  const issues = run.evalRuns.flatMap((r) => (r.issues ?? []).map((i) => ({ ...i, kind: r.kind })));
  issues.sort((a, b) => worstFirst(a.severity, b.severity) || (a.frameHint ?? '').localeCompare(b.frameHint ?? ''));
  return issues[0] ?? null;
}

const OUTCOMES = ['PASS', 'FAIL', 'ERROR', 'SKIPPED'] as const;

/** The table that ends a batch run: each animation's outcome and worst issue with its second, then the counts. */
export function summaryTable(results: readonly RunResult[]): string {
  const rows = results.map((r) => {
    const run = r.response?.evalPipelineRun;
    if (!run) return [r.file, 'ERROR', clip(`error: ${r.failure ?? 'no pipeline run'}`, 90), '-'];
    const error = pipelineError(run, r.pipelineError);
    const worst = worstIssue(run);
    const detail = error
      ? `error: ${error}`
      : worst
        ? `${worst.severity} ${worst.category}${worst.frameHint ? ` @ ${worst.frameHint}` : ''}`
        : '-';
    return [r.file, run.overallStatus ?? run.status, clip(detail, 90), run.id];
  });
  const counts = OUTCOMES.map((o) => `${rows.filter((row) => row[1] === o).length} ${o}`).join(', ');
  return `${textTable([['ANIMATION', 'OVERALL', 'WORST ISSUE', 'PIPELINE RUN'], ...rows])}\n\n${counts} (${results.length} animation${results.length === 1 ? '' : 's'})`;
}

// Control characters shown, not dropped: XML 1.0 forbids most of them, and a CI page would act on the rest.
const xml = (text: string) => visibleText(text).replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

function issueText(issues: readonly EvalIssue[]): string {
  return issues
    .map(
      (i) =>
        `[${i.severity}] ${i.category}${i.frameHint ? ` @ ${i.frameHint}` : ''}: ${i.description}${i.suggestedFix ? `\n  Fix: ${i.suggestedFix}` : ''}`,
    )
    .join('\n');
}

/**
 * JUnit XML: a test suite per animation, a test case per eval kind. FAIL is a
 * failure carrying the issues, ERROR an error carrying the reason, SKIPPED skipped;
 * an animation whose pipeline never ran is one erroring case.
 */
export function junitXml(results: readonly RunResult[]): string {
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  let tests = 0;
  const suites = results.map((r) => {
    const run = r.response?.evalPipelineRun;
    const name = xml(r.file);
    if (!run) {
      tests++;
      errors++;
      return `  <testsuite name="${name}" tests="1" failures="0" errors="1" skipped="0">\n    <testcase classname="${name}" name="pipeline"><error type="ERROR" message="${xml(r.failure ?? 'no pipeline run')}"/></testcase>\n  </testsuite>`;
    }
    const counts = { failures: 0, errors: 0, skipped: 0 };
    const cases = run.evalRuns.map((e) => {
      const head = `    <testcase classname="${name}" name="${e.kind}"`;
      const score = e.score !== null && e.maxScore !== null ? ` ${e.score}/${e.maxScore}` : '';
      if (e.status === 'FAIL') {
        counts.failures++;
        return `${head}><failure type="FAIL" message="${xml(`FAIL${score}: ${e.summary ?? ''}`)}">${xml(issueText(e.issues ?? []))}</failure></testcase>`;
      }
      if (e.status === 'ERROR' || e.status === 'PENDING' || e.status === 'RUNNING') {
        counts.errors++;
        return `${head}><error type="${e.status}" message="${xml(e.summary ?? e.status)}"/></testcase>`;
      }
      if (e.status === 'SKIPPED') {
        counts.skipped++;
        return `${head}><skipped message="${xml(e.summary ?? 'skipped')}"/></testcase>`;
      }
      return `${head}/>`;
    });
    tests += cases.length;
    failures += counts.failures;
    errors += counts.errors;
    skipped += counts.skipped;
    return `  <testsuite name="${name}" tests="${cases.length}" failures="${counts.failures}" errors="${counts.errors}" skipped="${counts.skipped}">\n${cases.join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="evals" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n${suites.join('\n')}\n</testsuites>\n`;
}

/** A cell: numbers as they are; text with its controls shown and, when it would start a formula, prefixed and quoted (src/text-safety.ts). */
const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const shown = visibleText(value);
  const text = spreadsheetText(shown);
  return text !== shown || /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

/** CSV, one row per animation and eval kind (an animation whose pipeline never ran: one row). */
export function csv(results: readonly RunResult[]): string {
  const header = [
    'animation',
    'pipeline_run_id',
    'overall_status',
    'kind',
    'status',
    'score',
    'max_score',
    'issues',
    'high_issues',
    'worst_issue',
    'worst_issue_at',
    'note',
  ];
  const rows: (string | number | null)[][] = [];
  for (const r of results) {
    const run = r.response?.evalPipelineRun;
    if (!run) {
      rows.push([r.file, null, 'ERROR', null, null, null, null, null, null, null, null, r.failure ?? 'no pipeline run']);
      continue;
    }
    for (const e of run.evalRuns) {
      const worst = [...(e.issues ?? [])].sort((a, b) => worstFirst(a.severity, b.severity))[0];
      const note = e.status === 'ERROR' || e.status === 'SKIPPED' ? e.summary : null;
      rows.push([
        r.file,
        run.id,
        run.overallStatus,
        e.kind,
        e.status,
        e.score,
        e.maxScore,
        e.issueCount,
        e.highSeverityCount,
        worst ? `${worst.severity} ${worst.category}: ${worst.description}` : null,
        worst?.frameHint ?? null,
        note,
      ]);
    }
  }
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\n') + '\n';
}
