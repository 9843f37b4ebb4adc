import type { Command } from 'commander';
import { agreementCommand } from './commands/agreement';
import { calibrateCommand } from './commands/calibrate';
import { cancelCommand } from './commands/cancel';
import { devCommand } from './commands/dev';
import { keysCommand } from './commands/keys';
import { labelsCommand } from './commands/labels';
import { listCommand } from './commands/list';
import { migrateCommand } from './commands/migrate';
import { pruneCommand } from './commands/prune';
import { replayCommand } from './commands/replay';
import { runCommand } from './commands/run';
import { screenCommand } from './commands/screen';
import { serveCommand } from './commands/serve';
import { setupCommand } from './commands/setup';
import { showCommand } from './commands/show';
import { triggerCommand } from './commands/trigger';
import { workerCommand } from './commands/worker';
import { evalsCommand } from './evals-command';

/** Every command, in the order `evals --help` lists them: for the help, `evals` alone, and the tests that walk them. */
export function program(): Command {
  const evals = evalsCommand();
  for (const register of [
    runCommand,
    screenCommand,
    calibrateCommand,
    labelsCommand,
    agreementCommand,
    showCommand,
    listCommand,
    workerCommand,
    triggerCommand,
    cancelCommand,
    serveCommand,
    keysCommand,
    devCommand,
    replayCommand,
    migrateCommand,
    pruneCommand,
    setupCommand,
  ]) {
    register(evals);
  }
  return evals;
}
