import { positiveNumber, section, wholeNumber } from './rules';

export const retention = section({
  stack: true,
  variables: {
    EVALS_RETENTION_DAYS: wholeNumber(0).default(30),
    EVALS_PRUNE_INTERVAL_SECONDS: positiveNumber().default(3600),
  },
  build: (e) => ({
    /** Frames and the signal of runs finished longer ago are pruned; 0: kept for ever. */
    days: e.EVALS_RETENTION_DAYS,
    /** How often the fleet's background pruning runs (one worker at a time). */
    pruneIntervalMs: Math.round(e.EVALS_PRUNE_INTERVAL_SECONDS * 1000),
  }),
});
