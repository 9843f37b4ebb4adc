import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../../src/media/address';

/** Addresses a download must never reach: each IANA special-purpose range, and every IPv6 form that carries a private IPv4. */
const REFUSED: [string, string][] = [
  ['::127.0.0.1', 'IPv4-compatible loopback'],
  ['::7f00:1', 'IPv4-compatible loopback, hex'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:a9fe:a9fe', 'IPv4-mapped link-local (cloud metadata)'],
  ['::ffff:0:7f00:1', 'SIIT (RFC 6145) of loopback'],
  ['64:ff9b::7f00:1', 'NAT64 well-known prefix of loopback'],
  ['64:ff9b::a00:1', 'NAT64 well-known prefix of 10.0.0.1'],
  ['64:ff9b:1::7f00:1', 'local-use NAT64 (RFC 8215)'],
  ['64:ff9b:1::808:808', 'local-use NAT64 whatever it embeds'],
  ['2002:7f00:1::', '6to4 of 127.0.0.1'],
  ['2002:c0a8:0101::1', '6to4 of 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:80ff:fffe', 'Teredo whose client is 127.0.0.1'],
  ['2001:0:a00:1:8000:63bf:f7f7:f7f7', 'Teredo whose server is 10.0.0.1'],
  ['fec0::1', 'site-local (deprecated, RFC 3879)'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fe80::1', 'link-local'],
  ['fe80::1%eth0', 'link-local with a zone'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['ff02::1', 'multicast'],
  ['100::1', 'discard-only (RFC 6666)'],
  ['2001:db8::1', 'documentation'],
  ['2001:2::1', 'benchmarking'],
  ['2001:10::1', 'ORCHID'],
  ['3fff::1', 'documentation (RFC 9637)'],
  ['5f00::1', 'segment routing'],
  ['4000::1', 'outside global unicast'],
  ['127.0.0.1', 'IPv4 loopback'],
  ['127.255.0.3', 'IPv4 loopback'],
  ['0.0.0.0', 'this network'],
  ['10.1.2.3', 'private'],
  ['172.16.5.4', 'private'],
  ['192.168.0.1', 'private'],
  ['100.64.0.1', 'shared address space (CGNAT)'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['192.0.0.170', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['198.51.100.7', 'documentation'],
  ['203.0.113.9', 'documentation'],
  ['192.88.99.1', '6to4 relay anycast'],
  ['224.0.0.1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['255.255.255.255', 'broadcast'],
];

const PUBLIC = [
  '8.8.8.8',
  '93.184.216.34',
  '1.1.1.1',
  '2606:4700:4700::1111',
  '2a00:1450:4001:82a::200e',
  '::ffff:8.8.8.8',
  '2002:808:808::1',
  '64:ff9b::808:808',
];

describe('address classification (src/media/address.ts)', () => {
  it.each(REFUSED)('refuses %s (%s)', (address) => {
    const verdict = classifyAddress(address);
    expect(verdict.allowed).toBe(false);
  });

  it.each(PUBLIC)('allows the public address %s', (address) => {
    expect(classifyAddress(address)).toEqual({ allowed: true });
  });

  it('names the IPv4 an IPv6 address carries', () => {
    expect(classifyAddress('2002:7f00:1::')).toEqual({ allowed: false, why: '2002:7f00:1:: carries 127.0.0.1 is loopback' });
  });

  it('opens only the configured ranges, of their own family', () => {
    expect(classifyAddress('10.1.2.3', ['10.1.0.0/16']).allowed).toBe(true);
    expect(classifyAddress('10.2.0.1', ['10.1.0.0/16']).allowed).toBe(false);
    // A range opened for IPv4 does not open the IPv6 forms that carry it.
    expect(classifyAddress('::ffff:10.1.2.3', ['10.1.0.0/16']).allowed).toBe(false);
    expect(classifyAddress('fd00:1::5', ['fd00:1::/64']).allowed).toBe(true);
  });

  it('refuses what is not an address', () => {
    expect(classifyAddress('not-an-ip').allowed).toBe(false);
  });
});
