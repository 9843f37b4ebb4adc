import { type Command, CommanderError } from 'commander';
import { ConfigError } from '../config';
import { evalsCommand } from './evals-command';
import { EXIT, say, UsageError } from './io';

/**
 * The program for a command line. One that names a command loads that
 * command's module alone (`src/cli/commands/<name>.ts`, which exports
 * `<name>Command`): `evals run` does not load what `evals serve` needs, nor
 * `evals show` the Temporal worker. Any other (`--help`, `--version`, `help`, a
 * typo) gets every command (./program), to list them or suggest one.
 */
function programFor(argv: readonly string[]): Command {
  const name = argv[0];
  let file: string | undefined;
  try {
    file = name && /^[a-z]+$/.test(name) ? require.resolve(`./commands/${name}`) : undefined;
  } catch {
    // not a command
  }
  if (!file) return (require('./program') as typeof import('./program')).program();
  const evals = evalsCommand();
  (require(file) as Record<string, (evals: Command) => void>)[`${name}Command`](evals);
  return evals;
}

/** Runs the command line and resolves with the exit status. */
export async function main(argv: string[]): Promise<number> {
  const evals = programFor(argv);
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
      return err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help'
        ? EXIT.OK
        : EXIT.USAGE;
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
