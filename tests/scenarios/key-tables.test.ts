/**
 * Both README key tables are the ones the key registry generates (key-tables.ts): a descriptor
 * changed without `npm run readme:keys` fails here, naming the command.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCENARIO_KEY_ORDER } from '../../src/scenarios';
import {
  KEY_TABLE_BEGIN,
  KEY_TABLE_END,
  keyTable,
  keyTableIn,
  withKeyTable,
} from '../../src/scenarios/key-tables';

describe('README key tables', () => {
  for (const [file, audience] of [
    ['README.md', 'user'],
    ['src/scenarios/README.md', 'dev'],
  ] as const) {
    it(`${file} holds the generated table (else: npm run readme:keys)`, () => {
      const readme = readFileSync(join(import.meta.dirname, '../..', file), 'utf8');
      const table = keyTableIn(readme);
      expect(table, `${file} has no ${KEY_TABLE_BEGIN} … ${KEY_TABLE_END} markers`).not.toBeNull();
      expect(
        table === keyTable(audience),
        `${file}'s URL key table is stale: run npm run readme:keys`,
      ).toBe(true);
    });
  }

  it('writes one row per key, in canonical order, between the markers', () => {
    const readme = `# x\n\n${KEY_TABLE_BEGIN}\n\n| old |\n\n${KEY_TABLE_END}\n\nafter\n`;
    const out = withKeyTable(readme, 'user');
    expect(out.startsWith(`# x\n\n${KEY_TABLE_BEGIN}\n\n| key `)).toBe(true);
    expect(out.endsWith(`|\n\n${KEY_TABLE_END}\n\nafter\n`)).toBe(true);
    const keys = keyTableIn(out)!
      .split('\n')
      .slice(2)
      .map((l) => l.split(' | ')[0]!.replace(/^\| `|`\s*$/g, ''));
    expect(keys).toEqual([...SCENARIO_KEY_ORDER]);
    expect(() => withKeyTable('# no markers\n', 'dev')).toThrow(/markers/);
  });

  it('derives default and range cells from the descriptors', () => {
    const row = (key: string, audience: 'user' | 'dev' = 'user') =>
      keyTable(audience)
        .split('\n')
        .find((l) => l.startsWith(`| \`${key}\` `))!
        .split(' | ')
        .map((c) => c.replace(/^\| /, '').replace(/ \|$/, '').trim());
    expect(row('pmr')).toEqual([
      '`pmr`',
      'SCTP Path.Max.Retrans: a path is inactive after `pmr` + 1 errors',
      'errors',
      '5',
      '0–100',
    ]);
    expect(row('maxburst').slice(3)).toEqual(['`auto` (0)', '0–1000 or `auto`']);
    expect(row('drops').slice(3)).toEqual([
      '`15,27,29` (by preset)',
      'p 1–100000, k 1–100, ≤ 1000 entries',
    ]);
    expect(row('losson').slice(2)).toEqual([
      'packet types',
      '`data`',
      'one or more of `data`, `ack`, `control`',
    ]);
    expect(row('fail').slice(3)).toEqual(['none', 'a link of the topology, 0–2000 s']);
    expect(row('cmt', 'dev').slice(1)).toEqual(['SCTP CMT (flow)', '0/1', '0', '0, 1']);
    expect(row('stop')[4]).toBe("0.1–2000, after every flow's start");
  });
});
