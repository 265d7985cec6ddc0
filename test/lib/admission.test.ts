import { describe, expect, it } from 'vitest';
import { Admission } from '../../src/lib/admission.js';

describe('Admission', () => {
  it('admits a key the second time it is offered, and every time after', () => {
    const admission = new Admission(10);
    expect(admission.seenBefore('a')).toBe(false);
    expect(admission.seenBefore('b')).toBe(false);
    expect(admission.seenBefore('a')).toBe(true);
    expect(admission.seenBefore('a')).toBe(true);
    expect(admission.seenBefore('b')).toBe(true);
  });

  it('remembers a bounded number of keys: when full, it starts again from nothing', () => {
    const admission = new Admission(3);
    for (const key of ['a', 'b', 'c']) expect(admission.seenBefore(key)).toBe(false);
    expect(admission.seenBefore('c')).toBe(true);
    expect(admission.seenBefore('d')).toBe(false);
    for (const key of ['a', 'b', 'c']) expect(admission.seenBefore(key)).toBe(false);
    const seen = (admission as unknown as { seen: Set<string> }).seen;
    expect(seen.size).toBeLessThanOrEqual(3);
  });
});
