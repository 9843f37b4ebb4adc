import { z } from 'zod';
import { boundText, identifierProblem, MAX_URL_CHARS, textProblem } from '../domain/text-limits';
import { PermanentError, RetryableError, retryAfterMs } from '../errors';
import { pythonSources, type SceneSource } from './scene-sources';

/**
 * The fragment as the pipeline needs it: the title and description feed the
 * eval kinds, `animationUrl` is null until the animation is rendered.
 */
export interface FragmentSnapshot {
  id: string;
  title: string | null;
  description: string | null;
  animationUrl: string | null;
  /** The Python sources among the fragment's files, once it is rendered (not while polling: they would fill the history). */
  sources?: SceneSource[];
  /** What was cut from the title or description to keep them within the pipeline's bounds (src/domain/text-limits.ts), or left out of the sources. */
  notes?: string[];
}

// Only the fields the pipeline reads; the seed leaves the rest (and which are nullable) open.
const FragmentResponseSchema = z.object({
  fragment: z.object({
    id: z.string(),
    title: z.string().nullish(),
    description: z.string().nullish(),
    animationUrl: z.string().url().nullish(),
    // Generated source files; their shape is not in the interface (scene-sources.ts reads the likely ones).
    files: z.unknown().optional(),
  }),
});

/** Where the REST interface is, the key to send and the flag that embeds the source files (FRAGMENTS_API_URL, FRAGMENTS_API_KEY, FRAGMENTS_FILES_PARAM). */
export interface FragmentsApiSettings {
  apiUrl?: string;
  apiKey?: string;
  filesParam: string;
  /** FRAGMENTS_MAX_RESPONSE_BYTES: an answer is read up to this many bytes, never further. */
  maxResponseBytes: number;
}

const REQUEST_TIMEOUT_MS = 30_000;

/**
 * `GET {FRAGMENTS_API_URL}/fragments/{id}` with `x-api-key`, mapped onto the error
 * taxonomy: 404, 401 and 403 cannot change by retrying; 502, 503 (and any other
 * 5xx, 429 or transport error) are retried with backoff by the activity's policy.
 */
export async function fetchFragment(settings: FragmentsApiSettings, fragmentId: string, signal?: AbortSignal): Promise<FragmentSnapshot> {
  if (!settings.apiUrl) throw new PermanentError('config', 'FRAGMENTS_API_URL is not set: this worker cannot read fragments');
  const url = `${settings.apiUrl.replace(/\/+$/, '')}/fragments/${encodeURIComponent(fragmentId)}?${encodeURIComponent(settings.filesParam)}=true`;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  // Aborted once an answer passes its bound: the rest is never read.
  const tooLarge = new AbortController();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: 'application/json', ...(settings.apiKey ? { 'x-api-key': settings.apiKey } : {}) },
      signal: AbortSignal.any([timeout, tooLarge.signal, ...(signal ? [signal] : [])]),
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new RetryableError(`fragments API unreachable: ${(err as Error).message}`);
  }
  const status = response.status;
  if (status === 404) throw new PermanentError('fragment-not-found', `fragment ${fragmentId} not found (HTTP 404)`);
  if (status === 401 || status === 403) {
    throw new PermanentError('fragment-unauthorized', `fragments API refused the key (HTTP ${status}): check FRAGMENTS_API_KEY`);
  }
  if (status >= 500 || status === 429) {
    throw new RetryableError(`fragments API answered HTTP ${status}`, retryAfterMs(response.headers));
  }
  if (status !== 200)
    throw new PermanentError('fragment-request-rejected', `fragments API answered HTTP ${status} for fragment ${fragmentId}`);
  const body = await readBounded(response, settings.maxResponseBytes, tooLarge);
  if (body === 'too-large') {
    throw new PermanentError(
      'too-large',
      `fragment ${fragmentId} from the fragments API is refused: its answer is larger than FRAGMENTS_MAX_RESPONSE_BYTES (${settings.maxResponseBytes} bytes)`,
    );
  }
  if (signal?.aborted) throw signal.reason;
  const parsed = FragmentResponseSchema.safeParse(body === null ? undefined : parseJson(body));
  if (!parsed.success) throw new RetryableError('fragments API answered 200 with a body that is not a { fragment } object');
  const { fragment } = parsed.data;
  // What the fragments API sends enters the pipeline here: checked like a caller's input, a bad one ends the run with its reason.
  const problem = [
    identifierProblem('its id', fragment.id),
    fragment.animationUrl ? identifierProblem('its animation URL', fragment.animationUrl, MAX_URL_CHARS) : null,
    textProblem('its title', fragment.title),
    textProblem('its description', fragment.description),
  ].find((p) => p !== null);
  if (problem) throw new PermanentError('bad-input', `fragment ${fragmentId} from the fragments API is refused: ${problem}`);
  const title = boundText('fragment title', fragment.title);
  const description = boundText('fragment description', fragment.description);
  const animationUrl = fragment.animationUrl ?? null;
  const files = animationUrl ? pythonSources(fragment.files) : { sources: [], note: null };
  const notes = [title.note, description.note, files.note].filter((n) => n !== null);
  return {
    id: fragment.id,
    title: title.text,
    description: description.text,
    animationUrl,
    ...(files.sources.length ? { sources: files.sources } : {}),
    ...(notes.length ? { notes } : {}),
  };
}

/**
 * The answer's body as text, read no further than `maxBytes`: a declared
 * length over it is refused before reading, a longer stream is aborted where
 * it passes it. Null when the body could not be read (the connection failed).
 */
async function readBounded(response: Response, maxBytes: number, stop: AbortController): Promise<string | 'too-large' | null> {
  if (Number(response.headers.get('content-length')) > maxBytes) {
    stop.abort();
    return 'too-large';
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  try {
    for await (const chunk of response.body ?? []) {
      received += chunk.byteLength;
      if (received > maxBytes) break;
      chunks.push(chunk);
    }
  } catch {
    return null;
  }
  if (received <= maxBytes) return Buffer.concat(chunks).toString('utf8');
  stop.abort();
  return 'too-large';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
