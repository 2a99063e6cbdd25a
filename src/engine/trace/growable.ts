/**
 * Growable typed arrays for the recorders: append-only, grown by 1.5× (less slack than
 * doubling), trimmed once at the end of a run.
 */
export type NumArray =
  | Float64Array
  | Int32Array
  | Uint32Array
  | Int16Array
  | Uint16Array
  | Uint8Array;

type Ctor<T extends NumArray> = { new (n: number): T };

/** A copy of `old` with room for `n` elements (n ≥ old.length). */
export function grown<T extends NumArray>(old: T, n: number): T {
  const next = new (old.constructor as Ctor<T>)(n);
  next.set(old as ArrayLike<number>);
  return next;
}

/** The next capacity after `cap` that holds at least `need` elements. */
export function nextCapacity(cap: number, need: number): number {
  let c = Math.max(cap, 16);
  while (c < need) c = Math.ceil(c * 1.5);
  return c;
}

/**
 * The first `n` elements: a view on the working buffer (no copy, so a long run never holds
 * two copies of its columns; the worker copies what it transfers).
 */
export function trimmed<T extends NumArray>(a: T, n: number): T {
  return a.length === n ? a : (a.subarray(0, n) as T);
}
