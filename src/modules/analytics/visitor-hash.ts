/**
 * A visitor as 64 bits: address and user agent hashed under the day's secret salt. The hash
 * stays in memory; only the sketch register it raises is stored, so a visitor cannot be told
 * from the stored data without that day's salt, which is deleted after its day.
 *
 * A seeded 2 × 32-bit multiply-xor hash with MurmurHash3's finaliser rather than SHA-256: the
 * answer's whole counting budget is 3 µs and one SHA-256 call costs more (docs/decisions.md);
 * nothing here needs more than well-spread bits that depend on the salt.
 */

/** The four 32-bit words of a salt's first 16 bytes. */
export function saltSeed(salt: Uint8Array): Uint32Array {
  const view = new DataView(salt.buffer, salt.byteOffset, salt.byteLength);
  return Uint32Array.of(view.getUint32(0), view.getUint32(4), view.getUint32(8), view.getUint32(12));
}

/** The visitor's two hash words (high, low), written into `out`. */
export function visitorHash(seed: Uint32Array, address: string, agent: string, out: Uint32Array): void {
  let a = seed[0]!;
  let b = seed[1]!;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    a = Math.imul(a ^ c, 0x5bd1e995);
    a ^= a >>> 15;
    b = Math.imul(b ^ c, 0x1b873593);
    b ^= b >>> 13;
  }
  // A separator that no address contains, so "1.2.3.4" + "5x" differs from "1.2.3.45" + "x".
  a = Math.imul(a ^ 0x10000, 0x5bd1e995);
  b = Math.imul(b ^ 0x10000, 0x1b873593);
  for (let i = 0; i < agent.length; i++) {
    const c = agent.charCodeAt(i);
    a = Math.imul(a ^ c, 0x5bd1e995);
    a ^= a >>> 15;
    b = Math.imul(b ^ c, 0x1b873593);
    b ^= b >>> 13;
  }
  out[0] = finalise(a ^ seed[2]! ^ Math.imul(b, 0x9e3779b1));
  out[1] = finalise(b ^ seed[3]!);
}

/** MurmurHash3's fmix32: every input bit changes about half the output bits. */
function finalise(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}
