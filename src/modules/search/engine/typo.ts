/**
 * Typo search: Damerau (optimal string alignment) distance from a query word to the
 * dictionary, walking the sorted term array as an implicit trie. Consecutive terms
 * share prefixes, so the DP rows of the shared prefix are reused; once a row's
 * minimum exceeds the budget, no term with that prefix can match and the walk jumps
 * past all of them with a binary search. This is the sorted-array equivalent of a
 * Levenshtein automaton intersected with a trie, without a trie's memory.
 */
import { MAX_TOKEN_LENGTH } from './normalize.js';
import { lowerBound } from './vocabulary.js';

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
 * Reports every term in sorted[from, to) within `maxTypos` of `query`, as a whole word
 * (`full`) and, when `asPrefix`, the best distance of any of its prefixes (`prefix`).
 * A distance above the budget is reported as Infinity. `report` returns false to stop.
 */
export function fuzzyScan(
  sorted: readonly string[],
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
  const rows = new Int32Array((MAX_TOKEN_LENGTH + 1) * width);
  const prefixMin = new Int32Array(MAX_TOKEN_LENGTH + 1);
  for (let j = 0; j <= m; j++) rows[j] = j;
  prefixMin[0] = m;
  let prev = '';
  let validDepth = 0;
  let i = from;
  while (i < to) {
    if (meter.cells > meter.cellLimit) return;
    meter.terms++;
    const term = sorted[i]!;
    const len = term.length > MAX_TOKEN_LENGTH ? MAX_TOKEN_LENGTH : term.length;
    let shared = 0;
    const limit = Math.min(validDepth, len, prev.length);
    while (shared < limit && term.charCodeAt(shared) === prev.charCodeAt(shared)) shared++;
    let deadAt = -1;
    for (let depth = shared + 1; depth <= len; depth++) {
      const c = term.charCodeAt(depth - 1);
      const base = depth * width;
      const above = base - width;
      rows[base] = depth;
      let rowMin = depth;
      for (let j = 1; j <= m; j++) {
        const qc = query.charCodeAt(j - 1);
        let v = rows[above + j - 1]! + (qc === c ? 0 : 1);
        const deletion = rows[above + j]! + 1;
        if (deletion < v) v = deletion;
        const insertion = rows[base + j - 1]! + 1;
        if (insertion < v) v = insertion;
        // A swap of two neighbouring letters costs one typo (OSA distance).
        if (depth > 1 && j > 1 && qc === term.charCodeAt(depth - 2) && query.charCodeAt(j - 2) === c) {
          const swap = rows[base - 2 * width + j - 2]! + 1;
          if (swap < v) v = swap;
        }
        rows[base + j] = v;
        if (v < rowMin) rowMin = v;
      }
      meter.cells += m;
      const last = rows[base + m]!;
      prefixMin[depth] = last < prefixMin[depth - 1]! ? last : prefixMin[depth - 1]!;
      // Dead: no extension can come within budget, as a word or (if asked) as a prefix.
      if (rowMin > maxTypos && (!asPrefix || prefixMin[depth]! > maxTypos)) {
        deadAt = depth;
        break;
      }
    }
    prev = term;
    if (deadAt >= 0) {
      validDepth = deadAt;
      i = lowerBound(sorted, term.slice(0, deadAt) + '\uffff', i + 1, to);
      continue;
    }
    validDepth = len;
    const full = rows[len * width + m]!;
    const prefix = asPrefix ? prefixMin[len]! : Infinity;
    if (full <= maxTypos || prefix <= maxTypos) {
      if (!report(i, full <= maxTypos ? full : Infinity, prefix <= maxTypos ? prefix : Infinity)) return;
    }
    i++;
  }
}
