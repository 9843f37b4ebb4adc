import crypto from 'node:crypto';
import {
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdConflictPolicy,
  WorkflowIdReusePolicy,
  WorkflowNotFoundError,
  type Client,
  type WorkflowHandle,
} from '@temporalio/client';
import type pg from 'pg';
import { findPipelineExecution } from './db/pipeline-runs';
import type { RenderWait } from './domain/render-wait';
import { boundText, displayText, inputProblems } from './domain/text-limits';
import { PermanentError } from './errors';
import { pythonSources } from './fragments/scene-sources';
import { evalPipeline, type EvalPipelineInput } from '../workflows';
import { renderFinishedSignal } from '../workflows/signals';

export type EvalPipelineHandle = WorkflowHandle<typeof evalPipeline>;

export interface EvalPipelineRequest extends Omit<EvalPipelineInput, 'renderWait' | 'notes'> {
  /** An explicit re-evaluation: a new pipeline run, the fragment's next attempt. */
  reevaluate?: boolean;
  /**
   * Names a re-evaluation request, so that its duplicate deliveries return the
   * same pipeline. Default: every re-evaluation call is a new attempt.
   */
  requestId?: string;
}

/**
 * The first evaluation of a fragment has one workflow id per fragment, so every
 * redelivery of the fragment's trigger lands on it. A re-evaluation (and an
 * inline run of the CLI, which evaluates a given file) gets its own id.
 */
function workflowIdOf(request: Pick<EvalPipelineRequest, 'fragmentId' | 'reevaluate' | 'requestId' | 'animation'>): string {
  const base = `eval-pipeline:${request.fragmentId}`;
  if (!request.reevaluate && !request.animation) return base;
  return `${base}:${request.requestId ?? crypto.randomUUID()}`;
}

/**
 * Starts a pipeline run for a fragment, or returns the one already started for
 * the same trigger. USE_EXISTING answers a duplicate that arrives while the
 * pipeline runs with the running workflow; REJECT_DUPLICATE answers one that
 * arrives after it ended with the ended workflow (caught below) instead of a
 * second evaluation. Attempt numbers come from the database, per fragment.
 */
export async function startEvalPipeline(
  client: Client,
  taskQueue: string,
  request: EvalPipelineRequest,
  opts: { renderWait?: RenderWait } = {},
): Promise<EvalPipelineHandle> {
  const problems = inputProblems(request);
  if (problems.length > 0) throw new PermanentError('bad-input', `invalid pipeline request: ${problems.join('; ')}`);
  const userInput = boundText('user message', request.userInput);
  const title = boundText('animation title', request.animation?.title);
  const description = boundText('animation description', request.animation?.description);
  // Sources travel in the workflow's input: bounded like the texts, what is left out said in the summary.
  const sources = request.animation?.sources ? pythonSources(request.animation.sources) : null;
  const notes = [userInput.note, title.note, description.note, sources?.note ?? null].filter((n) => n !== null);
  const input: EvalPipelineInput = {
    fragmentId: request.fragmentId,
    projectId: request.projectId,
    userId: request.userId,
    renderJobId: request.renderJobId ?? null,
    userInput: userInput.text,
    ...(request.animation
      ? {
          animation: {
            url: request.animation.url,
            title: title.text,
            description: description.text,
            ...(sources?.sources.length ? { sources: sources.sources, scene: request.animation.scene ?? null } : {}),
          },
        }
      : {}),
    ...(opts.renderWait ? { renderWait: opts.renderWait } : {}),
    ...(notes.length ? { notes } : {}),
  };
  const workflowId = workflowIdOf(request);
  try {
    return await client.workflow.start(evalPipeline, {
      taskQueue,
      workflowId,
      args: [input],
      // What the Temporal UI shows before the run reports anything: whose fragment, and which animation.
      staticSummary: `Eval pipeline · fragment ${request.fragmentId}${request.reevaluate ? ' · re-evaluation' : ''}`,
      staticDetails: [
        `Fragment \`${request.fragmentId}\`, project \`${request.projectId}\`, user \`${request.userId}\``,
        request.renderJobId ? `Render job \`${request.renderJobId}\`` : null,
        request.animation
          ? `Animation given inline${title.text ? `: ${displayText(title.text)}` : ''}`
          : 'Animation read from the fragments API',
      ]
        .filter(Boolean)
        .join('\n\n'),
      workflowIdConflictPolicy: WorkflowIdConflictPolicy.USE_EXISTING,
      workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return client.workflow.getHandle<typeof evalPipeline>(workflowId);
    throw err;
  }
}

/** Tells the fragment's first pipeline that the animation is rendered (re-evaluations keep polling). */
export async function signalRenderFinished(client: Client, fragmentId: string): Promise<boolean> {
  try {
    await client.workflow.getHandle(workflowIdOf({ fragmentId })).signal(renderFinishedSignal);
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw err;
  }
}

export type CancelOutcome = 'cancel-requested' | 'not-found' | 'already-ended';

/**
 * Cancels a pipeline run. The workflow ends it in ERROR with summary "cancelled"
 * and leaves no eval run PENDING or RUNNING.
 */
export async function cancelEvalPipeline(client: Client, pool: pg.Pool, pipelineRunId: string): Promise<CancelOutcome> {
  const execution = await findPipelineExecution(pool, pipelineRunId);
  if (!execution) return 'not-found';
  if (execution.ended) return 'already-ended';
  try {
    await client.workflow.getHandle(execution.workflowId, execution.runId).cancel();
    return 'cancel-requested';
  } catch (err) {
    // The workflow closed between the read and the request.
    if (err instanceof WorkflowNotFoundError) return 'already-ended';
    throw err;
  }
}
