/**
 * The metric columns as text, from the registry (columns.ts): the CLI's `--out metrics` help
 * section (plain text, 100 columns) and the README's column table (Markdown, between marker
 * comments; `npm run readme:metrics` writes it, tests/metrics/columns-docs.test.ts fails when the
 * README is stale). Pure.
 */
import { METRIC_COLUMN_DEFS, type MetricColumnDef } from './columns';

const ID_WIDTH = 20;

/** Greedy word wrap of `text` into lines of at most `width` characters (a longer word stands alone). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line === '') line = word;
    else if (line.length + 1 + word.length <= width) line += ` ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The run-scope column ids, in row order, as an English list: 'a, b and c'. */
function runScopeList(defs: readonly MetricColumnDef[], code: (id: string) => string): string {
  const ids = defs.filter((c) => c.scope === 'run').map((c) => code(c.id));
  return ids.length < 2 ? ids.join('') : `${ids.slice(0, -1).join(', ')} and ${ids.at(-1)}`;
}

/**
 * The CLI help's list of the metric columns: per column its id, then its unit and definition
 * wrapped under it (indent 2, text from column 22, lines ≤ `width`), then which columns are run
 * values. Backticks of the registry's texts are dropped. Ends with "\n".
 */
export function metricsHelpText(
  defs: readonly MetricColumnDef[] = METRIC_COLUMN_DEFS,
  width = 100,
): string {
  const indent = ' '.repeat(2 + ID_WIDTH);
  const out: string[] = [];
  for (const c of defs) {
    const text = `${c.unit}: ${c.doc.replace(/`/g, '')}`;
    const lines = wrap(text, width - indent.length);
    const head = `  ${c.id}`;
    if (head.length < indent.length) out.push(head.padEnd(indent.length) + lines[0]);
    else out.push(head, indent + lines[0]);
    for (const l of lines.slice(1)) out.push(indent + l);
  }
  const runNote = `${runScopeList(defs, (id) => id)} are per run, repeated on each flow's row; an undefined value is an empty cell (JSON null). JSON: an array of row objects.`;
  for (const l of wrap(runNote, width - 2)) out.push(`  ${l}`);
  return `${out.join('\n')}\n`;
}

/** A Markdown table cell: pipes escaped. */
const md = (s: string) => s.replace(/\|/g, '\\|');

/**
 * The README's table of the metric columns (Markdown, "\n" line ends, no trailing newline): column,
 * unit, meaning — run-scope columns marked "run value". Prettier leaves it as it is (columns
 * padded to the widest cell).
 */
export function metricsMarkdownTable(
  defs: readonly MetricColumnDef[] = METRIC_COLUMN_DEFS,
): string {
  const rows = defs.map((c) => [
    `\`${c.id}\``,
    md(c.unit),
    md(c.scope === 'run' ? `${c.doc} — run value` : c.doc),
  ]);
  const all = [['column', 'unit', 'meaning'], ...rows];
  const widths = [0, 1, 2].map((k) => all.reduce((w, r) => Math.max(w, [...r[k]!].length), 3));
  const line = (r: string[]) =>
    `| ${r.map((cellText, k) => cellText + ' '.repeat(widths[k]! - [...cellText].length)).join(' | ')} |`;
  return [
    line(all[0]!),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n');
}

/** The README markers around the generated table. */
export const README_MARKERS = {
  start:
    '<!-- metric-columns: generated from src/metrics/columns.ts by `npm run readme:metrics` -->',
  end: '<!-- /metric-columns -->',
} as const;

/**
 * `readme` with the text between the markers replaced by the current table.
 * @throws Error when the markers are missing or out of order.
 */
export function withMetricsTable(readme: string, table = metricsMarkdownTable()): string {
  const a = readme.indexOf(README_MARKERS.start);
  const b = readme.indexOf(README_MARKERS.end);
  if (a < 0 || b < a) {
    throw new Error(
      `README: the metric column markers are missing (${README_MARKERS.start} … ${README_MARKERS.end})`,
    );
  }
  return `${readme.slice(0, a + README_MARKERS.start.length)}\n\n${table}\n\n${readme.slice(b)}`;
}
