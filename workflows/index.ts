import {
  ActivityCancellationType,
  ApplicationFailure,
  CancellationScope,
  condition,
  isCancellation,
  log,
  patched,
  proxyActivities,
  setCurrentDetails,
  workflowInfo,
  type ActivityOptions,
  setHandler,
  sleep,
  upsertSearchAttributes,
} from '@temporalio/workflow';
import type { Activities } from '../activities';
import type { PipelineOutcome } from '../src/db/pipeline-runs';
import type { FragmentSnapshot } from '../src/fragments/http-source';
import { ACTIVITY_TIMEOUT_SECONDS as TIMEOUTS } from '../src/domain/activity-timeouts';
import { DEFAULT_RENDER_WAIT, formatDuration, type RenderWait } from '../src/domain/render-wait';
import type { EvalKind, TerminalEvalRunStatus } from '../src/domain/types';
import { poolTaskQueue, type Pool } from '../src/domain/pools';
import { CANCELLED } from '../src/domain/status';
import { permanentFailureType } from '../src/errors';
import { pipelineInputProblem, type EvalPipelineInput, type InlineAnimation } from './input';
import { SEARCH_ATTRIBUTES } from './search-attributes';
import { renderFinishedSignal } from './signals';

export type { EvalPipelineInput, InlineAnimation } from './input';

export interface EvalPipelineResult {
  pipelineRunId: string;
  attemptNumber: number;
  status: 'COMPLETED' | 'ERROR';
  overallStatus: TerminalEvalRunStatus;
  summary: string;
}

/**
 * Timeouts and retry policies of every activity, in one place. Database writes
 * are short and idempotent; extraction and judging heartbeat, so a lost worker
 * is noticed within a heartbeat timeout and another one takes over.
 */
const { createPipelineRun, markPipelineRunning, failEvalRun, finishPipelineRun } = proxyActivities<Activities>({
  startToCloseTimeout: `${TIMEOUTS.databaseWrite}s`,
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '30s', maximumAttempts: 20 },
});
// A fragments API answering 502/503 is retried for about four minutes (10 attempts) before the run ends in ERROR.
const { fetchFragment } = proxyActivities<Activities>({
  startToCloseTimeout: `${TIMEOUTS.fetchFragment}s`,
  retry: { initialInterval: '1s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 10 },
});
const EXTRACTION: ActivityOptions = {
  startToCloseTimeout: `${TIMEOUTS.extractFrames}s`,
  heartbeatTimeout: '30s',
  // A cancelled pipeline ends only after the extraction has killed ffmpeg and removed its files.
  cancellationType: ActivityCancellationType.WAIT_CANCELLATION_COMPLETED,
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 4 },
};
// A scene that misbehaves is a note, not a failure: retried only for infrastructure faults.
const INSPECTION: ActivityOptions = {
  startToCloseTimeout: `${TIMEOUTS.inspectScene}s`,
  heartbeatTimeout: '30s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 3 },
};
// Repair is an extra: what the source does is a verdict, not a failure, so only infrastructure faults are retried, and a repair that still fails is a note.
const REPAIR: ActivityOptions = {
  startToCloseTimeout: `${TIMEOUTS.repairScene}s`,
  heartbeatTimeout: '30s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 3 },
};
const JUDGING: ActivityOptions = {
  startToCloseTimeout: `${TIMEOUTS.scoreEvalRun}s`,
  heartbeatTimeout: '30s',
  retry: { initialInterval: '2s', backoffCoefficient: 2, maximumInterval: '1m', maximumAttempts: 5 },
};

/** Marks the workflow change that put the media and judge activities on their pools' task queues. */
export const TASK_QUEUES_BY_POOL_PATCH = 'task-queues-by-pool';

/**
 * The activities of the media or judge pool, scheduled on that pool's task
 * queue, named after the workflow's own (src/domain/pools.ts). Histories
 * recorded before the pools replay with every activity on the workflow's queue.
 */
function onPool(pool: Exclude<Pool, 'workflows'>, options: ActivityOptions) {
  return proxyActivities<Activities>(
    patched(TASK_QUEUES_BY_POOL_PATCH) ? { ...options, taskQueue: poolTaskQueue(workflowInfo().taskQueue, pool) } : options,
  );
}

/** The innermost `message` or `type` along a failure's cause chain: the activity's own, not Temporal's wrapper's. */
function innermost(err: unknown, field: 'message' | 'type'): string | undefined {
  let current = err as { message?: string; type?: string; cause?: unknown } | undefined;
  let found: string | undefined;
  while (current) {
    if (current[field]) found = current[field];
    current = current.cause as typeof current;
  }
  return found;
}

/** The activity's own words for a failure. */
const reasonOf = (err: unknown) => innermost(err, 'message') ?? 'unknown error';
/** The activity's ApplicationFailure type, so failEvalRun can tell the database from the judge. */
const failureTypeOf = (err: unknown) => innermost(err, 'type');

