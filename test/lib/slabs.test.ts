import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Slab, Slabs, type Placed } from '../../src/lib/slabs.js';

function tenant(): Placed {
  return { slab: new Slab(Buffer.alloc(0)), slot: 0, bytes: Buffer.alloc(0) };
}

/** A tenant's bytes, checked to lie in its slab. */
const bytesOf = (t: Placed): string => {
  expect(t.bytes.buffer).toBe(t.slab.bytes.buffer);
  return t.bytes.toString('utf8');
};

describe('Slabs', () => {
  it('keep every tenant’s bytes through replacements and compactions, and hold at most about twice the bytes in use', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(30), fc.string({ unit: 'grapheme', maxLength: 20 })), { minLength: 100, maxLength: 600 }),
        (steps) => {
          const slabBytes = 1024;
          const slabs = new Slabs(slabBytes);
          const held = new Map<number, { t: Placed; text: string }>();
          for (const [step, [key, text]] of steps.entries()) {
            const t = tenant();
            slabs.place(t, text);
            const previous = held.get(key);
            held.set(key, { t, text });
            if (previous) slabs.release(previous.t);
            if (step % 10 === 0) for (const { t: one, text: expected } of held.values()) expect(bytesOf(one)).toBe(expected);
          }
          for (const { t: one, text: expected } of held.values()) expect(bytesOf(one)).toBe(expected);
          const inUse = [...held.values()].reduce((sum, { t }) => sum + t.bytes.length, 0);
          const slabsHeld = new Set([...held.values()].map(({ t }) => t.slab));
          const bytesHeld = [...slabsHeld].reduce((sum, slab) => sum + slab.bytes.length, 0);
          // Each slab but the current one is at least half in use (its unfilled tail is less than an
          // eighth of it); a large text has a slab of its own size.
          expect(bytesHeld).toBeLessThanOrEqual(2.5 * inUse + slabBytes);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('leave a slab at least half in use where it is', () => {
    const slabs = new Slabs(100);
    const a = tenant();
    const b = tenant();
    const c = tenant();
    slabs.place(a, 'a'.repeat(10));
    slabs.place(b, 'b'.repeat(10));
    slabs.place(c, 'c'.repeat(10));
    const first = a.slab;
    for (let i = 0; i < 7; i++) slabs.place(tenant(), 'x'.repeat(10)); // fills the first slab
    const filler = tenant();
    slabs.place(filler, 'y'.repeat(10)); // a second slab begins
    expect(filler.slab).not.toBe(first);
    slabs.release(b);
    slabs.release(c);
    expect(a.slab).toBe(first); // still 80 of 100 bytes in use
    expect(first.live).toBe(80);
  });

  it('compact a slab once less than half of it is in use', () => {
    const slabs = new Slabs(100);
    const tenants = Array.from({ length: 10 }, () => tenant());
    for (const [n, t] of tenants.entries()) slabs.place(t, String(n).repeat(10));
    const first = tenants[0]!.slab;
    slabs.place(tenant(), 'z'.repeat(10)); // the first slab is full: a second is current
    const view = tenants[9]!.bytes;
    for (const t of tenants.slice(0, 6)) slabs.release(t);
    expect(first.tenants.filter(Boolean)).toHaveLength(0);
    for (const [n, t] of tenants.slice(6).entries()) {
      expect(t.slab).not.toBe(first);
      expect(bytesOf(t)).toBe(String(n + 6).repeat(10));
    }
    expect(view.toString()).toBe('9'.repeat(10));
  });

  it('give a text larger than an eighth of a slab a slab of its own, dropped with it', () => {
    const slabs = new Slabs(80);
    const small = tenant();
    const large = tenant();
    slabs.place(small, 'ab');
    slabs.place(large, 'é'.repeat(20));
    expect(large.slab).not.toBe(small.slab);
    expect(large.slab.bytes.length).toBe(40);
    expect(bytesOf(large)).toBe('é'.repeat(20));
    slabs.release(large);
    expect(large.slab.live).toBe(0);
    expect(bytesOf(small)).toBe('ab');
  });

  it('ignore a tenant released twice', () => {
    const slabs = new Slabs(100);
    const a = tenant();
    const b = tenant();
    slabs.place(a, 'aaaa');
    slabs.place(b, 'bbbb');
    slabs.release(a);
    slabs.release(a);
    expect(a.slab.live).toBe(4);
    expect(bytesOf(b)).toBe('bbbb');
  });
});
