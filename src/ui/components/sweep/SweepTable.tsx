import type { AggregateRow, Stat } from '../../sweep/aggregate';
import type { SweepColumn } from '../../sweep/columns';
import type { SweepSpec } from '../../sweep/state';

const fmt = (v: number | null, digits: number) => (v === null ? '—' : v.toFixed(digits));

/** "43.2 ± 2.1": mean ± sample s.d. over the seeds (the mean alone with one seed). */
export function statText(s: Stat, digits: number): string {
  if (s.mean === null) return '—';
  return s.sd === null ? fmt(s.mean, digits) : `${fmt(s.mean, digits)} ± ${fmt(s.sd, digits)}`;
}

/** The published value of `column` in the row whose key is `value`, if the paper has one. */
export function publishedValue(spec: SweepSpec, value: string, column: string): number | null {
  const p = spec.published;
  if (!p) return null;
  const c = p.columns.indexOf(column);
  const row = p.rows.find((r) => r.key === Number(value));
  return c >= 0 && row ? (row.values[c] ?? null) : null;
}

/**
 * The paper's table beside the measured one: one row per swept value, for each column the mean
 * ± s.d. over the seeds finished so far and, under it, the published value (when the preset's
 * table has that row and column).
 */
export function SweepTable(props: {
  spec: SweepSpec;
  rows: AggregateRow[];
  columns: SweepColumn[];
}) {
  const { spec, rows, columns } = props;
  return (
    <div className="sweep-table-wrap" role="region" aria-label="Sweep results" tabIndex={0}>
      <table className="sweep-table" data-testid="sweep-table">
        <caption>
          Mean ± s.d. over the seeds
          {spec.published ? ` · paper: ${spec.published.source} (in italics)` : ''}
        </caption>
        <thead>
          <tr>
            <th scope="col">{spec.key}</th>
            <th scope="col" title="Seeds finished">
              runs
            </th>
            {columns.map((c) => (
              <th key={c.id} scope="col" title={c.help} data-column={c.id}>
                {c.label}
                {c.unit && <span className="sweep-unit"> ({c.unit})</span>}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.value} data-value={r.value} data-runs={r.runs}>
              <th scope="row">{r.value}</th>
              <td>{r.runs}</td>
              {columns.map((c) => {
                const s = r.stats[c.id]!;
                const pub = publishedValue(spec, r.value, c.id);
                return (
                  <td
                    key={c.id}
                    data-column={c.id}
                    data-mean={s.mean ?? ''}
                    data-sd={s.sd ?? ''}
                    data-published={pub ?? ''}
                  >
                    <span className="sweep-measured">{statText(s, c.digits)}</span>
                    {pub !== null && (
                      <span className="sweep-published" title={`${spec.published?.source}`}>
                        {fmt(pub, c.digits)}
                      </span>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