/**
 * Reads the fragment until its animation is rendered. Between reads the workflow
 * sleeps on a durable timer (a worker restart does not reset it), cut short by
 * renderFinishedSignal; one more timer bounds the whole wait.
 */
async function awaitRenderedFragment(fragmentId: string, wait: RenderWait): Promise<FragmentSnapshot> {
  let signalled = false;
  setHandler(renderFinishedSignal, () => {
    signalled = true;
  });
  let limitReached = false;
  const limit = new CancellationScope();
  limit
    .run(() => sleep(wait.limitMs))
    .then(
      () => (limitReached = true),
      () => undefined, // cancelled: the animation arrived first, or the whole pipeline was cancelled
    );
  try {
    for (;;) {
      // Reset before reading, so a signal that arrives during the read is not lost.
      signalled = false;
      const fragment = await fetchFragment.executeWithOptions({ summary: `read fragment ${fragmentId}` }, [fragmentId]);
      if (fragment.animationUrl) return fragment;
      if (limitReached) {
        throw ApplicationFailure.nonRetryable(
          `animation not rendered within ${formatDuration(wait.limitMs)}`,
          permanentFailureType('animation-not-rendered'),
        );
      }
      await condition(() => signalled || limitReached, wait.pollIntervalMs);
    }
  } finally {
    limit.cancel();
  }
}

/** The inline animation, or the fragment's once it is rendered. */
async function animationOf(input: EvalPipelineInput): Promise<InlineAnimation & { notes?: string[] }> {
  if (input.animation) return input.animation;
  const fragment = await awaitRenderedFragment(input.fragmentId, input.renderWait ?? DEFAULT_RENDER_WAIT);
  return {
    url: fragment.animationUrl!,
    title: fragment.title,
    description: fragment.description,
    sources: fragment.sources ?? null,
    notes: fragment.notes,
  };
}

/** Marks the workflow change that added scene inspection: histories recorded before it replay without the activity. */
export const SCENE_INSPECTION_PATCH = 'scene-inspection';

/** The run's outcome as the Temporal UI shows it (current details, Markdown). */
function outcomeDetails(outcome: PipelineOutcome, attemptNumber: number): string {
  // Histories recorded before the counts were reported replay without them.
  const counts =
    outcome.issueCount === undefined
      ? ''
      : ` · ${outcome.issueCount} issue${outcome.issueCount === 1 ? '' : 's'}${outcome.highSeverityCount ? ` (${outcome.highSeverityCount} HIGH)` : ''}`;
  return `**${outcome.overallStatus}**${counts} · ${outcome.status} · attempt ${attemptNumber}, pipeline run \`${outcome.pipelineRunId}\`\n\n${outcome.summary}`;
}

/** Marks the workflow change that repairs the scene's layout findings after judging: histories recorded before it replay without the activity. */
export const SCENE_REPAIR_PATCH = 'scene-repair';

/** Marks the workflow change that checks the input first: histories recorded before it replay without the check. */
export const INPUT_CHECK_PATCH = 'input-check';

/** Marks the workflow change that bounds the input's sizes: runs started before it replay with the check they had. */
export const INPUT_BOUNDS_PATCH = 'input-bounds';

/** Marks the workflow change that judges the kinds createPipelineRun recorded for the run, not the current list of kinds. */
export const KINDS_PER_RUN_PATCH = 'kinds-per-run';

/**
 * The kinds every run judged before a run's kinds were recorded, frozen: histories
 * recorded then replay with them whatever the list of kinds has become since.
 */
const KINDS_BEFORE_RUN_KINDS: readonly EvalKind[] = [
  'USER_INPUT_SECURITY',
  'VISUAL_VALIDATION_JSON',
  'DESIGN_VALIDATION_JSON',
  'VISUAL_RUBRIC_JSON',
  'ENGAGEMENT_RUBRIC_JSON',
];

