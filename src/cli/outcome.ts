import type { EvalRunStatus, PipelineStatus } from '../domain/types';
import { EXIT } from './io';

/** What makes `evals run` exit non-zero (`--fail-on`): any FAIL or ERROR, only an ERROR, or nothing. */
export const FAIL_ON = ['fail', 'error', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/**
 * The exit status of evaluated animations. An ERROR (an animation that could
 * not be evaluated) outranks a FAIL: the verdict is incomplete.
 */
export function outcomeStatus(runs: readonly { status: PipelineStatus; overallStatus: EvalRunStatus | null }[], failOn: FailOn): number {
  if (failOn === 'never') return EXIT.OK;
  if (runs.some((r) => r.status === 'ERROR' || r.overallStatus === 'ERROR')) return EXIT.ERROR;
  if (failOn === 'fail' && runs.some((r) => r.overallStatus === 'FAIL')) return EXIT.FAIL;
  return EXIT.OK;
}
