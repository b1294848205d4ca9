/**
 * A Map used as a least-recently-used cache: a Map iterates in insertion order, so the entry
 * touched last is moved to the end and the first key is the one to drop.
 */

/** The value kept for `key`, marked as the most recently used; undefined when there is none. */
export function lruGet<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}

/** Keeps `value` for `key` as the most recently used, dropping the least recently used beyond `size`. */
export function lruSet<K, V>(map: Map<K, V>, key: K, value: V, size: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= size) break;
    map.delete(oldest);
  }
}
