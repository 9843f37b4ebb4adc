import crypto from 'node:crypto';
import type { Client, WorkflowHandle } from '@temporalio/client';
import type { EvalPipelineInput, EvalPipelineResult } from '../workflows';

export const WORKFLOW_TYPE = 'evalPipeline';

/**
 * Starts a pipeline run. Each call is a new pipeline run (a new attempt for the
 * fragment); the workflow id is stored as the run's executionName.
 */
export async function startEvalPipeline(
  client: Client,
  taskQueue: string,
  input: EvalPipelineInput,
): Promise<WorkflowHandle<(input: EvalPipelineInput) => Promise<EvalPipelineResult>>> {
  return client.workflow.start<(input: EvalPipelineInput) => Promise<EvalPipelineResult>>(WORKFLOW_TYPE, {
    taskQueue,
    workflowId: `eval-pipeline-${input.fragmentId}-${crypto.randomUUID()}`,
    args: [input],
  });
}
