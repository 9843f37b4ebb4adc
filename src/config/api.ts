import { z } from 'zod';
import { host, port, section, wholeNumber } from './rules';

/** The read API's load limits, also the defaults of a server made without a configuration (tests, benches). */
export const API_LIMIT_DEFAULTS = { renderConcurrency: 2, cacheMb: 32 } as const;

/** `evals serve`. */
export const api = section({
  stack: true,
  variables: {
    EVALS_API_HOST: host.default('127.0.0.1'),
    EVALS_API_PORT: port(true).default(8080),
    EVALS_API_RENDER_CONCURRENCY: wholeNumber(1, 64).default(API_LIMIT_DEFAULTS.renderConcurrency),
    EVALS_API_CACHE_MB: wholeNumber(0).default(API_LIMIT_DEFAULTS.cacheMb),
    EVALS_API_BASE_PATH: z
      .string()
      .regex(/^\/$|^(\/[A-Za-z0-9._~-]+)+$/, 'must be a path like /v1, or / for the root')
      .default('/v1'),
  },
  build: (e) => ({
    host: e.EVALS_API_HOST,
    port: e.EVALS_API_PORT,
    basePath: e.EVALS_API_BASE_PATH === '/' ? '' : e.EVALS_API_BASE_PATH,
    /** Reports rendered at once by `evals serve`; more wait briefly, past that 503. */
    renderConcurrency: e.EVALS_API_RENDER_CONCURRENCY,
    /** Bound of `evals serve`'s cache of ended runs' answers. */
    cacheBytes: e.EVALS_API_CACHE_MB * 1024 * 1024,
  }),
});
