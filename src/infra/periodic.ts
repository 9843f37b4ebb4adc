import type { Logger } from '../logger';

/**
 * Runs `task` at once and then every `intervalMs` until stopped (`first` tells
 * the run at start). Runs never overlap; a failed run is logged and the task
 * tried again at the next interval; the timer never keeps the process alive on
 * its own. `stop` waits for a run in progress.
 */
export function repeatEvery(
  intervalMs: number,
  log: Logger,
  what: string,
  task: (first: boolean) => Promise<void>,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = (first: boolean) => {
    running = task(first)
      .catch((err: unknown) =>
        log.warn({ err: err instanceof Error ? err.message : String(err) }, `${what} failed; trying again at the next interval`),
      )
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(() => run(false), intervalMs);
        timer.unref();
      });
  };
  run(true);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
