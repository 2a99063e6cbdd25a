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
 * views trimmed to the rows added plus `length`. The column names are read once: a row is
 * written column by column through arrays in the spec's key order (a name list made per row and
 * each column looked up by name cost a tenth of a Wi-Fi run when its MAC rows were kept here;
 * a table as busy as those writes its columns by name, as mac-rows.ts does).
 */
export class ColumnTable<S extends ColumnSpec> {
  private n = 0;
  private cap = 0;
  /** The spec's column names, in its key order. */
  private readonly keys: readonly (keyof S & string)[];
  /** The working buffers, one per name in `keys`. */
  private cols: NumArray[];

  constructor(spec: S) {
    this.keys = Object.keys(spec) as (keyof S & string)[];
    this.cols = this.keys.map((k) => new spec[k]!(0));
  }

  /** Append one row: a number for every column. */
  add(row: { [K in keyof S]: number }): void {
    const keys = this.keys;
    const cols = this.cols;
    if (this.n === this.cap) {
      this.cap = nextCapacity(this.cap, this.n + 1);
      for (let j = 0; j < cols.length; j++) cols[j] = grown(cols[j]!, this.cap);
    }
    const i = this.n++;
    for (let j = 0; j < keys.length; j++) cols[j]![i] = row[keys[j]!];
  }

  columns(): ColumnsOf<S> & { length: number } {
    const out = { length: this.n } as Record<string, unknown>;
    for (let j = 0; j < this.keys.length; j++) out[this.keys[j]!] = trimmed(this.cols[j]!, this.n);
    return out as ColumnsOf<S> & { length: number };
  }

  /** An empty table's columns. */
  static empty<S extends ColumnSpec>(spec: S): ColumnsOf<S> & { length: number } {
    return new ColumnTable(spec).columns();
  }
}
