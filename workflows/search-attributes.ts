import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Search attributes set on every pipeline workflow, so the Temporal UI can list
 * every run of a fragment or every FAIL. The dev server the project starts
 * registers them; on a real cluster register them once with
 * `temporal operator search-attribute create --name FragmentId --type Keyword` (and so on).
 */
export const SEARCH_ATTRIBUTES = {
  fragmentId: defineSearchAttributeKey('FragmentId', SearchAttributeType.KEYWORD),
  projectId: defineSearchAttributeKey('ProjectId', SearchAttributeType.KEYWORD),
  pipelineRunId: defineSearchAttributeKey('PipelineRunId', SearchAttributeType.KEYWORD),
  overallStatus: defineSearchAttributeKey('EvalOverallStatus', SearchAttributeType.KEYWORD),
};

/** Their names, for starting a dev server or checking a namespace. */
export const SEARCH_ATTRIBUTE_NAMES: readonly string[] = Object.values(SEARCH_ATTRIBUTES).map((key) => key.name);
