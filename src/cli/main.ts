import { Command, CommanderError } from 'commander';
import { ConfigError, PACKAGE_VERSION } from '../config';
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
import { serveCommand } from './commands/serve';
import { setupCommand } from './commands/setup';
import { showCommand } from './commands/show';
import { triggerCommand } from './commands/trigger';
import { workerCommand } from './commands/worker';
import { EXIT, say, UsageError } from './io';
import { visibleText } from '../text-safety';

/**
 * The `evals` command. Commander parses every subcommand before it runs, so
 * `--help`, `--version`, an unknown option or a typo never start anything.
 */
export function program(): Command {
  const evals = new Command('evals')
    .description('Evaluate rendered math animations: eval pipeline runs on Temporal, stored in PostgreSQL.')
    .version(PACKAGE_VERSION, '-V, --version')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(visibleText(text)), outputError: (text, write) => write(`evals: ${text.replace(/^error: /, '')}`) });
  for (const register of [runCommand, calibrateCommand, labelsCommand, agreementCommand, showCommand, listCommand, workerCommand, triggerCommand, cancelCommand, serveCommand, keysCommand, devCommand, replayCommand, migrateCommand, pruneCommand, setupCommand]) {
    register(evals);
  }
  return evals;
}

/** Runs the command line and resolves with the exit status. */
export async function main(argv: string[]): Promise<number> {
  const evals = program();
  if (argv.length === 0) {
    process.stderr.write(evals.helpInformation());
    return EXIT.USAGE;
  }
  try {
    await evals.parseAsync(argv, { from: 'user' });
    return Number(process.exitCode ?? EXIT.OK);
  } catch (err) {
    if (err instanceof CommanderError) {
      // Help and version were asked for; anything else is a usage mistake commander already explained.
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' ? EXIT.OK : EXIT.USAGE;
    }
    if (err instanceof UsageError) {
      say(`evals: ${err.message}\n(add --help for usage)`);
      return EXIT.USAGE;
    }
    say(`evals: ${err instanceof Error ? err.message : String(err)}`);
    if (!(err instanceof ConfigError) && process.env.LOG_LEVEL === 'debug' && err instanceof Error) say(err.stack ?? '');
    return EXIT.INFRASTRUCTURE;
  }
}
