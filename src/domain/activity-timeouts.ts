/**
 * startToClose of each group of activities, in seconds. The workflow schedules
 * its activities with these, and the configuration checks the workers'
 * shutdown grace against the longest. Pure data: workflow code imports it.
 */
export const ACTIVITY_TIMEOUT_SECONDS = {
  /** Short, idempotent database writes. */
  databaseWrite: 30,
  fetchFragment: 60,
  extractFrames: 600,
  /** Running a fragment's scene in its sandbox: longer than EVALS_SCENE_TIMEOUT_SECONDS can be set. */
  inspectScene: 600,
  /** Repairing a scene: a warm inspector re-inspects each candidate edit, bounded by its own limits (docs/fixes.md). */
  repairScene: 600,
  /** Room for a wait for one of the worker's judge slots, a request and its one re-ask (each at most 140 s). */
  scoreEvalRun: 600,
} as const;

export const LONGEST_ACTIVITY_SECONDS = Math.max(...Object.values(ACTIVITY_TIMEOUT_SECONDS));
