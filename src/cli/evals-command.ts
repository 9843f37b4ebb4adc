import { Command } from 'commander';
import { PACKAGE_VERSION } from '../config';
import { visibleText } from '../text-safety';

/**
 * The `evals` command with no subcommand yet. Commander parses every
 * subcommand before it runs, so `--help`, `--version`, an unknown option or a
 * typo never start anything.
 */
export function evalsCommand(): Command {
  return new Command('evals')
    .description('Evaluate rendered math animations: eval pipeline runs on Temporal, stored in PostgreSQL.')
    .version(PACKAGE_VERSION, '-V, --version')
    .showSuggestionAfterError(true)
    .showHelpAfterError('(add --help for usage)')
    .exitOverride()
    .configureOutput({
      writeErr: (text) => process.stderr.write(visibleText(text)),
      outputError: (text, write) => write(`evals: ${text.replace(/^error: /, '')}`),
    });
}
