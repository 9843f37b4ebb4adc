import type pg from 'pg';
import { pipelineProgress } from '../read-model/read-model';
import type { EvalPipelineHandle } from '../client';
import { visibleLine } from '../text-safety';

/**
 * Progress on stderr while `evals run` works: on a terminal, every stage with
 * its elapsed time and the share of the video decoded updated in place; when
 * stderr is not a terminal, one line per stage; with --quiet, nothing. Read
 * from the pipeline's stored rows and its activities' heartbeats, so it works
 * with remote workers too.
 */
export type ProgressMode = 'terminal' | 'lines' | 'quiet';

export function progressMode(quiet: boolean | undefined): ProgressMode {
  if (quiet) return 'quiet';
  return process.stderr.isTTY ? 'terminal' : 'lines';
}

const POLL_MS = 500;

interface Heartbeat {
  phase?: string;
  done?: number;
  total?: number;
}

export class Progress {
  private inline = false;

  constructor(private readonly mode: ProgressMode) {}

  /** A line about the whole command (starting the stack). */
  note(line: string): void {
    this.write(line, false);
  }

  /** One line, its control characters shown (a label is a file name, which may hold any): only ours move the cursor. */
  private write(text: string, inPlace: boolean): void {
    if (this.mode === 'quiet') return;
    const line = visibleLine(text);
    if (inPlace && this.mode === 'terminal') {
      process.stderr.write(`\r\x1b[K${line}`);
      this.inline = true;
      return;
    }
    process.stderr.write(`${this.inline ? '\n' : ''}${line}\n`);
    this.inline = false;
  }

  /** Follows one pipeline until stop() is called. `label` prefixes its lines (the file, in a batch). */
  watch(label: string, handle: EvalPipelineHandle, pool: pg.Pool): { stop(): Promise<void> } {
    if (this.mode === 'quiet') return { stop: async () => undefined };
    const started = Date.now();
    const seen = new Map<string, string>();
    const prefix = () => `${label ? `${label} ` : ''}[${((Date.now() - started) / 1000).toFixed(1)} s]`;
    const stage = (key: string, value: string, line: string) => {
      if (seen.get(key) === value) return;
      seen.set(key, value);
      this.write(`${prefix()} ${line}`, false);
    };
    let stopped = false;
    let timer: NodeJS.Timeout;
    const tick = async () => {
      const progress = await pipelineProgress(pool, handle.workflowId).catch(() => null);
      if (progress)
        stage(
          'pipeline',
          progress.status,
          `attempt ${progress.attemptNumber}: ${progress.status === 'PENDING' ? 'waiting for the animation' : progress.status}`,
        );
      if (progress?.status === 'RUNNING') {
        const heartbeat = await extractionHeartbeat(handle);
        if (heartbeat?.phase) {
          const percent = heartbeat.total ? Math.min(100, Math.round((100 * (heartbeat.done ?? 0)) / heartbeat.total)) : null;
          const what =
            { download: 'fetching the animation', probe: 'probing', decode: 'decoding the video', scenes: 'fetching scene-change frames' }[
              heartbeat.phase
            ] ?? heartbeat.phase;
          stage('extract', heartbeat.phase, what);
          if (this.mode === 'terminal' && heartbeat.phase === 'decode' && percent !== null)
            this.write(`${prefix()} ${what}: ${percent}%`, true);
        }
      }
      for (const run of progress?.evalRuns ?? []) {
        if (run.status !== 'PENDING') stage(run.kind, run.status, `${run.kind} ${run.status === 'RUNNING' ? 'judging' : run.status}`);
      }
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    timer = setTimeout(() => void tick(), POLL_MS);
    return {
      // One last look, so every kind's outcome is shown.
      stop: async () => {
        stopped = true;
        clearTimeout(timer);
        await tick();
      },
    };
  }
}

/** The extraction's last heartbeat ({ phase, done, total }), while it runs. */
async function extractionHeartbeat(handle: EvalPipelineHandle): Promise<Heartbeat | null> {
  try {
    const { raw } = await handle.describe();
    const extraction = raw.pendingActivities?.find((a) => a.activityType?.name === 'extractFrames');
    const payload = extraction?.heartbeatDetails?.payloads?.[0];
    if (!payload) return null;
    // Required here, not on import: `evals run` loads this module before its stack starts.
    const { defaultPayloadConverter } = require('@temporalio/common') as typeof import('@temporalio/common');
    return defaultPayloadConverter.fromPayload(payload) as Heartbeat;
  } catch {
    return null;
  }
}
