import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import type { temporal } from '@temporalio/proto';
import { Worker, type WorkflowBundleOption } from '@temporalio/worker';
import { DeterminismViolationError } from '@temporalio/workflow';

export interface ReplayOutcome {
  file: string;
  ok: boolean;
  /** The workflow code no longer produces the commands the history recorded. */
  nondeterministic: boolean;
  message?: string;
}

/**
 * Reads a history as the Temporal UI downloads it or `temporal workflow show
 * --output json` prints it: `{ "events": [...] }` (also accepted: the UI API's
 * `{ "history": { "events": [...] } }` and a bare event array).
 */
export function readHistory(file: string): temporal.api.history.v1.IHistory {
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { history?: unknown } | unknown[];
  if (Array.isArray(parsed)) return historyFromJSON({ events: parsed });
  return historyFromJSON(parsed.history ?? parsed);
}

/** Replays each history file against `workflowBundle`; one outcome per file, in order. */
export async function replayHistories(files: string[], workflowBundle: WorkflowBundleOption): Promise<ReplayOutcome[]> {
  const byId = new Map(files.map((file, i) => [`${i}:${path.basename(file)}`, file]));
  const outcomes: ReplayOutcome[] = [];
  const histories = [...byId].map(([workflowId, file]) => ({ workflowId, history: readHistory(file) }));
  for await (const result of Worker.runReplayHistories({ workflowBundle, replayName: 'evals-replay' }, histories)) {
    const file = byId.get(result.workflowId)!;
    if (!result.error) outcomes.push({ file, ok: true, nondeterministic: false });
    else outcomes.push({ file, ok: false, nondeterministic: result.error instanceof DeterminismViolationError, message: result.error.message });
  }
  return outcomes;
}
