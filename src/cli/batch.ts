import type { EvalPipelineHandle } from '../client';
import type { Config } from '../config';
import { EXIT, say } from './io';

/** Runs `work` over the items, at most `limit` at once, keeping their order. */
export async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i]);
      }
    }),
  );
  return results;
}

/**
 * Ctrl-C (or SIGTERM) on a command that runs a batch of pipelines on its
 * stack (`evals run`, `evals calibrate`): the first starts no more and cancels
 * those in flight (they end ERROR, `cancelled`), and the command then stops its
 * stack itself and exits 130; a second quits at once, naming what it left.
 */
export class BatchInterrupt {
  interrupted = false;
  /** The pipelines started and not yet ended, with what each evaluates. */
  private readonly inFlight = new Map<EvalPipelineHandle, string>();
  private readonly onSignal = () => this.interrupt();

  /** `kept`: what the first Ctrl-C keeps, said after "then stopping". */
  constructor(
    private readonly config: Config,
    private readonly note: (line: string) => void,
    private readonly kept = '',
  ) {
    process.on('SIGINT', this.onSignal);
    process.on('SIGTERM', this.onSignal);
  }

  /** A pipeline started for `what`; one started while the interrupt came is cancelled like the others. */
  started(handle: EvalPipelineHandle, what: string): void {
    this.inFlight.set(handle, what);
    if (this.interrupted) cancel(handle);
  }

  ended(handle: EvalPipelineHandle): void {
    this.inFlight.delete(handle);
  }

  dispose(): void {
    process.removeListener('SIGINT', this.onSignal);
    process.removeListener('SIGTERM', this.onSignal);
  }

  private interrupt(): void {
    if (this.interrupted) this.quit();
    this.interrupted = true;
    this.note(
      `interrupted: no more pipelines start; cancelling the ${this.inFlight.size} in flight, then stopping${this.kept} (Ctrl-C again to quit at once)`,
    );
    for (const handle of this.inFlight.keys()) cancel(handle);
  }

  /** A second Ctrl-C: exit at once, saying what is left. */
  private quit(): never {
    const { config } = this;
    const unfinished = [...this.inFlight.values()];
    const remote = config.temporal.address !== undefined;
    const runs = `${unfinished.length} pipeline${unfinished.length === 1 ? '' : 's'} unfinished (${unfinished.join(', ')})`;
    const left = !unfinished.length
      ? 'no pipeline was left unfinished'
      : remote
        ? `left ${runs}, cancelled: the workers of ${config.temporal.address} end them`
        : config.database.url
          ? `left ${runs}: their runs stay RUNNING in DATABASE_URL`
          : `left ${runs}: the next \`evals run\` or \`evals dev\` on this data directory ends their runs ERROR`;
    say(`quitting at once: ${left}${remote ? '' : '; the stack this command started stops as it exits'}`);
    process.exit(EXIT.INTERRUPTED);
  }
}

const cancel = (handle: EvalPipelineHandle) => void handle.cancel().catch(() => undefined);
