import { describe, expect, it } from 'vitest';
import { clientBucket } from '../../../src/modules/ratelimit/client-address.js';

describe('clientBucket', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::FFFF:203.0.113.9', '203.0.113.9'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::203.0.113.9', '64:ff9b:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  ])('%s → %s', (ip, bucket) => {
    expect(clientBucket(ip)).toBe(bucket);
  });

  it('keeps a forged or malformed value short', () => {
    expect(clientBucket('x'.repeat(10_000))).toHaveLength(45);
    expect(clientBucket(`1:2:${'y'.repeat(10_000)}`).length).toBeLessThanOrEqual(45);
    expect(clientBucket('not:an::ip::at:all')).toBe('not:an::ip::at:all');
  });
});
