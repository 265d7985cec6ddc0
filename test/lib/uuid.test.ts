import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/lib/uuid.js';

describe('uuidv7', () => {
  it('is a version-7, variant-1 UUID whose first 48 bits are the milliseconds', () => {
    const at = Date.UTC(2026, 10, 23, 2, 40, 0, 123);
    const id = uuidv7(at);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('sorts by time: a later millisecond gives a greater id', () => {
    const ids = Array.from({ length: 200 }, (_, i) => uuidv7(1_790_000_000_000 + i * 7));
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(Array.from({ length: 1000 }, () => uuidv7(1)))).toHaveProperty('size', 1000);
  });
});
