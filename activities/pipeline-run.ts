import { Context } from '@temporalio/activity';
import type { Config } from '../src/config';
import * as store from '../src/db/pipeline-runs';
import { identifierProblem } from '../src/domain/text-limits';
import { PermanentError, toActivityFailure } from '../src/errors';
import { fetchFragment, type FragmentSnapshot } from '../src/fragments/http-source';
import type { EvalKind } from '../src/kinds';
import { recordJudgeError, withCommon, type CommonDeps } from './common';

export interface CreatePipelineRunInput {
  fragmentId: string;
  projectId: string;
  userId: string;
  renderJobId: string | null;
}

/** The judge mode of a pipeline run: decided by the worker that created the run, recorded in its history. */
export interface CreatedPipelineRun extends Omit<store.PipelineRunRef, 'kinds'> {
  /** Absent: per-kind (and in every history recorded before combined mode existed). */
  judgeMode?: 'combined';
  /** The kinds the run judges; absent in histories recorded before a run's kinds were (the five of `KINDS_BEFORE_RUN_KINDS`). */
  kinds?: EvalKind[];
}

export interface PipelineRunDeps extends CommonDeps {
  config: CommonDeps['config'] & { judge: Pick<Config['judge'], 'mode' | 'disabledKinds'>; fragments: Config['fragments'] };
  /** The id of the Temporal cluster this worker polls (src/infra/temporal-identity.ts), recorded with each run; set by createWorker. */
  temporalClusterId?: string;
}

/** The workflows pool's activities: a pipeline run's rows, from creation to its outcome, and reading the fragment. */
export function pipelineRunActivities(deps: PipelineRunDeps) {
  const { pool, config, scrub } = deps;
  const { mapFailures } = withCommon(deps);

  return {
    /**
     * Creates the run's rows. EVALS_JUDGE_MODE and EVALS_DISABLED_KINDS are read
     * here, in an activity: the result (judge mode, the run's kinds) is recorded in
     * the history, so the workflow's path replays the same on any worker whatever its environment.
     */
    async createPipelineRun(input: CreatePipelineRunInput): Promise<CreatedPipelineRun> {
      const execution = Context.current().info.workflowExecution;
      if (!execution) throw new Error('createPipelineRun runs only inside a workflow');
      // Runs started before the workflow checked its input (INPUT_CHECK_PATCH) reach here unchecked: they fail at once rather than retrying a write PostgreSQL refuses.
      const ids: [string, string | null][] = [
        ['fragment id', input.fragmentId],
        ['project id', input.projectId],
        ['user id', input.userId],
        ['render job id', input.renderJobId],
      ];
      const problem = ids
        .map(([what, value]) => (typeof value === 'string' ? identifierProblem(what, value) : value !== null && `${what} is missing`))
        .find(Boolean);
      if (problem) throw toActivityFailure(new PermanentError('bad-input', problem));
      const ref = await store.createPipelineRun(pool, {
        ...input,
        temporalRunId: execution.runId,
        executionName: execution.workflowId,
        temporalNamespace: Context.current().info.workflowNamespace,
        temporalClusterId: deps.temporalClusterId ?? null,
        disabledKinds: config.judge.disabledKinds,
      });
      return config.judge.mode === 'combined' ? { ...ref, judgeMode: 'combined' } : ref;
    },

    /** Reads the fragment through the REST interface; the workflow polls it until the animation is rendered. */
    async fetchFragment(fragmentId: string): Promise<FragmentSnapshot> {
      return mapFailures(() => fetchFragment(config.fragments, fragmentId, Context.current().cancellationSignal));
    },

    async markPipelineRunning(pipelineRunId: string): Promise<void> {
      await store.markPipelineRunning(pool, pipelineRunId);
    },

    /** Records a kind that could not be scored (its activity's failure type says whether the judge or the database): ERROR, never FAIL. */
    async failEvalRun(input: { pipelineRunId: string; kind: EvalKind; reason: string; failureType?: string }): Promise<void> {
      await recordJudgeError(pool, scrub, input.pipelineRunId, input.kind, input.reason, input.failureType);
    },

    async finishPipelineRun(input: { pipelineRunId: string; error: string | null; notes?: string[] }): Promise<store.PipelineOutcome> {
      const outcome = await store.finishPipelineRun(pool, input.pipelineRunId, input.error && scrub(input.error), input.notes?.map(scrub));
      deps.log.info(
        { pipelineRunId: input.pipelineRunId, status: outcome.status, overallStatus: outcome.overallStatus },
        'pipeline run finished',
      );
      return outcome;
    },
  };
}
