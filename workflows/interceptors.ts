import { defaultPayloadConverter } from '@temporalio/common';
import { workflowInfo, type WorkflowInterceptorsFactory } from '@temporalio/workflow';
import { LOG_CONTEXT_HEADER, type PipelineLogFields } from './log-context';
import { SEARCH_ATTRIBUTES } from './search-attributes';

/** The pipeline's identity as far as the workflow has upserted it (no pipeline run id before it is created). */
function pipelineFields(): PipelineLogFields {
  const attributes = workflowInfo().typedSearchAttributes;
  const fields: PipelineLogFields = {};
  const fragmentId = attributes.get(SEARCH_ATTRIBUTES.fragmentId);
  const projectId = attributes.get(SEARCH_ATTRIBUTES.projectId);
  const pipelineRunId = attributes.get(SEARCH_ATTRIBUTES.pipelineRunId);
  if (fragmentId) fields.fragmentId = fragmentId;
  if (projectId) fields.projectId = projectId;
  if (pipelineRunId) fields.pipelineRunId = pipelineRunId;
  return fields;
}

/**
 * Adds the pipeline's identity to the workflow's log lines and, as a header, to
 * every activity it schedules. Headers are not part of replay's command
 * matching, so this changes no history.
 */
export const interceptors: WorkflowInterceptorsFactory = () => ({
  outbound: [
    {
      scheduleActivity(input, next) {
        return next({ ...input, headers: { ...input.headers, [LOG_CONTEXT_HEADER]: defaultPayloadConverter.toPayload(pipelineFields()) } });
      },
      getLogAttributes(input, next) {
        return next({ ...input, ...pipelineFields() });
      },
    },
  ],
});
