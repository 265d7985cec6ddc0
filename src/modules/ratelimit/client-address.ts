/** The longest textual IP address (IPv6 with an IPv4 tail). */
const MAX_ADDRESS_LENGTH = 45;

/**
 * The part of a client address that identifies one caller for counting:
 * - IPv4 as is (an IPv4-mapped IPv6 address `::ffff:a.b.c.d` counts as `a.b.c.d`);
 * - IPv6 by its /64 network, since one host usually holds a whole /64 and could otherwise
 *   pick a fresh address for every request;
 * - anything else (a forged X-Forwarded-For when every proxy hop is trusted) cut to 45
 *   characters, so a header cannot make a bucket key large.
 */
export function clientBucket(ip: string): string {
  if (ip.indexOf(':') === -1) return ip.length > MAX_ADDRESS_LENGTH ? ip.slice(0, MAX_ADDRESS_LENGTH) : ip;
  // Room for a zone id (`fe80::1%eth0`), which the /64 below drops.
  if (ip.length > MAX_ADDRESS_LENGTH + 16) return ip.slice(0, MAX_ADDRESS_LENGTH);
  const lower = ip.toLowerCase();
  if (lower.startsWith('::ffff:') && lower.indexOf('.') !== -1) return lower.slice(7);
  const prefix = ipv6Prefix64(lower);
  return prefix ?? lower.slice(0, MAX_ADDRESS_LENGTH);
}

/** `2001:db8:1:2::/64` style network of an IPv6 address, or undefined when it is not one. */
function ipv6Prefix64(ip: string): string | undefined {
  const zone = ip.indexOf('%');
  const address = zone === -1 ? ip : ip.slice(0, zone);
  const gap = address.indexOf('::');
  let groups: string[];
  if (gap === -1) {
    groups = address.split(':');
  } else {
    if (address.indexOf('::', gap + 1) !== -1) return undefined;
    const head = gap === 0 ? [] : address.slice(0, gap).split(':');
    const tail = gap + 2 === address.length ? [] : address.slice(gap + 2).split(':');
    // An IPv4 tail (a.b.c.d) fills two groups.
    const tailGroups = tail.length + (tail.length > 0 && tail[tail.length - 1]!.includes('.') ? 1 : 0);
    const missing = 8 - head.length - tailGroups;
    if (missing < 1) return undefined;
    groups = head.concat(new Array<string>(missing).fill('0'), tail);
  }
  if (groups.length < 4) return undefined;
  const network: string[] = [];
  for (let i = 0; i < 4; i++) {
    const group = groups[i]!;
    if (!/^[0-9a-f]{1,4}$/.test(group)) return undefined;
    network.push(parseInt(group, 16).toString(16));
  }
  return `${network.join(':')}::/64`;
}
