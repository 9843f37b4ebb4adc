import { loadConfig } from '../config';
import { ensureTemporalCli } from '../infra/temporal';
import { cancelCommand } from './commands/cancel';
import { keysCommand } from './commands/keys';
import { devCommand } from './commands/dev';
import { migrateCommand } from './commands/migrate';
import { replayCommand } from './commands/replay';
import { runCommand } from './commands/run';
import { serveCommand } from './commands/serve';
import { showCommand } from './commands/show';
import { triggerCommand } from './commands/trigger';
import { workerCommand } from './commands/worker';
import { say, UsageError } from './io';

const USAGE = `Usage: evals <command> [options]

Commands:
  run <file-or-url> [--user-input TEXT] [--fragment-id ID] [--project-id ID] [--user-id ID] [--title T] [--description D] [--json]
      Evaluate one animation through Temporal (in-process worker unless TEMPORAL_ADDRESS is set).
  show <pipelineRunId> [--issues] [--json]
      Print a stored pipeline run.
  worker
      Run a long-lived worker (TEMPORAL_ADDRESS, DATABASE_URL, TEMPORAL_TASK_QUEUE, concurrency from env).
      Prometheus metrics on EVALS_METRICS_PORT; SIGTERM/SIGINT drain within EVALS_SHUTDOWN_GRACE_SECONDS.
  trigger --fragment-id ID --project-id ID --user-id ID [--render-job-id ID] [--user-input TEXT] [--reevaluate [--request-id KEY]] [--wait]
      Start the pipeline of a fragment read from FRAGMENTS_API_URL (a duplicate trigger returns the existing one).
  cancel <pipelineRunId>
      Cancel a pipeline run: it ends in ERROR with summary "cancelled".
  serve [--port N]
      Serve the eval read API (GET {EVALS_API_BASE_PATH}/evals/pipeline-runs/...).
  keys create --user-id U [--credits N] [--usage-based]
      Create a read API key for a user and print it once.
  dev
      Local stack for debugging: Temporal dev server with Web UI (TEMPORAL_UI_PORT) and persistent history,
      embedded database, one worker. Prints the UI address.
  replay <history.json>...
      Replay histories downloaded from the Temporal UI (or \`temporal workflow show --output json\`) against
      the current workflow code; exit 1 on a determinism problem.
  migrate
      Apply database migrations.
  setup
      Install what the project needs outside npm (the Temporal CLI).
`;

async function setupCommand(): Promise<number> {
  ensureTemporalCli(loadConfig(), say);
  say('setup complete');
  return 0;
}

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  run: runCommand,
  show: showCommand,
  worker: workerCommand,
  migrate: migrateCommand,
  trigger: triggerCommand,
  cancel: cancelCommand,
  serve: serveCommand,
  keys: keysCommand,
  dev: devCommand,
  replay: replayCommand,
  setup: setupCommand,
};

async function main([command, ...args]: string[]): Promise<number> {
  if (command === undefined || command === 'help' || command === '--help' || command === '-h') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  const handler = COMMANDS[command];
  if (!handler) throw new UsageError(`unknown command: ${command}`);
  return handler(args);
}


main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    say(`evals: ${err instanceof Error ? err.message : String(err)}`);
    if (err instanceof UsageError) say(USAGE);
    process.exit(err instanceof UsageError ? 2 : 1);
  },
);
