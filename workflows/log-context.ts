/**
 * The activity header that carries the pipeline's identity (fragment, project,
 * pipeline run) from the workflow to its activities, so every log line an
 * activity writes names them.
 */
export const LOG_CONTEXT_HEADER = 'evals-log-context';

export interface PipelineLogFields {
  fragmentId?: string;
  projectId?: string;
  pipelineRunId?: string;
}
