/**
 * Zipf's law, twice: exact per-rank counts for the data set (rank r gets a share r^-s of the
 * total) and a sampler for the writer's load. Rank 0 is the most popular.
 */

/** The unnormalised weights r^-s for ranks 1..n. */
function weights(n: number, s: number): Float64Array {
  const w = new Float64Array(n);
  for (let r = 0; r < n; r++) w[r] = (r + 1) ** -s;
  return w;
}

/**
 * Splits `total` over `n` ranks by Zipf with exponent `s`, as whole numbers that add up to
 * `total` exactly (largest remainder). No rank gets more than `cap` (the writer's rule "one vote
 * per user and bot" caps a bot at the number of users); what a capped rank cannot take goes to the
 * others in proportion. Throws when `total` does not fit under the cap.
 */
export function zipfCounts(total: number, n: number, s: number, cap = Number.POSITIVE_INFINITY): number[] {
  if (!Number.isInteger(total) || total < 0) throw new Error(`total must be a whole number >= 0, got ${total}`);
  if (n <= 0) {
    if (total > 0) throw new Error('no ranks to spread the total over');
    return [];
  }
  if (total > cap * n) throw new Error(`${total} does not fit in ${n} ranks of at most ${cap}`);
  const w = weights(n, s);
  const counts = new Array<number>(n).fill(0);
  const capped = new Array<boolean>(n).fill(false);
  let left = total;
  // Ranks at the cap are fixed there; the rest is shared again until nothing exceeds the cap.
  for (;;) {
    let sum = 0;
    for (let r = 0; r < n; r++) if (!capped[r]) sum += w[r] as number;
    let over = false;
    for (let r = 0; r < n; r++) {
      if (!capped[r] && ((w[r] as number) / sum) * left > cap) {
        capped[r] = true;
        counts[r] = cap;
        left -= cap;
        over = true;
      }
    }
    if (over) continue;
    const exact = counts.map((_, r) => (capped[r] ? 0 : ((w[r] as number) / sum) * left));
    let given = 0;
    for (let r = 0; r < n; r++) {
      if (capped[r]) continue;
      counts[r] = Math.floor(exact[r] as number);
      given += counts[r] as number;
    }
    const byRemainder = [...counts.keys()]
      .filter((r) => !capped[r])
      .sort((a, b) => (exact[b] as number) - (counts[b] as number) - ((exact[a] as number) - (counts[a] as number)) || a - b);
    for (let i = 0; i < left - given; i++) counts[byRemainder[i] as number] = (counts[byRemainder[i] as number] as number) + 1;
    return counts;
  }
}

/** A function returning a rank in [0, n), rank r with probability proportional to (r+1)^-s. */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  if (n <= 0) throw new Error('zipfSampler needs at least one rank');
  const cdf = weights(n, s);
  for (let r = 1; r < n; r++) cdf[r] = (cdf[r] as number) + (cdf[r - 1] as number);
  const sum = cdf[n - 1] as number;
  return () => {
    const x = random() * sum;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((cdf[mid] as number) > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
}
