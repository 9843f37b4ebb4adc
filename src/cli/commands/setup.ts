import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { ensureTemporalCli } from '../../infra/temporal';
import { EXIT, exitWith, say } from '../io';

export function setupCommand(evals: Command): void {
  evals
    .command('setup')
    .description('Install what the project needs outside npm: the Temporal CLI, into .tools/ (npm ci runs this).')
    .action(
      exitWith(async () => {
        ensureTemporalCli(loadConfig(), say);
        say('setup complete');
        return EXIT.OK;
      }),
    );
}
