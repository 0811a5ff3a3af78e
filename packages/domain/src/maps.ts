/**
 * The value kept under `key`, made by `make` and kept on first use: the caches that work a value out
 * once per object (a bank, a snapshot, a database) and key (an edition, a member). It is the TC39
 * "upsert" proposal's Map.prototype.getOrInsertComputed, written here until Node and the browsers we
 * support ship it.
 */
export function getOrInsertComputed<K, V>(map: Map<K, V>, key: K, make: (key: K) => V): V;
export function getOrInsertComputed<K extends WeakKey, V>(map: WeakMap<K, V>, key: K, make: (key: K) => V): V;
export function getOrInsertComputed<K extends WeakKey, V>(
  map: Map<K, V> | WeakMap<K, V>,
  key: K,
  make: (key: K) => V,
): V {
  if (map.has(key)) return map.get(key) as V;
  const value = make(key);
  map.set(key, value);
  return value;
}
