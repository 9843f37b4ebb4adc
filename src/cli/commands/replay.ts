import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { replayHistories } from '../../replay';
import { installRuntime } from '../../worker';
import { workflowBundle } from '../../workflow-bundle';
import { say, UsageError } from '../io';

/** Replays downloaded histories against the current workflow code; exit 1 when any fails. */
export async function replayCommand(args: string[]): Promise<number> {
  if (args.length === 0) throw new UsageError('replay takes one or more history JSON files');
  const config = loadConfig();
  installRuntime(createLogger('error'));
  const outcomes = await replayHistories(args, await workflowBundle(config.dataDir));
  for (const outcome of outcomes) {
    if (outcome.ok) say(`ok: ${outcome.file} replays against the current workflow code`);
    else if (outcome.nondeterministic) {
      say(`NONDETERMINISTIC: ${outcome.file}: the current workflow code does not produce the recorded history.\n  ${outcome.message}\n  Running pipelines with this history would fail. Guard the change with patched() (docs/operations.md).`);
    } else say(`FAILED: ${outcome.file}: ${outcome.message}`);
  }
  return outcomes.every((o) => o.ok) ? 0 : 1;
}
