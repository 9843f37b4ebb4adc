import { oneOf, section } from './rules';

/** Unset: each command picks its own (the worker logs info, `evals run` only errors). */
export const logLevel = section({
  stack: true,
  variables: { LOG_LEVEL: oneOf(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']).optional() },
  build: (e) => e.LOG_LEVEL,
});
