/**
 * Which IP addresses a webhook may be delivered to.
 *
 * A webhook URL is chosen by a bot owner, so without this policy the service
 * could be told to POST to its own loopback, the LAN behind it or the cloud
 * metadata endpoint (SSRF). Only globally routable unicast addresses pass.
 *
 * Addresses are first normalised through the WHATWG URL parser, the same one
 * that parses the configured URL, so spellings such as `0x7f000001`,
 * `2130706433`, `127.1` or `::ffff:7f00:1` are judged as the address they
 * name. IPv6 forms that embed an IPv4 address (IPv4-mapped, NAT64, 6to4,
 * Teredo) are judged by the IPv4 address they lead to.
 */
import { BlockList, isIPv4 } from 'node:net';

export type AddressCategory =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'shared'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'documentation'
  | 'benchmarking'
  | 'metadata';

/** How an IPv4 address was carried inside an IPv6 one, when it was. */
export type EmbeddingKind = 'ipv4-mapped' | 'nat64' | '6to4' | 'teredo';

export interface AddressVerdict {
  /** Canonical text of the address that was judged (IPv6 without brackets). */
  address: string;
  family: 4 | 6;
  category: AddressCategory;
  allowed: boolean;
  /** Set when the verdict comes from an IPv4 address embedded in an IPv6 one. */
  embedded?: { kind: EmbeddingKind; ipv4: string };
}

type Range = readonly [network: string, prefix: number];

// Order matters: the first matching category wins, so the narrow, more
// telling ranges (metadata inside link-local and CGNAT, broadcast inside
// 240/4) come before the wide ones.
const IPV4_RANGES: ReadonlyArray<readonly [Exclude<AddressCategory, 'public'>, Range[]]> = [
  // AWS/GCP/Azure/OpenStack metadata, Alibaba Cloud metadata.
  [
    'metadata',
    [
      ['169.254.169.254', 32],
      ['100.100.100.200', 32],
    ],
  ],
  ['broadcast', [['255.255.255.255', 32]]],
  // 0.0.0.0/8 is "this network"; Linux connects 0.0.0.0 to the local host.
  ['unspecified', [['0.0.0.0', 8]]],
  ['loopback', [['127.0.0.0', 8]]],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
    ],
  ],
  ['shared', [['100.64.0.0', 10]]],
  ['link-local', [['169.254.0.0', 16]]],
  [
    'documentation',
    [
      ['192.0.2.0', 24],
      ['198.51.100.0', 24],
      ['203.0.113.0', 24],
    ],
  ],
  ['benchmarking', [['198.18.0.0', 15]]],
  ['multicast', [['224.0.0.0', 4]]],
  // IETF protocol assignments (incl. DS-Lite), the retired 6to4 relay
  // anycast, and the former class E space.
  [
    'reserved',
    [
      ['192.0.0.0', 24],
      ['192.88.99.0', 24],
      ['240.0.0.0', 4],
    ],
  ],
];

const IPV6_RANGES: ReadonlyArray<readonly [Exclude<AddressCategory, 'public'>, Range[]]> = [
  ['metadata', [['fd00:ec2::254', 128]]],
  ['unspecified', [['::', 128]]],
  ['loopback', [['::1', 128]]],
  // Unique local, deprecated site-local, local-use NAT64 (RFC 8215).
  [
    'private',
    [
      ['fc00::', 7],
      ['fec0::', 10],
      ['64:ff9b:1::', 48],
    ],
  ],
  ['link-local', [['fe80::', 10]]],
  ['multicast', [['ff00::', 8]]],
  [
    'documentation',
    [
      ['2001:db8::', 32],
      ['3fff::', 20],
    ],
  ],
  ['benchmarking', [['2001:2::', 48]]],
  // IPv4-compatible (deprecated, never routed), SIIT IPv4-translated,
  // discard-only, ORCHID v1/v2.
  [
    'reserved',
    [
      ['::', 96],
      ['::ffff:0:0:0', 96],
      ['100::', 64],
      ['2001:10::', 28],
      ['2001:20::', 28],
    ],
  ],
];

function compile(ranges: typeof IPV4_RANGES, family: 'ipv4' | 'ipv6'): Array<readonly [Exclude<AddressCategory, 'public'>, BlockList]> {
  return ranges.map(([category, list]) => {
    const blockList = new BlockList();
    for (const [network, prefix] of list) blockList.addSubnet(network, prefix, family);
    return [category, blockList] as const;
  });
}

const IPV4_LISTS = compile(IPV4_RANGES, 'ipv4');
const IPV6_LISTS = compile(IPV6_RANGES, 'ipv6');
// Everything outside 2000::/3 is unassigned or special-purpose.
const IPV6_GLOBAL_UNICAST = new BlockList();
IPV6_GLOBAL_UNICAST.addSubnet('2000::', 3, 'ipv6');

