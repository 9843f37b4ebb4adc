import ipaddr from 'ipaddr.js';

/**
 * Which addresses an animation download may connect to. The special-purpose
 * ranges come from ipaddr.js (maintained against IANA's IPv4 and IPv6
 * Special-Purpose Address Registries, RFC by RFC): only its `unicast` class is
 * public. IPv6 forms that carry an IPv4 address (IPv4-mapped, IPv4-compatible,
 * SIIT, NAT64 well-known prefix, 6to4, Teredo) are judged by the IPv4 they
 * carry, since that is where a translator or tunnel delivers the packets; the
 * local-use NAT64 prefix (64:ff9b:1::/48) is the operator's own translator and
 * refused whatever it embeds. Other IPv6 must be global unicast (2000::/3).
 */

export type AddressVerdict = { allowed: true } | { allowed: false; why: string };

const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96');

function ipv4Of(parts: number[], first: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([parts[first] >> 8, parts[first] & 0xff, parts[first + 1] >> 8, parts[first + 1] & 0xff]);
}

/** The IPv4 addresses an IPv6 address hands its packets to, when it is one of the forms that embed one. */
function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const p = address.parts;
  const range = address.range();
  if (range === 'ipv4Mapped' || range === 'rfc6145' || address.match(NAT64_WELL_KNOWN)) return [ipv4Of(p, 6)];
  // IPv4-compatible (::a.b.c.d, deprecated by RFC 4291): 96 zero bits; :: and ::1 are their own ranges.
  if (p.slice(0, 6).every((x) => x === 0) && range !== 'unspecified' && range !== 'loopback') return [ipv4Of(p, 6)];
  if (range === '6to4') return [ipv4Of(p, 1)];
  // Teredo: the server's IPv4, and the client's, stored inverted (RFC 4380).
  if (range === 'teredo') return [ipv4Of(p, 2), ipv4Of([p[6] ^ 0xffff, p[7] ^ 0xffff], 0)];
  return [];
}

function ipv4Verdict(address: ipaddr.IPv4): AddressVerdict {
  const range = address.range();
  return range === 'unicast' ? { allowed: true } : { allowed: false, why: `${address.toString()} is ${range}` };
}

/** Whether a download may connect to `address` (any textual form); `allowedRanges` are CIDRs the operator opened. */
export function classifyAddress(address: string, allowedRanges: readonly string[] = []): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return { allowed: false, why: `${address} is not an IP address` };
  }
  for (const cidr of allowedRanges) {
    const [base, bits] = ipaddr.parseCIDR(cidr);
    if (base.kind() === parsed.kind() && parsed.match(base, bits)) return { allowed: true };
  }
  if (parsed.kind() === 'ipv4') return ipv4Verdict(parsed as ipaddr.IPv4);
  const v6 = parsed as ipaddr.IPv6;
  const carried = embeddedIPv4(v6);
  if (carried.length > 0) {
    const refused = carried.map(ipv4Verdict).find((v) => !v.allowed);
    return refused ? { allowed: false, why: `${v6.toString()} carries ${(refused as { why: string }).why}` } : { allowed: true };
  }
  const range = v6.range();
  if (range !== 'unicast') return { allowed: false, why: `${v6.toString()} is ${range}` };
  if (!v6.match(GLOBAL_UNICAST)) return { allowed: false, why: `${v6.toString()} is outside global unicast (2000::/3)` };
  return { allowed: true };
}
