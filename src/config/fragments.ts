import { z } from 'zod';
import { DEFAULT_RENDER_WAIT, type RenderWait } from '../domain/render-wait';
import { httpUrl, positiveInt, positiveNumber, secret, section, text } from './rules';

export const fragments = section({
  variables: {
    FRAGMENTS_API_URL: httpUrl.optional(),
    FRAGMENTS_API_KEY: secret(text.optional()),
    FRAGMENTS_FILES_PARAM: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9_.-]{0,63}$/, 'must be a query parameter name')
      .default('includeFiles'),
    // What the pipeline keeps of an answer is small (256 KB of sources, at most 6x that as escaped JSON; texts cut to 32,000
    // characters), but it is read whole before it is cut: a few MB above that, so a 5 MB description still completes.
    FRAGMENTS_MAX_RESPONSE_BYTES: positiveInt.default(8 * 1024 * 1024),
    EVALS_RENDER_POLL_INTERVAL_SECONDS: positiveNumber().default(DEFAULT_RENDER_WAIT.pollIntervalMs / 1000),
    EVALS_RENDER_WAIT_LIMIT_SECONDS: positiveNumber().default(DEFAULT_RENDER_WAIT.limitMs / 1000),
  },
  build: (e) => ({
    /** The REST interface's base URL (`{base_url}`); absent: only inline animations can be evaluated. */
    apiUrl: e.FRAGMENTS_API_URL,
    apiKey: e.FRAGMENTS_API_KEY,
    /** The flag of `GET /fragments/{id}` that embeds the generated source files (the interface does not name it). */
    filesParam: e.FRAGMENTS_FILES_PARAM,
    /** Past this many bytes an answer of the fragments API is not read further and the run ends ERROR. */
    maxResponseBytes: e.FRAGMENTS_MAX_RESPONSE_BYTES,
    renderWait: {
      pollIntervalMs: Math.round(e.EVALS_RENDER_POLL_INTERVAL_SECONDS * 1000),
      limitMs: Math.round(e.EVALS_RENDER_WAIT_LIMIT_SECONDS * 1000),
    } satisfies RenderWait,
  }),
});