export async function evalPipeline(input: EvalPipelineInput): Promise<EvalPipelineResult> {
  // Checked here rather than in the first activity: a client in another language may send anything
  // (a bare string, null, no argument), and workflow code reading a field of that throws a TypeError,
  // which Temporal treats as a failed workflow task and retries without end. An ApplicationFailure
  // thrown here fails the workflow at once, with the fields at fault in the failure message that
  // `temporal workflow describe` and the UI show; there is no row to hold the reason without a valid fragment id.
  if (patched(INPUT_CHECK_PATCH)) {
    const problem = pipelineInputProblem(input, patched(INPUT_BOUNDS_PATCH));
    if (problem) throw ApplicationFailure.nonRetryable(problem, permanentFailureType('bad-input'));
  }
  const run = await createPipelineRun({
    fragmentId: input.fragmentId,
    projectId: input.projectId,
    userId: input.userId,
    renderJobId: input.renderJobId ?? null,
  });
  upsertSearchAttributes([
    { key: SEARCH_ATTRIBUTES.fragmentId, value: input.fragmentId },
    { key: SEARCH_ATTRIBUTES.projectId, value: input.projectId },
    { key: SEARCH_ATTRIBUTES.pipelineRunId, value: run.pipelineRunId },
  ]);
  setCurrentDetails(`Attempt ${run.attemptNumber} of fragment \`${input.fragmentId}\`, pipeline run \`${run.pipelineRunId}\`: **RUNNING**`);

  let error: string | null = null;
  let cancellation: unknown;
  const notes = [...(input.notes ?? [])];
  try {
    const animation = await animationOf(input);
    notes.push(...(animation.notes ?? []));
    await markPipelineRunning(run.pipelineRunId);
    const manifest = await onPool('media', EXTRACTION).extractFrames.executeWithOptions({ summary: 'extract frames' }, [
      { pipelineRunId: run.pipelineRunId, animationUrl: animation.url },
    ]);
    // The inspected scene's layout findings: what the repair after judging targets.
    let findings = 0;
    if (patched(SCENE_INSPECTION_PATCH)) {
      const scene = await onPool('media', INSPECTION).inspectScene.executeWithOptions({ summary: 'inspect scene' }, [
        { pipelineRunId: run.pipelineRunId, sources: animation.sources ?? null, scene: animation.scene ?? null },
      ]);
      notes.push(`Scene: ${scene.note}.`);
      if (scene.status === 'inspected') findings = scene.findings ?? 0;
    }
    // A run created by a worker that did not yet record kinds made rows for the five.
    const kinds = patched(KINDS_PER_RUN_PATCH) && run.kinds ? run.kinds : KINDS_BEFORE_RUN_KINDS;
    const scoring = {
      pipelineRunId: run.pipelineRunId,
      manifest,
      userInput: input.userInput ?? null,
      title: animation.title ?? null,
      description: animation.description ?? null,
    };
    if (run.judgeMode === 'combined') {
      // One activity for every kind: the frame kinds share requests; kinds it could not score end in ERROR.
      try {
        await onPool('judge', JUDGING).scoreEvalRuns.executeWithOptions({ summary: 'all kinds (combined)' }, [
          { ...scoring, kinds: [...kinds] },
        ]);
      } catch (err) {
        if (isCancellation(err)) throw err;
        log.warn('eval runs failed', { reason: reasonOf(err) });
        await Promise.all(
          kinds.map((kind) =>
            failEvalRun.executeWithOptions({ summary: `${kind} ERROR` }, [
              { pipelineRunId: run.pipelineRunId, kind, reason: reasonOf(err), failureType: failureTypeOf(err) },
            ]),
          ),
        );
      }
    } else {
      await Promise.all(
        kinds.map(async (kind) => {
          try {
            const { manifest, userInput, title, description } = scoring;
            await onPool('judge', JUDGING).scoreEvalRun.executeWithOptions({ summary: kind }, [
              { pipelineRunId: run.pipelineRunId, kind, manifest, userInput, title, description },
            ]);
          } catch (err) {
            if (isCancellation(err)) throw err;
            log.warn('eval run failed', { kind, reason: reasonOf(err) });
            await failEvalRun.executeWithOptions({ summary: `${kind} ERROR` }, [
              { pipelineRunId: run.pipelineRunId, kind, reason: reasonOf(err), failureType: failureTypeOf(err) },
            ]);
          }
        }),
      );
    }
    if (patched(SCENE_REPAIR_PATCH) && findings > 0 && animation.sources) {
      try {
        const repair = await onPool('media', REPAIR).repairScene.executeWithOptions({ summary: 'repair scene' }, [
          { pipelineRunId: run.pipelineRunId, sources: animation.sources },
        ]);
        notes.push(repair.note);
      } catch (err) {
        if (isCancellation(err)) throw err;
        log.warn('scene repair failed', { reason: reasonOf(err) });
        notes.push(`Repair: failed (${reasonOf(err)}); the issues keep their advice.`);
      }
    }
  } catch (err) {
    if (isCancellation(err)) {
      cancellation = err;
      error = CANCELLED;
    } else {
      error = reasonOf(err);
    }
  }

  // Whatever happened above, every row ends terminal, even when the workflow was cancelled.
  const outcome = await CancellationScope.nonCancellable(() =>
    finishPipelineRun.executeWithOptions({ summary: 'roll up' }, [
      { pipelineRunId: run.pipelineRunId, error, ...(notes.length ? { notes } : {}) },
    ]),
  );
  upsertSearchAttributes([{ key: SEARCH_ATTRIBUTES.overallStatus, value: outcome.overallStatus }]);
  setCurrentDetails(outcomeDetails(outcome, run.attemptNumber));
  if (cancellation) throw cancellation;
  if (outcome.status === 'ERROR') log.warn('pipeline run ended in ERROR', { reason: error });
  return { ...outcome, attemptNumber: run.attemptNumber };
}
