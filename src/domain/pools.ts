/**
 * The worker pools: kinds of work, each on a task queue of its own so each can
 * be sized and scaled apart (docs/operations.md, Worker pools). Pure data:
 * workflow code imports it.
 *
 * - `workflows`: workflow tasks, the database activities and reading the fragment;
 * - `media`: extraction, the whole-video signal and scene inspection (CPU-bound);
 * - `judge`: judge calls (mostly waiting on the judge's endpoint).
 */
export const POOLS = ['workflows', 'media', 'judge'] as const;
export type Pool = (typeof POOLS)[number];

/** The workflows pool polls the fleet's task queue (TEMPORAL_TASK_QUEUE); the others poll queues named after it. */
export function poolTaskQueue(taskQueue: string, pool: Pool): string {
  return pool === 'workflows' ? taskQueue : `${taskQueue}-${pool}`;
}
