/**
 * The day's unique visitors of one bot, estimated with a HyperLogLog sketch of precision 10: 1,024
 * one-byte registers (1 KiB, about 3 % standard error), linear counting below 2.5 × 1,024. Every
 * process keeps one per bot and day; the stored one is their register-wise maximum (repository.ts),
 * so a visitor seen by several processes is counted once. Hand-written: docs/decisions.md says why.
 */
export const SKETCH_PRECISION = 10;
export const SKETCH_BYTES = 1 << SKETCH_PRECISION;

/** Bias correction of the raw estimate for m = 1,024 (Flajolet et al. 2007). */
const ALPHA = 0.7213 / (1 + 1.079 / SKETCH_BYTES);

export type Sketch = Uint8Array;

export function emptySketch(): Sketch {
  return new Uint8Array(SKETCH_BYTES);
}

/**
 * Adds a 64-bit hash given as two 32-bit words: the first 10 bits choose the register, the
 * position of the first 1 in the next 32 bits is its value (at most 33).
 */
export function addHash(sketch: Sketch, high: number, low: number): void {
  const index = high >>> (32 - SKETCH_PRECISION);
  const rest = ((high << SKETCH_PRECISION) | (low >>> (32 - SKETCH_PRECISION))) >>> 0;
  const rank = Math.clz32(rest) + 1;
  if (rank > sketch[index]!) sketch[index] = rank;
}

/** `into` becomes the register-wise maximum of both. */
export function mergeSketch(into: Sketch, other: Uint8Array): void {
  const length = Math.min(into.length, other.length);
  for (let i = 0; i < length; i++) if (other[i]! > into[i]!) into[i] = other[i]!;
}

export function estimate(sketch: Sketch): number {
  let sum = 0;
  let zeros = 0;
  for (let i = 0; i < SKETCH_BYTES; i++) {
    const register = sketch[i]!;
    sum += 2 ** -register;
    if (register === 0) zeros++;
  }
  const raw = (ALPHA * SKETCH_BYTES * SKETCH_BYTES) / sum;
  if (raw <= 2.5 * SKETCH_BYTES && zeros > 0) return Math.round(SKETCH_BYTES * Math.log(SKETCH_BYTES / zeros));
  return Math.round(raw);
}
