import { describe, expect, it } from 'vitest';
import { etagOf } from '../../../src/lib/read-cache.js';
import { SingleBodies, type EncodableBot } from '../../../src/modules/bots/single-bodies.js';

function entry(id: string, json: string): EncodableBot {
  return { id, json };
}

describe('SingleBodies', () => {
  it('answers {data: bot} as UTF-8 bytes with the ETag of those bytes, once per catalog entry', () => {
    const bodies = new SingleBodies();
    const bot = entry('1', '{"name":"Grüße ✓"}');
    const first = bodies.of(bot);
    expect(first.body.toString('utf8')).toBe('{"data":{"name":"Grüße ✓"}}');
    expect(first.etag).toBe(etagOf('{"data":{"name":"Grüße ✓"}}'));
    expect(bodies.of(bot)).toBe(first);
  });

  it('encodes a changed bot (a new catalog entry) again', () => {
    const bodies = new SingleBodies();
    const before = bodies.of(entry('1', '{"v":1}'));
    const after = bodies.of(entry('1', '{"v":2}'));
    expect(after.body.toString()).toBe('{"data":{"v":2}}');
    expect(after.etag).not.toBe(before.etag);
  });

  it('keeps at most its bytes of answers, dropping the oldest', () => {
    const bodies = new SingleBodies(16 * 1024);
    const big = (id: string) => entry(id, JSON.stringify({ id, pad: 'x'.repeat(1024) }));
    const entries = Array.from({ length: 20 }, (_, i) => big(String(i)));
    const first = entries.map((e) => bodies.of(e));
    // The newest are still held (the same object), the oldest were encoded again.
    expect(bodies.of(entries[19] as EncodableBot)).toBe(first[19]);
    expect(bodies.of(entries[0] as EncodableBot)).not.toBe(first[0]);
  });
});
