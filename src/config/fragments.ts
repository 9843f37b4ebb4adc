import { z } from 'zod';
import { DEFAULT_RENDER_WAIT, type RenderWait } from '../domain/render-wait';
import { httpUrl, positiveNumber, section, text } from './rules';

export const fragments = section({
  variables: {
    FRAGMENTS_API_URL: httpUrl.optional(),
    FRAGMENTS_API_KEY: text.optional(),
    FRAGMENTS_FILES_PARAM: z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be a query parameter name').default('includeFiles'),
    EVALS_RENDER_POLL_INTERVAL_SECONDS: positiveNumber().default(DEFAULT_RENDER_WAIT.pollIntervalMs / 1000),
    EVALS_RENDER_WAIT_LIMIT_SECONDS: positiveNumber().default(DEFAULT_RENDER_WAIT.limitMs / 1000),
  },
  build: (e) => ({
    /** The REST interface's base URL (`{base_url}`); absent: only inline animations can be evaluated. */
    apiUrl: e.FRAGMENTS_API_URL,
    apiKey: e.FRAGMENTS_API_KEY,
    /** The flag of `GET /fragments/{id}` that embeds the generated source files (the interface does not name it). */
    filesParam: e.FRAGMENTS_FILES_PARAM,
    renderWait: {
      pollIntervalMs: Math.round(e.EVALS_RENDER_POLL_INTERVAL_SECONDS * 1000),
      limitMs: Math.round(e.EVALS_RENDER_WAIT_LIMIT_SECONDS * 1000),
    } satisfies RenderWait,
  }),
});
