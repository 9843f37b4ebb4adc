import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { PermanentError } from '../../src/errors';
import { fetchAnimation, type SourceOptions } from '../../src/media/source';
import { sampleAnimation } from '../../testkit/videos';
import { startFixtureServer, type FixtureServer } from '../helpers/fixture-server';

/**
 * SSRF through IPv6 and DNS (issue 23): with the guard on, every special-purpose
 * address is refused before a connection is made, given as a literal, as a
 * redirect target, or as a DNS answer. Only 127.0.0.1/32 is opened, so the
 * fixture server that sends the redirects is reachable.
 */

const TARGETS = [
  '::127.0.0.1',
  '2002:7f00:1::',
  'fec0::1',
  '64:ff9b:1::7f00:1',
  '::ffff:0:7f00:1',
  '::ffff:127.0.0.1',
  '64:ff9b::7f00:1',
  '2001:0:4136:e378:8000:63bf:80ff:fffe',
  '::1',
  'fe80::1',
  '169.254.169.254',
];

let server: FixtureServer;
let dir: string;
const media = { ...loadConfig({ EVALS_PROVIDER: 'local' }).media, allowPrivateAddresses: ['127.0.0.1/32'] };
const literal = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** A resolver whose every name answers `address`, standing for a DNS record an attacker controls. */
const answering =
  (address: string): SourceOptions['resolve'] =>
  async () => [{ address, family: address.includes(':') ? 6 : 4 }];

async function refusal(url: string, opts: Partial<SourceOptions> = {}): Promise<unknown> {
  return fetchAnimation(url, dir, { media, allowLocalFiles: false, ...opts }).then(
    () => new Error('fetched'),
    (err: unknown) => err,
  );
}

beforeAll(async () => {
  server = await startFixtureServer({ '/sample.mp4': sampleAnimation() });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'evals-ssrf-'));
});
afterAll(async () => {
  await server?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('downloads refuse special-purpose addresses', () => {
  it('fetches from the one opened range (the control)', async () => {
    expect(await fetchAnimation(server.url('/sample.mp4'), dir, { media, allowLocalFiles: false })).toBe(path.join(dir, 'animation'));
  });

  it.each(TARGETS)('as a literal: %s', async (address) => {
    const err = await refusal(`http://${literal(address)}:${new URL(server.url('/')).port}/a.mp4`);
    expect(err).toBeInstanceOf(PermanentError);
    expect((err as PermanentError).reason).toBe('bad-url');
    expect((err as Error).message).toMatch(/private or special-purpose address/);
  });

  it.each(TARGETS)('as a redirect target: %s', async (address) => {
    const before = server.requests.length;
    const err = await refusal(server.url(`/redirect?to=${encodeURIComponent(`http://${literal(address)}/a.mp4`)}`));
    expect((err as PermanentError).reason).toBe('bad-url');
    expect((err as Error).message).toMatch(/private or special-purpose address/);
    expect(server.requests.slice(before)).toEqual(['/redirect']);
  });

  it.each(TARGETS)('as a DNS answer: a name resolving to %s', async (address) => {
    const err = await refusal('http://animations.example.test/a.mp4', { resolve: answering(address) });
    expect((err as PermanentError).reason).toBe('bad-url');
    expect((err as Error).message).toMatch(/animations\.example\.test resolves to a private or special-purpose address/);
  });

  it('refuses a name whose answers mix a public and a private address', async () => {
    const resolve: SourceOptions['resolve'] = async () => [
      { address: '2606:4700:4700::1111', family: 6 },
      { address: '2002:7f00:1::', family: 6 },
    ];
    const err = await refusal('http://mixed.example.test/a.mp4', { resolve });
    expect((err as Error).message).toMatch(/2002:7f00:1:: carries 127\.0\.0\.1 is loopback/);
  });
});
