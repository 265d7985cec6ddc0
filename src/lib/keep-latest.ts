/**
 * Sets `key` to `value` as the newest entry of a map whose entries expire in the order they were
 * set (each lives the same time), after dropping the expired ones at its front and the oldest
 * beyond `max`. The map then holds what can still answer, not every key ever seen; the work is one
 * look at the front per set, plus one per entry dropped.
 */
export function keepLatest<V>(map: Map<string, V>, key: string, value: V, max: number, expired: (value: V) => boolean): void {
  for (const [oldest, held] of map) {
    if (!expired(held) && map.size < max) break;
    map.delete(oldest);
  }
  // A key set again moves to the back: Map keeps a key's first place when it is only overwritten.
  map.delete(key);
  map.set(key, value);
}
