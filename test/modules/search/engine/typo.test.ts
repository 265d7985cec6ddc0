import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../../scripts/random.js';
import { fuzzyScan, typoBudget } from '../../../../src/modules/search/engine/typo.js';
import { doc, indexOf, names } from './helpers.js';

/** Reference optimal-string-alignment distance. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

describe('typo budget', () => {
  it('follows Meilisearch: 0 below 5 letters, 1 from 5, 2 from 9', () => {
    expect(typoBudget('abcd')).toBe(0);
    expect(typoBudget('abcde')).toBe(1);
    expect(typoBudget('abcdefgh')).toBe(1);
    expect(typoBudget('abcdefghi')).toBe(2);
  });

  it('applies at the edges: 4/5 and 8/9 letters', () => {
    // A trailing space ends the last word, so no prefix matching muddles the edges.
    const index = indexOf(doc({ name: 'Bank' }), doc({ name: 'Bingo' }), doc({ name: 'Kalender' }), doc({ name: 'Datenbank' }));
    expect(names(index, 'Bsnk ')).toEqual(['Bank']); // 4 letters: one substituted letter, as nothing matches as typed
    expect(names(index, 'Bxnx ')).toEqual([]); // 4 letters: not two
    expect(names(index, 'Bimgo ')).toEqual(['Bingo']); // 5 letters: one typo
    expect(names(index, 'Bimgu ')).toEqual([]); // 5 letters: not two
    expect(names(index, 'Kalendxr ')).toEqual(['Kalender']); // 8 letters: one
    expect(names(index, 'Kxlendxr ')).toEqual([]); // 8 letters: not two
    expect(names(index, 'Dxtenbxnk ')).toEqual(['Datenbank']); // 9 letters: two
  });

  it('counts a transposition as one typo and a first-letter typo as two', () => {
    const index = indexOf(doc({ name: 'Hausmeister' }), doc({ name: 'Melody' }));
    expect(names(index, 'Hausmiester ')).toEqual(['Hausmeister']);
    expect(names(index, 'Emlody ')).toEqual([]); // 6 letters: a first-letter swap costs 2
    expect(names(index, 'Gausmeister ')).toEqual(['Hausmeister']); // 11 letters: allowed
  });

  it('finds exactly the terms a brute-force OSA distance finds, as words and as prefixes', () => {
    const random = seededRandom(3);
    const word = (n: number): string => Array.from({ length: n }, () => 'abcde'[Math.floor(random() * 5)]).join('');
    for (let round = 0; round < 100; round++) {
      const dict = [...new Set(Array.from({ length: 150 }, () => word(1 + Math.floor(random() * 8))))].sort();
      const shared = new Uint8Array(dict.length);
      for (let i = 1; i < dict.length; i++) {
        let k = 0;
        while (dict[i - 1]![k] !== undefined && dict[i - 1]![k] === dict[i]![k]) k++;
        shared[i] = k;
      }
      const q = word(1 + Math.floor(random() * 7));
      for (const k of [1, 2]) {
        for (const asPrefix of [false, true]) {
          const got = new Map<string, [number, number]>();
          const meter = { cells: 0, terms: 0, cellLimit: Infinity };
          fuzzyScan(dict, shared, q, k, asPrefix, 0, dict.length, meter, (i, full, prefix) => {
            got.set(dict[i]!, [full, prefix]);
            return true;
          });
          for (const t of dict) {
            const full = osa(q, t);
            let pre = Infinity;
            if (asPrefix) for (let l = 0; l <= t.length; l++) pre = Math.min(pre, osa(q, t.slice(0, l)));
            const expected: [number, number] = [full <= k ? full : Infinity, pre <= k ? pre : Infinity];
            if (expected[0] === Infinity && expected[1] === Infinity) expect(got.has(t)).toBe(false);
            else expect(got.get(t)).toEqual(expected);
          }
        }
      }
    }
  });
});
