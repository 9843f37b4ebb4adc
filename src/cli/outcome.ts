import type { EvalRunStatus, PipelineStatus } from '../domain/types';
import { EXIT } from './io';

/** What makes `evals run` exit non-zero (`--fail-on`): any FAIL or ERROR, only an ERROR, or nothing. */
export const FAIL_ON = ['fail', 'error', 'never'] as const;
export type FailOn = (typeof FAIL_ON)[number];

/** What the exit status reads of an evaluated animation: its pipeline's status, its rollup, and each kind's status. */
export interface RunOutcome {
  status: PipelineStatus;
  overallStatus: EvalRunStatus | null;
  evalRuns: readonly { status: EvalRunStatus }[];
}

/**
 * The exit status of evaluated animations. An ERROR (an animation that could
 * not be evaluated, wholly or in one kind) outranks a FAIL: the verdict is
 * incomplete. The kinds are read too because the rollup ranks FAIL above ERROR:
 * a run whose overall status is FAIL may still hold a kind that ended ERROR.
 */
export function outcomeStatus(runs: readonly RunOutcome[], failOn: FailOn): number {
  if (failOn === 'never') return EXIT.OK;
  if (runs.some((r) => r.status === 'ERROR' || r.overallStatus === 'ERROR' || r.evalRuns.some((e) => e.status === 'ERROR')))
    return EXIT.ERROR;
  if (failOn === 'fail' && runs.some((r) => r.overallStatus === 'FAIL')) return EXIT.FAIL;
  return EXIT.OK;
}
