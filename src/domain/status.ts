import { clip, oneLine } from './clip';
import { worstFirst, type EvalKind, type EvalRunStatus, type PipelineStatus, type Severity, type TerminalEvalRunStatus } from './types';

/**
 * The one place that maps scores and issues to statuses and rolls eval runs up
 * into a pipeline's overallStatus and summary (docs/architecture.md, States). Pure, so the
 * same rules serve activities, the read model and tests.
 */

export function isTerminal(status: EvalRunStatus): status is TerminalEvalRunStatus {
  return status !== 'PENDING' && status !== 'RUNNING';
}

/** A pipeline run that has ended: COMPLETED or ERROR, never to change again. */
export function isPipelineEnded(status: PipelineStatus): status is 'COMPLETED' | 'ERROR' {
  return status === 'COMPLETED' || status === 'ERROR';
}

/** PASS needs the threshold and no HIGH issue; a judge failure is never FAIL (it is ERROR). */
export function judgedStatus(score: number, passThreshold: number, severities: readonly Severity[]): 'PASS' | 'FAIL' {
  return score >= passThreshold && !severities.includes('HIGH') ? 'PASS' : 'FAIL';
}

export function overallStatus(runs: readonly { status: EvalRunStatus }[], pipelineErrored: boolean): TerminalEvalRunStatus {
  const statuses = runs.map((r) => r.status);
  if (statuses.includes('FAIL')) return 'FAIL';
  if (pipelineErrored || statuses.includes('ERROR')) return 'ERROR';
  if (statuses.includes('PASS')) return 'PASS';
  return 'SKIPPED';
}

export interface SummaryRun {
  kind: EvalKind;
  status: EvalRunStatus;
  score: number | null;
  maxScore: number | null;
  summary: string | null;
}
export interface SummaryIssue {
  kind: EvalKind;
  severity: Severity;
  category: string;
  frameHint: string | null;
  description: string;
}

/** The pipeline error, and the whole summary, of a cancelled pipeline run. */
export const CANCELLED = 'cancelled';

const MAX_SUMMARY_ISSUES = 3;
const MAX_DESCRIPTION = 90;

/** A sentence as a clause of the summary: on one line, without its full stop (sentences are joined with our own punctuation). */
const clause = (text: string) => oneLine(text).trim().replace(/\.$/, '');

/** A note as a sentence of the summary: a full stop added when it ends without one (`…`, `.`, `!` or `?`). */
function asSentence(note: string): string {
  const text = note.trim();
  return /[.!?…]$/.test(text) ? text : `${text}.`;
}

/** The summary followed by the run's notes (what was cut from its texts, left out of its sources, the scene's inspection), each a sentence. */
export function withNotes(summary: string, notes: readonly string[]): string {
  return [summary, ...notes.map(asSentence)].join(' ');
}

/**
 * A short, deterministic rollup: the overall verdict, every kind's status and
 * score, then the worst issues with their frame hints. Same input, same text.
 */
export function pipelineSummary(
  overall: TerminalEvalRunStatus,
  runs: readonly SummaryRun[],
  issues: readonly SummaryIssue[],
  pipelineError?: string,
): string {
  if (pipelineError === CANCELLED) return CANCELLED;
  const parts: string[] = [];
  if (pipelineError) parts.push(`Pipeline error: ${pipelineError}.`);
  const kinds = [...runs]
    .sort((a, b) => a.kind.localeCompare(b.kind))
    .map((r) => `${r.kind} ${r.status}${r.score !== null && r.maxScore !== null ? ` ${r.score}/${r.maxScore}` : ''}`);
  parts.push(`${overall}: ${kinds.join(', ')}.`);
  const worst = [...issues]
    .sort(
      (a, b) =>
        worstFirst(a.severity, b.severity) ||
        a.kind.localeCompare(b.kind) ||
        (a.frameHint ?? '').localeCompare(b.frameHint ?? '') ||
        a.description.localeCompare(b.description),
    )
    .slice(0, MAX_SUMMARY_ISSUES)
    .map(
      (i) =>
        `[${i.severity}] ${i.kind} ${i.category}${i.frameHint ? ` @ ${i.frameHint}` : ''}: ${clip(clause(i.description), MAX_DESCRIPTION)}`,
    );
  if (worst.length > 0) parts.push(`Worst issues: ${worst.join('; ')}.`);
  const errored = runs.filter((r) => r.status === 'ERROR' && r.summary).sort((a, b) => a.kind.localeCompare(b.kind));
  if (errored.length > 0)
    parts.push(`Errors: ${errored.map((r) => `${r.kind}: ${clip(clause(r.summary ?? ''), MAX_DESCRIPTION)}`).join('; ')}.`);
  return parts.join(' ');
}
