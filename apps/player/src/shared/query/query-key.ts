// Query keys as TanStack Query treats them: equal by structure, not by reference (so a key built
// afresh on every render finds the same entry), matched by prefix when invalidating, and data
// answered anew kept by reference where it did not change (so a poll that brings the same list
// re-renders nothing and effects that depend on it do not run again).

/** An array naming what a query holds, from the general to the particular: ['player', 'logs', 2]. */
export type QueryKey = readonly unknown[];

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (Object.prototype.toString.call(value) !== '[object Object]') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype;
}

function isPlainArray(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length === Object.keys(value).length;
}

/** The key as stable JSON: an object's properties sorted, so { a, b } and { b, a } are one key. */
export function hashKey(queryKey: QueryKey): string {
  return JSON.stringify(queryKey, (_, value: unknown) =>
    isPlainObject(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, value[key]]),
        )
      : value,
  );
}

/**
 * Whether `key` starts with `prefix`: each element of the prefix equal, an object in it matching
 * when the key's object has at least its properties. ['player'] matches ['player', 'logs', 2].
 */
export function partialMatchKey(key: unknown, prefix: unknown): boolean {
  if (key === prefix) return true;
  if (typeof key !== typeof prefix || !key || !prefix || typeof key !== 'object') return false;
  const whole = key as Record<string, unknown>;
  const part = prefix as Record<string, unknown>;
  if (Array.isArray(whole) && Array.isArray(part) && part.length > whole.length) return false;
  return Object.keys(part).every((name) => partialMatchKey(whole[name], part[name]));
}

/**
 * `next`, with every part deeply equal to `previous`'s part taken from `previous` (TanStack's
 * structural sharing): the whole of `previous` when nothing changed.
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const arrays = isPlainArray(previous) && isPlainArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const keys = Object.keys(after);
  const copy = (arrays ? [] : {}) as Record<string, unknown>;
  let same = keys.length === Object.keys(before).length;
  for (const key of keys) {
    const value = replaceEqualDeep(before[key], after[key]);
    copy[key] = value;
    if (value !== before[key] || !Object.hasOwn(before, key)) same = false;
  }
  return (same ? previous : copy) as T;
}
