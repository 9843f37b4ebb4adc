import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';
import { readLocalJson } from './infra/local-file';

export interface ReplayOutcome {
  file: string;
  ok: boolean;
  /** The workflow code no longer produces the commands the history recorded. */
  nondeterministic: boolean;
  message?: string;
}

/**
 * The largest history `evals replay` reads. Temporal ends a workflow whose
 * history passes 51,200 events (its server's default limit), so a longer one
 * was not recorded by it; this service's histories are tens of KB.
 */
export const HISTORY_LIMITS = { bytes: 64 * 1024 * 1024, events: 51_200 } as const;

/** A history file at fault: the message names the file and what is wrong. */
export class HistoryError extends Error {
  override name = 'HistoryError';
}

const { EVENT_TYPE_WORKFLOW_EXECUTION_STARTED: STARTED, EVENT_TYPE_WORKFLOW_TASK_SCHEDULED: TASK_SCHEDULED } =
  temporal.api.enums.v1.EventType;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Reads a history as the Temporal UI downloads it or `temporal workflow show
 * --output json` prints it: `{ "events": [...] }` (also accepted: the UI API's
 * `{ "history": { "events": [...] } }` and a bare event array). What the
 * replayer would choke on (hang on, or pass) is refused here: the events must
 * be numbered 1, 2, 3 …, start with the workflow's one start event and reach
 * its first workflow task.
 */
export function readHistory(file: string): temporal.api.history.v1.IHistory {
  const refuse = (problem: string) => new HistoryError(`${file}: ${problem}`);
  const parsed = readLocalJson(file, HISTORY_LIMITS.bytes, (message) => new HistoryError(message));
  const container = isObject(parsed) && isObject(parsed.history) ? parsed.history : parsed;
  const events = Array.isArray(container) ? container : isObject(container) ? container.events : undefined;
  if (!Array.isArray(events))
    throw refuse(
      'not a workflow history: expected { "events": [...] }, as the Temporal UI downloads it or `temporal workflow show --output json` prints it',
    );
  if (events.length === 0) throw refuse('the history has no events');
  if (events.length > HISTORY_LIMITS.events)
    throw refuse(`${events.length} events, more than a workflow history holds (at most ${HISTORY_LIMITS.events})`);
  let history: temporal.api.history.v1.IHistory;
  try {
    history = historyFromJSON({ events });
  } catch (err) {
    throw refuse(`not a workflow history (${(err as Error).message.slice(0, 200)})`);
  }
  const read = history.events ?? [];
  const misnumbered = read.findIndex((e, i) => Number(e.eventId) !== i + 1);
  if (misnumbered >= 0)
    throw refuse(
      `event ${misnumbered + 1} has the id ${String(read[misnumbered].eventId ?? 'none')}: a history's events are numbered 1, 2, 3 … in order`,
    );
  if (read[0].eventType !== STARTED) throw refuse("the first event is not the workflow's start (EVENT_TYPE_WORKFLOW_EXECUTION_STARTED)");
  const restart = read.findIndex((e, i) => i > 0 && e.eventType === STARTED);
  if (restart >= 0) throw refuse(`event ${restart + 1} starts the workflow again: a history has one start event`);
  if (!read.some((e) => e.eventType === TASK_SCHEDULED))
    throw refuse("the history ends before the workflow's first task: there is nothing to replay");
  return history;
}

/** Replays each history against `workflowBundle`; one outcome per history, in order. */
export async function replayHistories(
  histories: readonly { file: string; history: temporal.api.history.v1.IHistory }[],
  workflowBundle: WorkflowBundleOption,
): Promise<ReplayOutcome[]> {
  const byId = new Map(histories.map((h, i) => [`${i}:${path.basename(h.file)}`, h]));
  const outcomes: ReplayOutcome[] = [];
  const replays = [...byId].map(([workflowId, { history }]) => ({ workflowId, history }));
  for await (const result of Worker.runReplayHistories({ workflowBundle, replayName: 'evals-replay' }, replays)) {
    const { file } = byId.get(result.workflowId)!;
    if (!result.error) outcomes.push({ file, ok: true, nondeterministic: false });
    else
      outcomes.push({
        file,
        ok: false,
        nondeterministic: result.error instanceof DeterminismViolationError,
        message: result.error.message,
      });
  }
  return outcomes;
}
