import { describe, expect, it } from 'vitest';
import { heapGrowthFlag } from '../src/server.js';

describe('the V8 heap growth the server sets for itself', () => {
  it('bounds the heap growth between full collections when node was given no such flag', () => {
    expect(heapGrowthFlag([])).toBe('--heap-growing-percent=30');
    expect(heapGrowthFlag(['--enable-source-maps', '--max-old-space-size=2048'])).toBe('--heap-growing-percent=30');
  });

  it("leaves the operator's own flag alone, in either spelling", () => {
    expect(heapGrowthFlag(['--heap-growing-percent=80'])).toBeUndefined();
    expect(heapGrowthFlag(['--enable-source-maps', '--heap_growing_percent=10'])).toBeUndefined();
  });
});
