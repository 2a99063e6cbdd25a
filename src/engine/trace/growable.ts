/**
 * Growable typed arrays for the recorders: append-only, grown by 1.5× (less slack than
 * doubling), trimmed once at the end of a run.
 */
export type NumArray =
  Float64Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Uint8Array;

/** A typed-array constructor. */
export type Ctor<T extends NumArray> = { new (n: number): T };

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

/** The typed-array constructors of a column table, one per column name. */
export type ColumnSpec = Record<string, Ctor<NumArray>>;
/** The columns a spec describes, each of its constructor's type. */
export type ColumnsOf<S extends ColumnSpec> = { [K in keyof S]: InstanceType<S[K]> };

/**
 * An append-only table of typed-array columns (the sparse tables of a trace: path events,
 * deliveries): rows are added one at a time, the columns grow by 1.5×, and `columns()` returns
 * views trimmed to the rows added plus `length`.
 */
export class ColumnTable<S extends ColumnSpec> {
  private n = 0;
  private cap = 0;
  private cols: ColumnsOf<S>;

  constructor(private readonly spec: S) {
    this.cols = this.make(0);
  }

  private make(n: number): ColumnsOf<S> {
    const out = {} as Record<string, NumArray>;
    for (const k of Object.keys(this.spec)) out[k] = new this.spec[k]!(n);
    return out as ColumnsOf<S>;
  }

  /** Append one row: a number for every column. */
  add(row: { [K in keyof S]: number }): void {
    if (this.n === this.cap) {
      this.cap = nextCapacity(this.cap, this.n + 1);
      const out = {} as Record<string, NumArray>;
      for (const k of Object.keys(this.spec)) out[k] = grown(this.cols[k]!, this.cap);
      this.cols = out as ColumnsOf<S>;
    }
    const i = this.n++;
    for (const k of Object.keys(this.spec)) (this.cols[k] as NumArray)[i] = row[k]!;
  }

  columns(): ColumnsOf<S> & { length: number } {
    const out = { length: this.n } as Record<string, unknown>;
    for (const k of Object.keys(this.spec)) out[k] = trimmed(this.cols[k] as NumArray, this.n);
    return out as ColumnsOf<S> & { length: number };
  }

  /** An empty table's columns. */
  static empty<S extends ColumnSpec>(spec: S): ColumnsOf<S> & { length: number } {
    return new ColumnTable(spec).columns();
  }
}
