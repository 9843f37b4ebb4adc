import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { createLogger } from '../../logger';
import { replayHistories } from '../../replay';
import { installRuntime } from '../../worker';
import { workflowBundle } from '../../workflow-bundle';
import { EXIT, exitWith, say } from '../io';
import { readableFiles } from '../targets';

export function replayCommand(evals: Command): void {
  evals
    .command('replay')
    .description('Replay histories downloaded from the Temporal UI (or `temporal workflow show --output json`) against the current workflow code; exit 1 on a determinism problem.')
    .argument('<history.json...>', 'history files')
    .action(
      exitWith(async (files: string[]) => {
        readableFiles(files);
        const config = loadConfig();
        installRuntime(createLogger('error'));
        const outcomes = await replayHistories(files, await workflowBundle(config.dataDir));
        for (const outcome of outcomes) {
          if (outcome.ok) say(`ok: ${outcome.file} replays against the current workflow code`);
          else if (outcome.nondeterministic) {
            say(`NONDETERMINISTIC: ${outcome.file}: the current workflow code does not produce the recorded history.\n  ${outcome.message}\n  Running pipelines with this history would fail. Guard the change with patched() or deploy it as a new worker version (docs/operations.md).`);
          } else say(`FAILED: ${outcome.file}: ${outcome.message}`);
        }
        return outcomes.every((o) => o.ok) ? EXIT.OK : EXIT.FAIL;
      }),
    );
}
