/**
 * The README key tables, generated from the key registry (fields.ts): the repo README's
 * "Scenario URL keys" (for users: `doc`) and src/scenarios/README.md's "URL keys" (for
 * developers: `devDoc`). One row per key in canonical order — key, meaning, unit, the opening
 * scenario's default (its URL text, with the descriptor's `defaultNote`) and the range (derived
 * from kind, min, max and options, or the descriptor's `range`, then its `rangeNote`).
 * `npm run readme:keys` writes them between the KEY_TABLE_BEGIN / KEY_TABLE_END comments;
 * tests/scenarios/key-tables.test.ts fails when a README's table is not this one.
 */
import { DEFAULT_SCENARIO } from './defaults';
import { SCENARIO_KEYS, type ScenarioKeyMeta } from './fields';
import { readableNumber } from './format';
import { MAX_DROP_TRANSMISSION, MAX_DROPS } from './limits';
import { keyText } from './query';

/** Which table: the repo README's (users) or src/scenarios/README.md's (developers). */
export type KeyTableAudience = 'user' | 'dev';

export const KEY_TABLE_BEGIN =
  '<!-- url-keys: generated from src/scenarios/fields-*.ts by `npm run readme:keys` -->';
export const KEY_TABLE_END = '<!-- /url-keys -->';

const code = (s: string) => `\`${s}\``;

/** The default cell: the opening scenario's URL text of the key (flow 1's), and the note. */
function defaultCell(m: ScenarioKeyMeta): string {
  const text = keyText(DEFAULT_SCENARIO, m.key);
  const plain = m.kind === 'number' || m.kind === 'int' || m.kind === 'bool';
  const value =
    text === ''
      ? 'none'
      : m.nullText !== undefined && text === m.nullText
        ? code(text)
        : plain
          ? text
          : code(text);
  return m.defaultNote ? `${value} (${m.defaultNote})` : value;
}

/** The range cell: what values the key takes. */
function rangeCell(m: ScenarioKeyMeta): string {
  const orNull = m.nullText ? ` or ${code(m.nullText)}` : '';
  const span = () => `${readableNumber(m.min!)}–${readableNumber(m.max!)}`;
  const options = (m.options ?? []).map(code).join(', ');
  let range: string;
  if (m.range !== undefined) range = m.range;
  else {
    switch (m.kind) {
      case 'number':
      case 'int':
        range = span() + orNull;
        break;
      case 'bool':
        range = `0, 1${orNull}`;
        break;
      case 'enum':
        range = options + orNull;
        break;
      case 'drops':
        range = `p ${span()}, k 1–${MAX_DROP_TRANSMISSION}, ≤ ${MAX_DROPS} entries`;
        break;
      case 'senders':
        range = `${span()} sender ids`;
        break;
      case 'list':
        range = `one or more of ${options}`;
        break;
      case 'links':
        range = `a link of the topology, ${span()} s`;
        break;
      case 'name':
        range = `a node name${orNull}`;
        break;
    }
  }
  return m.rangeNote ? `${range}, ${m.rangeNote}` : range;
}

/** The table's rows: header, then one per key. */
function rows(audience: KeyTableAudience): string[][] {
  return [
    ['key', 'meaning', 'unit', 'default', 'range'],
    ...SCENARIO_KEYS.map((m) => [
      code(m.key),
      audience === 'user' ? m.doc : m.devDoc,
      m.unit || (m.kind === 'bool' ? '0/1' : '—'),
      defaultCell(m),
      rangeCell(m),
    ]),
  ];
}

/** The markdown table, columns padded as Prettier pads them. */
export function keyTable(audience: KeyTableAudience): string {
  const table = rows(audience);
  const widths = table[0]!.map((_, c) => table.reduce((w, r) => Math.max(w, r[c]!.length), 0));
  const line = (r: readonly string[]) => `| ${r.map((x, c) => x.padEnd(widths[c]!)).join(' | ')} |`;
  const rule = `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`;
  return [line(table[0]!), rule, ...table.slice(1).map(line)].join('\n');
}

/**
 * The text between a README's key-table markers (trimmed), or null when it has none.
 */
export function keyTableIn(readme: string): string | null {
  const begin = readme.indexOf(KEY_TABLE_BEGIN);
  const end = readme.indexOf(KEY_TABLE_END);
  if (begin < 0 || end < begin) return null;
  return readme.slice(begin + KEY_TABLE_BEGIN.length, end).trim();
}

/**
 * The README with its key table replaced by the generated one.
 * @throws Error when the README has no KEY_TABLE_BEGIN … KEY_TABLE_END markers.
 */
export function withKeyTable(readme: string, audience: KeyTableAudience): string {
  const begin = readme.indexOf(KEY_TABLE_BEGIN);
  const end = readme.indexOf(KEY_TABLE_END);
  if (begin < 0 || end < begin) {
    throw new Error(
      `no ${KEY_TABLE_BEGIN} … ${KEY_TABLE_END} markers to put the key table between`,
    );
  }
  const head = readme.slice(0, begin + KEY_TABLE_BEGIN.length);
  return `${head}\n\n${keyTable(audience)}\n\n${readme.slice(end)}`;
}
