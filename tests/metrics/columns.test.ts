/**
 * The metric column registry (src/metrics/columns.ts) and what derives from it: the rows, the CLI
 * help and the README's column table; and the one Jain's index, over the TCP and SCTP flows.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USAGE } from '../../src/cli/args';
import { resolveQuery } from '../../src/cli/scenario';
import { run } from '../../src/engine';
import {
  computeMetrics,
  jainFairness,
  METRIC_COLUMN_DEFS,
  METRIC_COLUMNS,
  metricsHelpText,
  metricsMarkdownTable,
  metricsRows,
  README_MARKERS,
  RUN_COLUMN_DEFS,
  withMetricsTable,
  type MetricColumnDef,
  type RunMetrics,
} from '../../src/metrics';
import { jainIndex } from '../../src/metrics/formulas';
import { PRESETS } from '../../src/scenarios';

function metricsOf(query: string): RunMetrics {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('; '));
  return computeMetrics(run(r.config, { record: 'metrics' }), r.config);
}

describe('the metric column registry', () => {
  it('names each column once, in snake_case, with a unit, a scope and a definition', () => {
    const ids = METRIC_COLUMN_DEFS.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(METRIC_COLUMNS).toEqual(ids);
    for (const c of METRIC_COLUMN_DEFS as readonly MetricColumnDef[]) {
      expect(c.id).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(c.unit, c.id).not.toBe('');
      expect(['flow', 'run'], c.id).toContain(c.scope);
      expect(c.doc.length, c.id).toBeGreaterThan(20);
    }
    const runIds = RUN_COLUMN_DEFS.map((c) => c.id);
    expect(new Set(runIds).size).toBe(runIds.length);
  });

  it('a row holds every column in registry order; run columns are the same on every row', () => {
    const m = metricsOf('preset=geo-table2&n=4&stop=20');
    const rows = metricsRows(m);
    expect(rows).toHaveLength(4);
    for (const r of rows) expect(Object.keys(r)).toEqual(['flow', 'sender', ...METRIC_COLUMNS]);
    for (const c of METRIC_COLUMN_DEFS.filter((d) => d.scope === 'run'))
      for (const r of rows) expect(r[c.id], c.id).toBe(rows[0]![c.id]);
    expect(rows[2]!.unique_bytes).toBe(m.flows[2]!.uniqueBytes);
    expect(rows[2]!.link_util).toBe(m.linkUtilPct);
  });

  it('the CLI help lists every column with its unit, and which are run values', () => {
    const help = metricsHelpText();
    expect(USAGE).toContain(help);
    for (const c of METRIC_COLUMN_DEFS)
      expect(help).toMatch(
        new RegExp(`^  ${c.id} +${c.unit.replace(/[/.*+?^${}()|[\]\\]/g, '\\$&')}: `, 'm'),
      );
    expect(help).toContain(
      'link_util, jain, pct_increase, link_loss_rate, mean_queue_delay_s and cell_tput_bps are',
    );
    for (const line of help.trimEnd().split('\n')) expect(line.length).toBeLessThanOrEqual(100);
    expect(help).not.toContain('`');
  });

  it('the README’s column table is the registry’s (fix: npm run readme:metrics)', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
    expect(readme).toContain(README_MARKERS.start);
    expect(
      withMetricsTable(readme) === readme,
      'README.md: the metric column table is stale; run `npm run readme:metrics`',
    ).toBe(true);
    const table = metricsMarkdownTable();
    for (const c of METRIC_COLUMN_DEFS) expect(table).toContain(`| \`${c.id}\``);
    expect(table).toContain('mean \\|D\\| over consecutive arrivals'); // pipes escaped
  });

  it('a stale README is rewritten between its markers; one without them is an error', () => {
    const stale = `intro\n${README_MARKERS.start}\n\n| old |\n\n${README_MARKERS.end}\nrest\n`;
    const fresh = withMetricsTable(stale);
    expect(fresh).toBe(
      `intro\n${README_MARKERS.start}\n\n${metricsMarkdownTable()}\n\n${README_MARKERS.end}\nrest\n`,
    );
    expect(withMetricsTable(fresh)).toBe(fresh);
    expect(() => withMetricsTable('no markers')).toThrow(/markers are missing/);
  });
});

describe('retx_ratio (the column added as one registry entry)', () => {
  it('is the resends among the data packets sent: the engine’s retransmission count / sent', () => {
    const r = resolveQuery('preset=alamgir-table2&loss=0.03&stop=60');
    if (!r.ok) throw new Error('bad query');
    const t = run(r.config, { record: 'metrics' });
    const m = computeMetrics(t, r.config);
    const rows = metricsRows(m);
    m.flows.forEach((f, i) => {
      const resent = t.flowStats[i]!.retransmissions;
      expect(resent).toBeGreaterThan(0);
      expect(rows[i]!.retx_ratio).toBe(resent / f.dataSent);
      expect(f.dataSent - f.uniquePackets).toBe(resent);
    });
    // UDP never resends: 0; a flow that sent nothing: empty
    expect(metricsRows(metricsOf('preset=dainotti-eth2eth&sender=udp&stop=1'))[0]!.retx_ratio).toBe(
      0,
    );
  });
});

describe('Jain’s index counts the TCP and SCTP flows (GEO paper: its n sources are TCP or SCTP)', () => {
  it('the formula over the counted flows; a UDP flow is left out; none counted: null', () => {
    expect(
      jainFairness([
        { protocol: 'tcp', uniqueBytes: 3 },
        { protocol: 'sctp', uniqueBytes: 1 },
        { protocol: 'udp', uniqueBytes: 100 },
      ]),
    ).toBe(0.8); // 16 / (2 · 10)
    expect(jainFairness([{ protocol: 'udp', uniqueBytes: 5 }])).toBeNull();
    expect(jainFairness([{ protocol: 'sctp', uniqueBytes: 0 }])).toBe(1);
  });

  it('voip-pr-sctp (two SCTP flows and a UDP VoIP flow): the run’s jain is the SCTP flows’', () => {
    const m = metricsOf('preset=voip-pr-sctp');
    expect(m.flows.map((f) => f.protocol)).toEqual(['sctp', 'sctp', 'udp']);
    const sctp = m.flows.filter((f) => f.protocol === 'sctp').map((f) => f.uniqueBytes);
    expect(m.jain).toBe(jainIndex(sctp));
    // counting the UDP flow too (what the index did before) gives a different, lower number
    expect(jainIndex(m.flows.map((f) => f.uniqueBytes))).toBeLessThan(m.jain! - 0.01);
    expect(metricsRows(m)[2]!.jain).toBe(m.jain);
  });

  it('a UDP-only run has no fairness index: null (an empty CSV cell)', () => {
    const m = metricsOf('preset=dainotti-eth2eth&sender=udp&stop=2');
    expect(m.flows.map((f) => f.protocol)).toEqual(['udp']);
    expect(m.jain).toBeNull();
  });
});

describe('the presets’ published tables name run columns', () => {
  it('every published column id is a run column (a typo would silently drop it from the sweep table)', () => {
    const ids = new Set<string>(RUN_COLUMN_DEFS.map((c) => c.id));
    const published = PRESETS.flatMap((p) => (p.published ? [[p.id, p.published.columns]] : []));
    expect(published.length).toBeGreaterThanOrEqual(3);
    for (const [id, columns] of published as [string, readonly string[]][])
      for (const c of columns) expect(ids.has(c), `${id}: ${c}`).toBe(true);
  });
});
