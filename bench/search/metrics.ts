/**
 * Graded relevance measures of one ranked result list, as search-graded.README.md defines them.
 * A ranking is given as the grades of its results, best first (0 for a result nobody judged).
 */

/** Discounted cumulative gain of the first k results: Σ (2^grade − 1) / log2(rank + 1). */
export function dcg(grades: readonly number[], k: number): number {
  let sum = 0;
  for (let rank = 1; rank <= Math.min(k, grades.length); rank++) sum += (2 ** grades[rank - 1]! - 1) / Math.log2(rank + 1);
  return sum;
}

/**
 * nDCG@k: the ranking's DCG divided by that of the ideal ranking, which is every judged
 * document's grade sorted descending. A query nobody judged relevant has no ideal to reach: 0.
 */
export function ndcg(grades: readonly number[], judged: readonly number[], k: number): number {
  const ideal = dcg(
    [...judged].sort((a, b) => b - a),
    k,
  );
  return ideal === 0 ? 0 : dcg(grades, k) / ideal;
}

/** P@k: results of grade ≥ 1 among the first k, over k (a list shorter than k misses the rest). */
export function precision(grades: readonly number[], k: number): number {
  return grades.slice(0, k).filter((g) => g >= 1).length / k;
}

/** junk@k: how many of the first k results are of grade 0 (an empty slot is no junk). */
export function junk(grades: readonly number[], k: number): number {
  return grades.slice(0, k).filter((g) => g === 0).length;
}
