/**
 * Typo search: Damerau (optimal string alignment) distance from a query word to the
 * dictionary, walking the sorted term array as an implicit trie. Consecutive terms
 * share prefixes, so the DP rows of the shared prefix are reused; once a row's
 * minimum exceeds the budget, no term with that prefix can match and the walk jumps
 * past all of them with a binary search. This is the sorted-array equivalent of a
 * Levenshtein automaton intersected with a trie, without a trie's memory.
 */
import { MAX_TOKEN_LENGTH } from './normalize.js';
import { gallopTo } from './vocabulary.js';

/** Typo budget per query word, as Meilisearch: 0 below 5 letters, 1 from 5, 2 from 9. */
export function typoBudget(word: string): number {
  const letters = [...word].length;
  return letters >= 9 ? 2 : letters >= 5 ? 1 : 0;
}

/** Words longer than this get no typo search: the budget is meaningless there. */
export const MAX_TYPO_WORD_LENGTH = 32;

export interface WorkMeter {
  cells: number;
  terms: number;
  /** Cells allowed before the scan gives up (keeps pathological queries cheap). */
  cellLimit: number;
}

/**
 * `shared[i]` is the common prefix length of sorted[i - 1] and sorted[i].
 * Reports every term in sorted[from, to) within `maxTypos` of `query`, as a whole word
 * (`full`) and, when `asPrefix`, the best distance of any of its prefixes (`prefix`).
 * A distance above the budget is reported as Infinity. `report` returns false to stop.
 */
export function fuzzyScan(
  sorted: readonly string[],
  shared: Uint8Array,
  query: string,
  maxTypos: number,
  asPrefix: boolean,
  from: number,
  to: number,
  meter: WorkMeter,
  report: (sortedIndex: number, full: number, prefix: number) => boolean,
): void {
  const m = query.length;
  const width = m + 1;
  // Cells farther than the budget from the diagonal can only hold distances above
  // it, so each row computes a band of 2 * maxTypos + 1 cells; OUT marks the band's
  // borders so that stale values of earlier terms are never read.
  const OUT = maxTypos + 1;
  const codes = new Int32Array(m);
  for (let j = 0; j < m; j++) codes[j] = query.charCodeAt(j);
  const rows = new Int32Array((MAX_TOKEN_LENGTH + 1) * width);
  const prefixMin = new Int32Array(MAX_TOKEN_LENGTH + 1);
  for (let j = 0; j <= m; j++) rows[j] = j;
  prefixMin[0] = m;
  // Rows 0..validDepth hold the DP of the current term's first validDepth letters;
  // `common` is how many of them the next term shares.
  let validDepth = 0;
  let common = 0;
  let i = from;
  while (i < to) {
    if (meter.cells > meter.cellLimit) return;
    meter.terms++;
    const term = sorted[i]!;
    const len = term.length > MAX_TOKEN_LENGTH ? MAX_TOKEN_LENGTH : term.length;
    const reuse = Math.min(common, validDepth, len);
    let deadAt = -1;
    for (let depth = reuse + 1; depth <= len; depth++) {
      const c = term.charCodeAt(depth - 1);
      const before = depth > 1 ? term.charCodeAt(depth - 2) : -1;
      const base = depth * width;
      const above = base - width;
      const lo = depth - maxTypos > 0 ? depth - maxTypos : 0;
      const hi = depth + maxTypos < m ? depth + maxTypos : m;
      if (lo > 0) rows[base + lo - 1] = OUT;
      if (hi < m) rows[base + hi + 1] = OUT;
      let rowMin = OUT;
      for (let j = lo; j <= hi; j++) {
        let v: number;
        if (j === 0) {
          v = depth;
        } else {
          const qc = codes[j - 1]!;
          v = rows[above + j - 1]! + (qc === c ? 0 : 1);
          const deletion = rows[above + j]! + 1;
          if (deletion < v) v = deletion;
          if (j > lo) {
            const insertion = rows[base + j - 1]! + 1;
            if (insertion < v) v = insertion;
          }
          // A swap of two neighbouring letters costs one typo (OSA distance).
          if (j > 1 && qc === before && codes[j - 2] === c) {
            const swap = rows[above - width + j - 2]! + 1;
            if (swap < v) v = swap;
          }
        }
        rows[base + j] = v;
        if (v < rowMin) rowMin = v;
      }
      if (hi >= lo) meter.cells += hi - lo + 1;
      const last = m >= lo && m <= hi ? rows[base + m]! : OUT;
      prefixMin[depth] = last < prefixMin[depth - 1]! ? last : prefixMin[depth - 1]!;
      // Dead: no extension can come within budget, as a word or (if asked) as a prefix.
      if (rowMin > maxTypos && (!asPrefix || prefixMin[depth]! > maxTypos)) {
        deadAt = depth;
        break;
      }
    }
    if (deadAt >= 0) {
      // Skip every following term that shares the dead prefix: a short forward walk
      // over the shared-prefix lengths, or a search for long runs.
      validDepth = deadAt;
      let next = i + 1;
      let steps = 0;
      while (next < to && shared[next]! >= deadAt && steps < 64) {
        next++;
        steps++;
      }
      if (next < to && shared[next]! >= deadAt) next = gallopTo(sorted, term.slice(0, deadAt) + '\uffff', next, to);
      // Every term in (i, next) starts with the dead prefix and sorted[next] does not, so
      // its common prefix with this term is the one it shares with its predecessor.
      common = next < to ? shared[next]! : 0;
      i = next;
      continue;
    }
    validDepth = len;
    const full = Math.abs(len - m) <= maxTypos ? rows[len * width + m]! : OUT;
    const prefix = asPrefix ? prefixMin[len]! : Infinity;
    if (full <= maxTypos || prefix <= maxTypos) {
      if (!report(i, full <= maxTypos ? full : Infinity, prefix <= maxTypos ? prefix : Infinity)) return;
    }
    i++;
    common = i < to ? shared[i]! : 0;
  }
}
