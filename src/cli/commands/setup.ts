import type { Command } from 'commander';
import { loadConfig } from '../../config';
import { ensureManim } from '../../infra/manim';
import { ensureTemporalCli } from '../../infra/temporal';
import { EXIT, exitWith, say } from '../io';

export function setupCommand(evals: Command): void {
  evals
    .command('setup')
    .description(
      'Install what the project needs outside npm: the Temporal CLI, into .tools/ (npm ci runs this); with --manim, Manim and TeX for the scene inspector.',
    )
    .option(
      '--manim',
      'also install Manim (pinned) into .tools/manim-venv, with the Debian packages it needs when run as root (otherwise they are named)',
    )
    .action(
      exitWith(async (opts: { manim?: boolean }) => {
        ensureTemporalCli(loadConfig(), say);
        if (opts.manim) say(`Manim ready: ${ensureManim(say)}`);
        say('setup complete');
        return EXIT.OK;
      }),
    );
}
