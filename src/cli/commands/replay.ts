import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { HISTORY_LIMITS, HistoryError, readHistory, replayHistories } from '../../replay';
import { installRuntime } from '../../infra/temporal-runtime';
import { workflowBundle } from '../../workflow-bundle';
import { EXIT, exitWith, say, UsageError } from '../io';

export function replayCommand(evals: Command): void {
  evals
    .command('replay')
    .description(
      'Replay histories downloaded from the Temporal UI (or `temporal workflow show --output json`) against the current workflow code; exit 1 on a determinism problem.',
    )
    .argument('<history.json...>', 'history files')
    .addHelpText(
      'after',
      `\nExit status: 0 every history replays, 1 one does not (a determinism problem or a failed replay), 2 a file that is not a workflow history (missing, not a regular file, over ${HISTORY_LIMITS.bytes / (1024 * 1024)} MB or ${HISTORY_LIMITS.events} events, not JSON, malformed), 4 the replayer could not run.`,
    )
    .action(
      exitWith(async (files: string[]) => {
        // Every file read and checked before the replay starts: one at fault is a usage error (exit 2).
        const histories = files.map((file) => {
          try {
            return { file, history: readHistory(file) };
          } catch (err) {
            throw err instanceof HistoryError ? new UsageError(err.message) : err;
          }
        });
        const config = loadConfig();
        installRuntime(createLogger('error'));
        const outcomes = await replayHistories(histories, await workflowBundle(config.dataDir));
        for (const outcome of outcomes) {
          if (outcome.ok) say(`ok: ${outcome.file} replays against the current workflow code`);
          else if (outcome.nondeterministic) {
            say(
              `NONDETERMINISTIC: ${outcome.file}: the current workflow code does not produce the recorded history.\n  ${outcome.message}\n  Running pipelines with this history would fail. Guard the change with patched() or deploy it as a new worker version (docs/operations.md).`,
            );
          } else say(`FAILED: ${outcome.file}: ${outcome.message}`);
        }
        return outcomes.every((o) => o.ok) ? EXIT.OK : EXIT.FAIL;
      }),
    );
}