/**
 * Turns a host as written in a URL (or as returned by DNS) into its canonical
 * form: IPv4 dotted quad, bracket-less compressed IPv6, or a lower-case name.
 * Returns null when the URL parser refuses the host.
 */
export function canonicalHost(host: string): { kind: 'ip'; address: string; family: 4 | 6 } | { kind: 'name'; name: string } | null {
  // Zone ids (fe80::1%eth0) can come back from DNS; they only ever qualify
  // link-local or multicast addresses, which the prefix alone refuses.
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const withoutZone = bare.includes(':') ? bare.replace(/%.*$/, '') : bare;
  let hostname: string;
  try {
    hostname = new URL(`http://${withoutZone.includes(':') ? `[${withoutZone}]` : withoutZone}/`).hostname;
  } catch {
    return null;
  }
  if (hostname.startsWith('[')) return { kind: 'ip', address: hostname.slice(1, -1), family: 6 };
  if (isIPv4(hostname)) return { kind: 'ip', address: hostname, family: 4 };
  return { kind: 'name', name: hostname };
}

/**
 * Judges one IP address. Accepts any spelling the URL parser accepts for an
 * IP host; throws a TypeError for something that is not an IP address.
 */
export function classifyAddress(ip: string): AddressVerdict {
  const host = canonicalHost(ip);
  if (host === null || host.kind !== 'ip') throw new TypeError(`not an IP address: ${ip}`);
  return host.family === 4 ? classifyIPv4(host.address) : classifyIPv6(host.address);
}

function classifyIPv4(address: string): AddressVerdict {
  const match = IPV4_LISTS.find(([, list]) => list.check(address, 'ipv4'));
  const category = match ? match[0] : 'public';
  return { address, family: 4, category, allowed: category === 'public' };
}

function classifyIPv6(address: string): AddressVerdict {
  const bytes = ipv6Bytes(address);
  const embedded = embeddedIPv4(bytes);
  if (embedded) {
    const inner = embedded.ipv4.map(classifyIPv4);
    // Teredo carries two addresses; the worst of them decides.
    const verdict = inner.find((v) => !v.allowed) ?? inner[0]!;
    return {
      address,
      family: 6,
      category: verdict.category,
      allowed: verdict.allowed,
      embedded: { kind: embedded.kind, ipv4: verdict.address },
    };
  }
  const match = IPV6_LISTS.find(([, list]) => list.check(address, 'ipv6'));
  let category: AddressCategory = match ? match[0] : 'public';
  if (category === 'public' && !IPV6_GLOBAL_UNICAST.check(address, 'ipv6')) category = 'reserved';
  return { address, family: 6, category, allowed: category === 'public' };
}

/** Expands a canonical (URL-serialised, all-hex) IPv6 address to 16 bytes. */
function ipv6Bytes(address: string): Uint8Array {
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...(tail === undefined ? [] : zeros), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = Number.parseInt(group, 16);
    bytes[2 * i] = value >> 8;
    bytes[2 * i + 1] = value & 0xff;
  });
  return bytes;
}

function dottedQuad(bytes: ArrayLike<number>, invert = false): string {
  return Array.from(bytes, (b) => (invert ? ~b & 0xff : b)).join('.');
}

function embeddedIPv4(b: Uint8Array): { kind: EmbeddingKind; ipv4: string[] } | null {
  const zeroUpTo = (n: number) => b.subarray(0, n).every((x) => x === 0);
  // ::ffff:a.b.c.d: the socket layer connects to a.b.c.d over IPv4.
  if (zeroUpTo(10) && b[10] === 0xff && b[11] === 0xff) {
    return { kind: 'ipv4-mapped', ipv4: [dottedQuad(b.subarray(12))] };
  }
  // 64:ff9b::/96, the well-known NAT64 prefix (RFC 6052).
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && b.subarray(4, 12).every((x) => x === 0)) {
    return { kind: 'nat64', ipv4: [dottedQuad(b.subarray(12))] };
  }
  // 2002:AABB:CCDD::/48, 6to4 (RFC 3056).
  if (b[0] === 0x20 && b[1] === 0x02) return { kind: '6to4', ipv4: [dottedQuad(b.subarray(2, 6))] };
  // 2001:0000:<server v4>:<flags>:<port>:<client v4 inverted> (RFC 4380).
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) {
    return { kind: 'teredo', ipv4: [dottedQuad(b.subarray(4, 8)), dottedQuad(b.subarray(12), true)] };
  }
  return null;
}
