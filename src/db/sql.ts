/** SQL fragments that several repositories share. */

/** A timestamp as whole microseconds since the epoch (exact in a double until the year 2255). */
export function micros(column: string): string {
  return `(extract(epoch from ${column}) * 1000000)::bigint`;
}
