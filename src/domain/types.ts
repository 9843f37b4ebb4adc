/**
 * Domain enumerations from the REST interface. Pure data: workflow code imports
 * this file, so it must stay free of Node built-ins and I/O.
 */
export const EVAL_KINDS = [
  'USER_INPUT_SECURITY',
  'VISUAL_VALIDATION_JSON',
  'DESIGN_VALIDATION_JSON',
  'VISUAL_RUBRIC_JSON',
  'ENGAGEMENT_RUBRIC_JSON',
] as const;
export type EvalKind = (typeof EVAL_KINDS)[number];

export const PIPELINE_STATUSES = ['PENDING', 'RUNNING', 'COMPLETED', 'ERROR'] as const;
export type PipelineStatus = (typeof PIPELINE_STATUSES)[number];

export const EVAL_RUN_STATUSES = ['PENDING', 'RUNNING', 'PASS', 'FAIL', 'ERROR', 'SKIPPED'] as const;
export type EvalRunStatus = (typeof EVAL_RUN_STATUSES)[number];
export type TerminalEvalRunStatus = Exclude<EvalRunStatus, 'PENDING' | 'RUNNING'>;

export const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** The one severity order: a severity's rank is its place in SEVERITIES (LOW 0, MEDIUM 1, HIGH 2). */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { LOW: 0, MEDIUM: 1, HIGH: 2 };

/** Sorts severities worst first (HIGH, MEDIUM, LOW). */
export const worstFirst = (a: Severity, b: Severity): number => SEVERITY_RANK[b] - SEVERITY_RANK[a];
