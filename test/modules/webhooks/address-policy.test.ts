import { describe, expect, it } from 'vitest';
import { canonicalHost, classifyAddress } from '../../../src/modules/webhooks/endpoints/address-policy.js';

describe('classifyAddress refuses every non-public IPv4 range', () => {
  it.each([
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.1.1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['169.254.169.254', 'metadata'],
    ['100.100.100.200', 'metadata'],
  ])('%s is %s', (ip, category) => {
    expect(classifyAddress(ip)).toMatchObject({ family: 4, category, allowed: false });
  });
});

describe('classifyAddress refuses every non-public IPv6 range', () => {
  it.each([
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fec0::1', 'private'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['ff0e::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2001:2::1', 'benchmarking'],
    ['fd00:ec2::254', 'metadata'],
    ['100::1', 'reserved'],
    ['::7f00:1', 'reserved'], // IPv4-compatible, deprecated
    ['::127.0.0.1', 'reserved'],
    ['4000::1', 'reserved'], // outside 2000::/3
    ['[::1]', 'loopback'], // as written in a URL
  ])('%s is %s', (ip, category) => {
    expect(classifyAddress(ip)).toMatchObject({ family: 6, category, allowed: false });
  });
});

describe('IPv6 forms that carry an IPv4 address are judged by that address', () => {
  it.each([
    ['::ffff:127.0.0.1', 'ipv4-mapped', '127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'ipv4-mapped', '127.0.0.1', 'loopback'],
    ['::ffff:a9fe:a9fe', 'ipv4-mapped', '169.254.169.254', 'metadata'],
    ['::ffff:0.0.0.0', 'ipv4-mapped', '0.0.0.0', 'unspecified'],
    ['64:ff9b::10.0.0.1', 'nat64', '10.0.0.1', 'private'],
    ['64:ff9b::7f00:1', 'nat64', '127.0.0.1', 'loopback'],
    ['2002:c0a8:0101::1', '6to4', '192.168.1.1', 'private'],
    ['2002:7f00:1::', '6to4', '127.0.0.1', 'loopback'],
    // Teredo: client address 10.0.0.1 stored inverted in the last 32 bits.
    ['2001:0:4136:e378:8000:63bf:f5ff:fffe', 'teredo', '10.0.0.1', 'private'],
  ])('%s (%s of %s) is %s', (ip, kind, ipv4, category) => {
    expect(classifyAddress(ip)).toMatchObject({ family: 6, category, allowed: false, embedded: { kind, ipv4 } });
  });

  it('lets through an embedding of a public IPv4 address', () => {
    expect(classifyAddress('::ffff:8.8.8.8')).toMatchObject({ allowed: true, embedded: { kind: 'ipv4-mapped' } });
    expect(classifyAddress('64:ff9b::1.1.1.1')).toMatchObject({ allowed: true, embedded: { kind: 'nat64' } });
    expect(classifyAddress('2002:0808:0808::1')).toMatchObject({ allowed: true, embedded: { kind: '6to4' } });
  });
});

describe('public addresses pass', () => {
  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
  ])('%s', (ip) => {
    expect(classifyAddress(ip)).toMatchObject({ category: 'public', allowed: true });
  });
});

describe('odd spellings are normalised through the URL parser first', () => {
  it.each([
    ['http://0x7f000001', '127.0.0.1'],
    ['http://2130706433', '127.0.0.1'],
    ['http://127.1', '127.0.0.1'],
    ['http://0177.0.0.1', '127.0.0.1'],
    ['http://0x7f.0.0.1', '127.0.0.1'],
    ['http://[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['http://[0:0:0:0:0:ffff:7f00:0001]', '::ffff:7f00:1'],
  ])('%s names %s and is refused', (url, address) => {
    const verdict = classifyAddress(new URL(url).hostname);
    expect(verdict).toMatchObject({ address, allowed: false });
  });

  it('canonicalHost tells names from IPs', () => {
    expect(canonicalHost('Example.COM')).toEqual({ kind: 'name', name: 'example.com' });
    expect(canonicalHost('0x7f000001')).toEqual({ kind: 'ip', address: '127.0.0.1', family: 4 });
    expect(canonicalHost('[::1]')).toEqual({ kind: 'ip', address: '::1', family: 6 });
    expect(canonicalHost('bad host')).toBeNull();
  });

  it('classifyAddress rejects a name', () => {
    expect(() => classifyAddress('example.com')).toThrow(TypeError);
  });
});
