import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCENARIO } from '../../../src/scenarios';
import { lowerPanelOf, withLowerPanel } from '../../../src/ui/components/PanelGrid';
import { buildQuery, parseLocation } from '../../../src/ui/model/urlState';
import {
  DEFAULT_PANELS,
  EXPORT_PANELS,
  LOWER_PANELS,
  PANEL_IDS,
  PANEL_TITLES,
  PANELS,
  PLOT_PANELS,
  isPanelId,
  panelOf,
} from '../../../src/ui/panels/registry';
import { ALL_PANELS } from '../../../src/ui/store/types';

// Adding a panel is its file (exporting its descriptor), its model file and one registry line:
// every list the app reads is derived. These check each registered panel reaches each list and
// that the `panels` URL key round-trips it.

describe('panel registry', () => {
  it('lists each id once, in the order of the `panels` key (the store reads the same list)', () => {
    expect(PANEL_IDS).toEqual([
      'router',
      'cwnd',
      'timeseq',
      'queue',
      'qlen',
      'tput',
      'rate',
      'rtt',
      'delay',
      'streams',
      'metrics',
      'mac',
      'sweep',
      'log',
    ]);
    expect(new Set(PANEL_IDS).size).toBe(PANELS.length);
    expect(ALL_PANELS).toBe(PANEL_IDS);
    for (const id of PANEL_IDS) {
      expect(isPanelId(id)).toBe(true);
      expect(panelOf(id).id).toBe(id);
      expect(PANEL_TITLES[id]).toBe(panelOf(id).title);
      expect(PANEL_TITLES[id]).not.toBe('');
    }
    expect(isPanelId('nope')).toBe(false);
  });

  it('derives the grid, the lower tabs, the export menu and the default panels from the slots', () => {
    expect(PLOT_PANELS.map((p) => p.id)).toEqual(
      PANELS.filter((p) => p.slot === 'top' || p.slot === 'lower').map((p) => p.id),
    );
    expect(LOWER_PANELS).toEqual([
      'cwnd',
      'timeseq',
      'queue',
      'qlen',
      'tput',
      'rate',
      'rtt',
      'delay',
      'streams',
      'metrics',
      'mac',
    ]);
    expect(EXPORT_PANELS).toEqual([
      'router',
      'cwnd',
      'timeseq',
      'queue',
      'qlen',
      'tput',
      'rate',
      'rtt',
      'delay',
    ]);
    expect(DEFAULT_PANELS).toEqual(PANEL_IDS.filter((p) => p !== 'sweep'));
    // What the grid draws has a component; what the export menu offers is a figure.
    for (const p of PLOT_PANELS) expect(panelOf(p.id).Component).toBeTypeOf('function');
    for (const id of EXPORT_PANELS) expect(panelOf(id).figure).toBe(true);
    expect(PANELS.filter((p) => 'showsRouter' in p).map((p) => p.id)).toEqual([
      'router',
      'queue',
      'qlen',
    ]);
  });

  it('each lower panel is the lower slot’s choice alone, router, sweep and log kept', () => {
    for (const id of LOWER_PANELS) {
      const panels = withLowerPanel(['router', 'metrics', 'sweep', 'log'], id);
      expect(lowerPanelOf(panels)).toBe(id);
      expect(panels).toEqual(PANEL_IDS.filter((p) => ['router', id, 'sweep', 'log'].includes(p)));
    }
  });

  it('the `panels` key round-trips every panel, and names them all when one is unknown', () => {
    for (const id of PANEL_IDS) {
      const query = buildQuery(DEFAULT_SCENARIO, { panels: [id] });
      expect(query).toContain(`panels=${id}`);
      const back = parseLocation(`?${query}`);
      expect(back.errors).toEqual([]);
      expect(back.view.panels).toEqual([id]);
    }
    const all = parseLocation(`?panels=${[...PANEL_IDS].reverse().join(',')}`);
    expect(all.view.panels).toEqual(PANEL_IDS);
    const bad = parseLocation('?panels=router,nope');
    expect(bad.errors.map((e) => e.message)).toEqual([
      `panels: “router,nope” names unknown panels (${PANEL_IDS.join(', ')})`,
    ]);
  });

  it('the UI README lists the `panels` key’s values as the registry does', () => {
    const readme = readFileSync('src/ui/README.md', 'utf8');
    // the table may be padded (prettier aligns its columns)
    const row = readme.split('\n').find((l) => /^\| `panels` +\|/.test(l));
    expect(row).toContain(`of \`${PANEL_IDS.join(',')}\``);
  });
});
