/**
 * The layout spec (tests/e2e/layout.spec.ts) checks one preset per layout class plus a fixed
 * sample, not all of them; this keeps that from losing a preset: every preset has a class, every
 * class has a checked preset, the pictured presets are among the checked, and a preset with a
 * look no other has (a new topology, a new number of comparison rows) is checked without the spec
 * being edited.
 */
import { describe, expect, it } from 'vitest';
import { getPreset, PRESETS, type Preset } from '../../src/scenarios/presets';
import { layoutClass, layoutPresets, PICTURED, SAMPLE_SIZE } from '../e2e/layoutClasses';

const preset = (id: string): Preset => {
  const p = getPreset(id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
};

describe('layout classes', () => {
  it('name what a preset puts on the screen', () => {
    expect(layoutClass(preset('ff-3-drops'))).toBe('fall-floyd · 1 flow · tcp');
    expect(layoutClass(preset('caro-fig5-2-drops'))).toBe('compare ×6');
    expect(layoutClass(preset('dainotti-e2w'))).toBe('compare ×3');
    expect(layoutClass(preset('geo-table2'))).toBe('geo-shared · 2–4 flows · tcp+sctp · sized');
    expect(layoutClass(preset('vicuna-a-tcp-udp'))).toBe(
      'vicuna-wired · 5+ flows · tcp+udp · sized',
    );
    expect(layoutClass(preset('vicuna-f-sctp-sctp'))).toBe('vicuna-wired · 5+ flows · sctp');
    expect(layoutClass(preset('voip-pr-sctp'))).toBe('fall-floyd · 2–4 flows · sctp+udp · app');
    expect(layoutClass(preset('sctp-failover'))).toBe('dual-homed · 1 flow · sctp');
    expect(layoutClass(preset('vicuna-wimax-b-tcp-udp'))).toBe(
      'vicuna-wired on wimax · 5+ flows · sized',
    );
    expect(layoutClass(preset('vicuna-wifi-f-sctp-sctp'))).toBe(
      'vicuna-wired on wifi-g · 5+ flows',
    );
  });

  it('every preset has one, and every class has a preset the layout spec checks', () => {
    const checked = layoutPresets();
    const checkedClasses = new Set(checked.map(layoutClass));
    const missing = PRESETS.map((p) => `${p.id}: ${layoutClass(p)}`).filter(
      (line) => !checkedClasses.has(line.slice(line.indexOf(': ') + 2)),
    );
    expect(missing).toEqual([]);
    // the pictured presets are checked, in PRESETS order with the rest, each once
    const ids = checked.map((p) => p.id);
    for (const id of PICTURED) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(PRESETS.map((p) => p.id).filter((id) => ids.includes(id)));
  });

  it('adds a fixed sample of SAMPLE_SIZE presets beyond one per class, the same on every call', () => {
    const checked = layoutPresets().map((p) => p.id);
    expect(layoutPresets().map((p) => p.id)).toEqual(checked);
    const pictured = new Set(PICTURED.map((id) => layoutClass(preset(id))));
    const classes = new Set(PRESETS.map(layoutClass));
    const perClass = PICTURED.length + [...classes].filter((c) => !pictured.has(c)).length;
    expect(checked).toHaveLength(perClass + SAMPLE_SIZE);
    expect(checked.length).toBeLessThan(PRESETS.length);
  });

  it('checks a preset with a new look without the spec being edited', () => {
    const base = preset('ff-3-drops');
    const newTopology: Preset = { ...base, id: 'zz-new-topology', topology: 'dual-homed' };
    const newRows: Preset = {
      ...base,
      id: 'zz-compare-4',
      compare: ['reno', 'newreno', 'sack', 'fack'],
    };
    // the unregistered preset's flows are ff-3-drops' (its address cannot be parsed)
    const classOf = (p: Preset) => layoutClass(p === newTopology ? { ...p, id: base.id } : p);
    expect(classOf(newTopology)).toBe('dual-homed · 1 flow · tcp');
    const ids = layoutPresets([...PRESETS, newTopology, newRows], classOf).map((p) => p.id);
    expect(ids).toContain('zz-compare-4');
    expect(ids).toContain('zz-new-topology');
    // and without them the list is the registry's
    expect(layoutPresets(PRESETS, classOf)).toEqual(layoutPresets());
  });
});
