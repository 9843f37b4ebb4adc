import crypto from 'node:crypto';
import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { PermanentError, RetryableError } from '../errors';
import { classifyAddress } from './address';

/** SHA-256 (hex) of what an animation is: a local file's bytes, or a URL as written (its content is not fetched for this). */
export async function animationDigest(animation: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(animation)) hash.update(animation);
  else for await (const chunk of fs.createReadStream(animation)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every address a host name resolves to. */
export type Resolve = (host: string) => Promise<dns.LookupAddress[]>;

export interface SourceOptions {
  media: Config['media'];
  /** Local paths are accepted from the CLI's in-process worker only. */
  allowLocalFiles: boolean;
  /** The system resolver unless given (tests hand it DNS answers). */
  resolve?: Resolve;
}

const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

const MAX_REDIRECTS = 5;

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return allowed.some((a) => (a.startsWith('*.') ? host.endsWith(a.slice(1)) : host === a));
}

interface Pinned {
  address: string;
  family: 4 | 6;
}

/** Checks one hop of a download: scheme, host list, and every address the name resolves to. */
async function checkHop(url: URL, media: Config['media'], resolve: Resolve): Promise<Pinned> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PermanentError('bad-url', `animation URL must be http(s) (got ${url.protocol})`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostAllowed(host, media.allowedHosts)) {
    throw new PermanentError('bad-url', `animation host ${host} is not in EVALS_ALLOWED_HOSTS`);
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await resolve(host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new PermanentError('download-failed', `animation host ${host} does not resolve`);
    throw new RetryableError(`could not resolve ${host}: ${code ?? (err as Error).message}`);
  }
  if (media.allowPrivateAddresses !== true) {
    // Refuse if any answer is not public: a name that mixes answers could be steered to the other one.
    const opened = media.allowPrivateAddresses === false ? [] : media.allowPrivateAddresses;
    for (const { address } of addresses) {
      const verdict = classifyAddress(address, opened);
      if (!verdict.allowed) {
        throw new PermanentError(
          'bad-url',
          `animation host ${host} resolves to a private or special-purpose address (${verdict.why}); refused (to allow it, set EVALS_ALLOW_PRIVATE_ADDRESSES=true, or to the ranges to open, where the pipeline runs: on the workers, or on \`evals dev\` / \`evals run\`)`,
        );
      }
    }
  }
  const first = addresses[0];
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/**
 * Turns an animation URL (or, for the CLI, a local path) into a local file ready
 * for ffprobe. Redirects are followed by hand so every hop is checked again, and
 * each connection goes to the address that was checked (no second DNS answer).
 */
export async function fetchAnimation(url: string, dir: string, opts: SourceOptions, signal?: AbortSignal): Promise<string> {
  if (!/^https?:\/\//i.test(url)) return localFile(url, opts);
  const { media } = opts;
  const deadline = AbortSignal.timeout(media.downloadTimeoutMs);
  const aborted = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const file = path.join(dir, 'animation');
  let current = parseUrl(url);
  for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
    const pinned = await checkHop(current, media, opts.resolve ?? systemResolve);
    const response = await request(current, pinned, media, aborted, signal);
    const status = response.statusCode ?? 0;
    if (status >= 300 && status < 400 && response.headers.location) {
      response.resume();
      current = parseUrl(new URL(response.headers.location, current).toString());
      continue;
    }
    if (status >= 500 || status === 429) {
      response.resume();
      throw new RetryableError(`animation download failed: HTTP ${status}`);
    }
    if (status < 200 || status >= 300) {
      response.resume();
      throw new PermanentError('download-failed', `animation download failed: HTTP ${status}`);
    }
    await save(response, file, media, aborted, signal);
    return file;
  }
  throw new PermanentError('download-failed', `animation URL redirects more than ${MAX_REDIRECTS} times`);
}

function parseUrl(url: string): URL {
  try {
    return new URL(url);
  } catch {
    throw new PermanentError('bad-url', 'animation URL is not a valid URL');
  }
}

function localFile(url: string, opts: SourceOptions): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1];
  if (!opts.allowLocalFiles || (scheme && scheme.toLowerCase() !== 'file')) {
    throw new PermanentError('bad-url', `animation URL must be http(s) (got ${scheme ? `${scheme}:` : 'a local path'})`);
  }
  const local = scheme ? new URL(url).pathname : url;
  if (!fs.existsSync(local)) throw new PermanentError('bad-url', `animation file not found: ${local}`);
  return local;
}

function timeoutError(media: Config['media']): PermanentError {
  return new PermanentError('download-failed', `animation download took longer than the ${media.downloadTimeoutMs / 1000} s limit`);
}

function stallError(media: Config['media']): PermanentError {
  return new PermanentError('download-failed', `animation server stalled: no data for ${media.downloadStallMs / 1000} s`);
}

function request(
  url: URL,
  pinned: Pinned,
  media: Config['media'],
  aborted: AbortSignal,
  cancel?: AbortSignal,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.get(url, {
      signal: aborted,
      // The connection goes to the address checked above; TLS still verifies the host name.
      lookup: (_host, options, callback) => {
        if ((options as dns.LookupOptions).all) callback(null, [pinned] as never, undefined as never);
        else callback(null, pinned.address, pinned.family);
      },
      headers: { 'user-agent': 'eval-pipeline-worker', accept: 'video/*,*/*;q=0.5' },
    });
    req.setTimeout(media.downloadStallMs, () => req.destroy(stallError(media)));
    req.on('response', resolve);
    req.on('error', (err) => {
      if (cancel?.aborted) reject(cancel.reason);
      else if (aborted.aborted) reject(timeoutError(media));
      else if (err instanceof PermanentError) reject(err);
      else reject(new RetryableError(`animation download failed: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    });
  });
}

async function save(
  response: http.IncomingMessage,
  file: string,
  media: Config['media'],
  aborted: AbortSignal,
  cancel?: AbortSignal,
): Promise<void> {
  const { maxDownloadBytes } = media;
  const declared = Number(response.headers['content-length']);
  if (declared > maxDownloadBytes) {
    response.destroy();
    throw new PermanentError('too-large', `animation is ${declared} bytes, over the ${maxDownloadBytes}-byte download limit`);
  }
  let received = 0;
  response.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxDownloadBytes)
      response.destroy(new PermanentError('too-large', `animation exceeds the ${maxDownloadBytes}-byte download limit`));
  });
  response.setTimeout(media.downloadStallMs, () => response.destroy(stallError(media)));
  try {
    await pipeline(response, fs.createWriteStream(file), { signal: aborted });
  } catch (err) {
    if (cancel?.aborted) throw cancel.reason;
    if (err instanceof PermanentError) throw err;
    // A full disk is not a network fault: the extraction says where (extract.ts).
    if ((err as NodeJS.ErrnoException).code === 'ENOSPC') throw err;
    if (aborted.aborted) throw timeoutError(media);
    throw new RetryableError(`animation download was cut off after ${received} bytes`);
  }
  // A connection closed early may be a network fault: retried, a bounded number of times.
  if (!response.complete) throw new RetryableError(`animation download was cut off after ${received} bytes`);
  if (received === 0) throw new PermanentError('unreadable-media', 'animation download is empty');
}
