/**
 * Platform IDs and deterministic randomness, in JavaScript and as SQL expressions, so that the
 * rows generated in the database and the values the bench computes agree.
 */

/** Discord's epoch: snowflakes count milliseconds from 2015-01-01. */
const PLATFORM_EPOCH_MS = 1_420_070_400_000n;
const LOW_BITS = 22n;
const LOW_MASK = (1n << LOW_BITS) - 1n;
/** Users' accounts were made between 2016-01-01 and 2025-06-01. */
const USERS_FROM_MS = 1_451_606_400_000;
const USERS_SPAN_MS = 1_748_736_000_000 - USERS_FROM_MS;

/** A snowflake for a moment and a low part (worker, process, increment): 17 to 19 digits. */
export function snowflake(ms: number, low: number): string {
  return String(((BigInt(Math.floor(ms)) - PLATFORM_EPOCH_MS) << LOW_BITS) | (BigInt(low) & LOW_MASK));
}

/**
 * SQL: a uniform number in [0, 1) from a hash of `key` (an SQL integer expression) under `salt`:
 * the same key, salt and seed give the same number on every run and on both databases.
 */
export function sqlRandom(key: string, salt: number, seed: number): string {
  return `((hashint8extended((${key})::int8, ${seed * 1000 + salt}) & 2147483647)::float8 / 2147483648.0)`;
}

/**
 * SQL: the user ID of user number `u` (0 <= u < users) as text. The low 22 bits hold u modulo 2^22
 * and the timestamp's residue modulo `stride` the rest of u, so distinct users never share an ID.
 */
export function sqlUserId(u: string, users: number, seed: number, salt = 0): string {
  const stride = Math.max(1, Math.ceil(users / 2 ** 22));
  const slots = Math.floor(USERS_SPAN_MS / stride);
  const ms = `(${USERS_FROM_MS}::int8 + floor(${sqlRandom(u, 900 + salt, seed)} * ${slots})::int8 * ${stride} + (${u}) / 4194304)`;
  return `(((${ms} - ${PLATFORM_EPOCH_MS}) << 22) | ((${u}) % 4194304))::text`;
}

/**
 * SQL: a bijection of [0, n) that scatters neighbours (u -> u * p mod n for a prime p not dividing
 * n), so "the next k users" of a bot are spread over the whole user base.
 */
export function sqlScatter(u: string, n: number): string {
  return `(((${u})::int8 * ${coprimeStep(n)}) % ${n})`;
}

function coprimeStep(n: number): number {
  const primes = [999_983, 1_000_003, 1_299_709, 15_485_863];
  const p = primes.find((q) => n % q !== 0);
  if (p === undefined) throw new Error(`no scatter step for ${n}`);
  return p;
}
