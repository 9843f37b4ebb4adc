/**
 * How long a pipeline waits for its fragment's animation to be rendered. Pure
 * data: workflow code imports this file.
 */
export interface RenderWait {
  /** Time between two reads of the fragment while `animationUrl` is null. */
  pollIntervalMs: number;
  /** Past this, the pipeline ends in ERROR ("animation not rendered within ..."). */
  limitMs: number;
}

export const DEFAULT_RENDER_WAIT: RenderWait = { pollIntervalMs: 15_000, limitMs: 30 * 60_000 };

/** "4s", "90s", "30m", "1h 5m": the wait limit as the pipeline's summary states it, exactly. */
export function formatDuration(ms: number): string {
  if (ms % 60_000 !== 0) return `${Math.round(ms / 100) / 10}s`;
  const minutes = ms / 60_000;
  return minutes < 60 ? `${minutes}m` : `${Math.floor(minutes / 60)}h${minutes % 60 ? ` ${minutes % 60}m` : ''}`;
}
