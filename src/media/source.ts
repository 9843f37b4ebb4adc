import dns from 'node:dns';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config';
import { PermanentError, RetryableError } from '../errors';

export interface SourceOptions {
  media: Config['media'];
  /** Local paths are accepted from the CLI's in-process worker only. */
  allowLocalFiles: boolean;
}

const MAX_REDIRECTS = 5;

/**
 * Addresses a fetched URL may not reach unless EVALS_ALLOW_PRIVATE_ADDRESSES:
 * loopback, private, link-local (cloud metadata), CGNAT, multicast, reserved.
 */
const PRIVATE = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(prefix, bits, 'ipv4');
for (const [prefix, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8], ['64:ff9b::', 96]] as const) {
  PRIVATE.addSubnet(prefix, bits, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = net.isIPv6(address) ? 'ipv6' : 'ipv4';
  // IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped ? PRIVATE.check(mapped, 'ipv4') : PRIVATE.check(address, family);
}

function hostAllowed(host: string, allowed: readonly string[]): boolean {
  if (allowed.length === 0) return true;
  return allowed.some((a) => (a.startsWith('*.') ? host.endsWith(a.slice(1)) : host === a));
}

interface Pinned {
  address: string;
  family: 4 | 6;
}

/** Checks one hop of a download: scheme, host list, and every address the name resolves to. */
async function checkHop(url: URL, media: Config['media']): Promise<Pinned> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new PermanentError('bad-url', `animation URL must be http(s) (got ${url.protocol})`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostAllowed(host, media.allowedHosts)) {
    throw new PermanentError('bad-url', `animation host ${host} is not in EVALS_ALLOWED_HOSTS`);
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new PermanentError('download-failed', `animation host ${host} does not resolve`);
    throw new RetryableError(`could not resolve ${host}: ${code ?? (err as Error).message}`);
  }
  if (!media.allowPrivateAddresses) {
    // Refuse if any answer is private: a name that mixes answers could be steered to the private one.
    const bad = addresses.find((a) => isPrivateAddress(a.address));
    if (bad) {
      throw new PermanentError(
        'bad-url',
        `animation host ${host} resolves to a private or loopback address (${bad.address}); refused (to allow it, set EVALS_ALLOW_PRIVATE_ADDRESSES=true where the pipeline runs: on the workers, or on \`evals dev\` / \`evals run\`)`,
      );
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
    const pinned = await checkHop(current, media);
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

function request(url: URL, pinned: Pinned, media: Config['media'], aborted: AbortSignal, cancel?: AbortSignal): Promise<http.IncomingMessage> {
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

async function save(response: http.IncomingMessage, file: string, media: Config['media'], aborted: AbortSignal, cancel?: AbortSignal): Promise<void> {
  const { maxDownloadBytes } = media;
  const declared = Number(response.headers['content-length']);
  if (declared > maxDownloadBytes) {
    response.destroy();
    throw new PermanentError('too-large', `animation is ${declared} bytes, over the ${maxDownloadBytes}-byte download limit`);
  }
  let received = 0;
  response.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > maxDownloadBytes) response.destroy(new PermanentError('too-large', `animation exceeds the ${maxDownloadBytes}-byte download limit`));
  });
  response.setTimeout(media.downloadStallMs, () => response.destroy(stallError(media)));
  try {
    await pipeline(response, fs.createWriteStream(file), { signal: aborted });
  } catch (err) {
    if (cancel?.aborted) throw cancel.reason;
    if (err instanceof PermanentError) throw err;
    if (aborted.aborted) throw timeoutError(media);
    throw new RetryableError(`animation download was cut off after ${received} bytes`);
  }
  // A connection closed early may be a network fault: retried, a bounded number of times.
  if (!response.complete) throw new RetryableError(`animation download was cut off after ${received} bytes`);
  if (received === 0) throw new PermanentError('unreadable-media', 'animation download is empty');
}
