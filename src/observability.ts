import { defaultPayloadConverter, ApplicationFailure } from '@temporalio/common';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';
import type { Activities } from '../activities';
import { infrastructureComponentOf, permanentReasonOf } from './errors';
import type { FrameManifest } from './media/manifest';
import { LOG_CONTEXT_HEADER, type PipelineLogFields } from '../workflows/log-context';
import { logContext } from './logger';
import { metrics } from './metrics';

type ActivityName = keyof Activities;

/** Counts what an activity's result says (the activity already stored it). */
function observeResult(activity: ActivityName, args: unknown[], result: unknown, seconds: number): void {
  switch (activity) {
    case 'extractFrames':
      metrics.framesExtracted.inc((result as FrameManifest).frames.length);
      metrics.extractionSeconds.observe(seconds);
      break;
    case 'scoreEvalRun': {
      const { kind, status } = result as Awaited<ReturnType<Activities['scoreEvalRun']>>;
      metrics.evalRuns.inc({ kind, status });
      break;
    }
    case 'failEvalRun':
      metrics.evalRuns.inc({ kind: (args[0] as Parameters<Activities['failEvalRun']>[0]).kind, status: 'ERROR' });
      break;
    case 'finishPipelineRun': {
      const { status, overallStatus } = result as Awaited<ReturnType<Activities['finishPipelineRun']>>;
      metrics.pipelineRuns.inc({ status, overall_status: overallStatus });
      break;
    }
    default:
      break;
  }
}

function observeFailure(activity: ActivityName, err: unknown): void {
  const type = err instanceof ApplicationFailure ? err.type : null;
  const reason = permanentReasonOf(type);
  if (reason) metrics.badInputs.inc({ reason, activity });
  const component = infrastructureComponentOf(type);
  if (component) metrics.infrastructureFailures.inc({ component, activity });
}

/** The log fields of one activity execution: its workflow, the pipeline's identity (header) and its arguments' ids and kind. */
function logFields(
  workflowId: string | undefined,
  activityType: string,
  attempt: number,
  header: PipelineLogFields,
  args: unknown[],
): Record<string, unknown> {
  const arg = (typeof args[0] === 'object' && args[0] !== null ? args[0] : {}) as Record<string, unknown>;
  const fields: Record<string, unknown> = { workflowId, activityType, attempt, ...header };
  for (const key of ['pipelineRunId', 'fragmentId', 'kind'] as const) {
    if (typeof arg[key] === 'string') fields[key] = arg[key];
  }
  return fields;
}

/**
 * Around every activity: binds its log fields (for our pino logger through
 * logContext, and for Temporal's activity logger through getLogAttributes) and
 * records the service's metrics from its outcome.
 */
export const activityObservability: ActivityInterceptorsFactory = (ctx) => {
  const { info } = ctx;
  let fields: Record<string, unknown> = {};
  return {
    inbound: {
      async execute(input, next) {
        const header = input.headers[LOG_CONTEXT_HEADER];
        fields = logFields(
          info.workflowExecution?.workflowId,
          info.activityType,
          info.attempt,
          header ? (defaultPayloadConverter.fromPayload(header) as PipelineLogFields) : {},
          input.args as unknown[],
        );
        const activity = info.activityType as ActivityName;
        const started = process.hrtime.bigint();
        return logContext.run(fields, async () => {
          try {
            const result = await next(input);
            observeResult(activity, input.args as unknown[], result, Number(process.hrtime.bigint() - started) / 1e9);
            return result;
          } catch (err) {
            observeFailure(activity, err);
            throw err;
          }
        });
      },
    },
    outbound: {
      getLogAttributes: (input, next) => next({ ...fields, ...input }),
    },
  };
};
