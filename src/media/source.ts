import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { PermanentError, RetryableError } from '../errors';

export interface SourceOptions {
  media: Config['media'];
  /** Local paths are accepted from the CLI's in-process worker only. */
  allowLocalFiles: boolean;
}

const DOWNLOAD_TIMEOUT_MS = 120_000;

/** Turns an animation URL (or, for the CLI, a local path) into a local file ready for ffprobe. */
export async function fetchAnimation(url: string, dir: string, opts: SourceOptions, signal?: AbortSignal): Promise<string> {
  if (!/^https?:\/\//i.test(url)) {
    const local = url.startsWith('file://') ? new URL(url).pathname : url;
    if (!opts.allowLocalFiles || /^[a-z][a-z0-9+.-]*:/i.test(url.replace(/^file:\/\//, ''))) {
      throw new PermanentError('bad-url', `animation URL must be http(s) (got ${describeScheme(url)})`);
    }
    if (!fs.existsSync(local)) throw new PermanentError('bad-url', `animation file not found: ${local}`);
    return local;
  }
  const parsed = new URL(url);
  const { allowedHosts, maxDownloadBytes } = opts.media;
  if (allowedHosts.length > 0 && !allowedHosts.includes(parsed.hostname.toLowerCase())) {
    throw new PermanentError('bad-url', `animation host ${parsed.hostname} is not in EVALS_ALLOWED_HOSTS`);
  }
  const timeout = AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(parsed, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, redirect: 'follow' });
  } catch (err) {
    if (signal?.aborted) throw err;
    if (timeout.aborted) throw new PermanentError('download-failed', `animation download timed out after ${DOWNLOAD_TIMEOUT_MS / 1000}s`);
    throw new RetryableError(`animation download failed: ${(err as Error).message}`);
  }
  if (response.status >= 500 || response.status === 429) throw new RetryableError(`animation download failed: HTTP ${response.status}`);
  if (!response.ok || !response.body) throw new PermanentError('download-failed', `animation download failed: HTTP ${response.status}`);
  const declared = Number(response.headers.get('content-length'));
  if (declared > maxDownloadBytes) throw new PermanentError('too-large', `animation is ${declared} bytes, over the ${maxDownloadBytes}-byte limit`);

  const file = path.join(dir, 'animation');
  let received = 0;
  const limited = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxDownloadBytes) limited.destroy(new PermanentError('too-large', `animation exceeds the ${maxDownloadBytes}-byte download limit`));
  });
  try {
    await pipeline(limited, fs.createWriteStream(file));
  } catch (err) {
    if (err instanceof PermanentError || signal?.aborted) throw err;
    if (timeout.aborted) throw new PermanentError('download-failed', `animation download timed out after ${DOWNLOAD_TIMEOUT_MS / 1000}s`);
    throw new RetryableError(`animation download interrupted: ${(err as Error).message}`);
  }
  if (received === 0) throw new PermanentError('unreadable-media', 'animation download is empty');
  return file;
}

function describeScheme(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  return scheme ? `${scheme}:` : 'a local path';
}
