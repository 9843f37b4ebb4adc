import { z } from 'zod';
import { EvalIssueSchema, jsonInteger as integer } from '../domain/issue';
import { EVAL_KINDS, EVAL_RUN_STATUSES, PIPELINE_STATUSES } from '../domain/types';

/** The REST interface's shapes, exactly: strict objects, ISO 8601 UTC timestamps ending in Z. */

const timestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/, 'ISO 8601 UTC timestamp ending in Z');
export { EvalIssueSchema, type EvalIssue } from '../domain/issue';

export const FlatIssueSchema = EvalIssueSchema.extend({
  evalRunId: z.string(),
  kind: z.enum(EVAL_KINDS),
  createdAt: timestamp,
}).strict();

export const EvalRunSchema = z
  .object({
    id: z.string(),
    kind: z.enum(EVAL_KINDS),
    status: z.enum(EVAL_RUN_STATUSES),
    score: integer.nullable(),
    maxScore: integer.nullable(),
    issueCount: integer,
    highSeverityCount: integer,
    summary: z.string().nullable(),
    provider: z.string().nullable(),
    model: z.string().nullable(),
    createdAt: timestamp,
    completedAt: timestamp.nullable(),
    issues: z.array(EvalIssueSchema).optional(),
  })
  .strict();

export const EvalPipelineRunSchema = z
  .object({
    id: z.string(),
    fragmentId: z.string(),
    projectId: z.string(),
    userId: z.string(),
    attemptNumber: integer,
    status: z.enum(PIPELINE_STATUSES),
    overallStatus: z.enum(EVAL_RUN_STATUSES).nullable(),
    renderJobId: z.string().nullable().optional(),
    executionName: z.string().nullable().optional(),
    summary: z.string().nullable(),
    createdAt: timestamp,
    startedAt: timestamp,
    completedAt: timestamp.nullable(),
    evalRuns: z.array(EvalRunSchema),
  })
  .strict();

export const PipelineRunResponseSchema = z.object({ evalPipelineRun: EvalPipelineRunSchema }).strict();
export const IssuesResponseSchema = z.object({ pipelineRunId: z.string(), issues: z.array(FlatIssueSchema) }).strict();
export const ErrorResponseSchema = z.object({ error: z.string() }).strict();

export type FlatIssue = z.infer<typeof FlatIssueSchema>;
export type EvalRun = z.infer<typeof EvalRunSchema>;
export type EvalPipelineRun = z.infer<typeof EvalPipelineRunSchema>;
export type PipelineRunResponse = z.infer<typeof PipelineRunResponseSchema>;
export type IssuesResponse = z.infer<typeof IssuesResponseSchema>;
