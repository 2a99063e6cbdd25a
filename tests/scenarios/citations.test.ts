/**
 * Papers are cited by author and year wherever a reader sees them (issue 21 item 13): a
 * preset's title, group, texts and published table's source never name the project's copy of
 * a paper by its file name (000_… to 004_…).
 */
import { describe, expect, it } from 'vitest';
import { PRESETS, SCENARIO_KEYS } from '../../src/scenarios';

const FILE_NAME = /\b00\d_/;

describe('citations', () => {
  it('no preset text cites a paper by its file name', () => {
    for (const p of PRESETS) {
      const texts = [
        p.title,
        p.group,
        p.student ?? '',
        p.notice,
        ...Object.values(p.senderNotes ?? {}),
        p.published?.source ?? '',
      ];
      for (const t of texts) expect(t, p.id).not.toMatch(FILE_NAME);
    }
  });

  it('no scenario key’s label or help (the form’s tooltips) does either', () => {
    for (const [key, meta] of Object.entries(SCENARIO_KEYS)) {
      expect(meta.label, key).not.toMatch(FILE_NAME);
      expect(meta.help ?? '', key).not.toMatch(FILE_NAME);
    }
  });

  it('the papers’ tables name their source by author and year', () => {
    const source = (id: string) => PRESETS.find((p) => p.id === id)!.published!.source;
    expect(source('alamgir-table2')).toBe('Alamgir et al. (undated), Table 2');
    expect(source('geo-table2')).toMatch(/Table II$/);
    expect(source('geo-table3')).toMatch(/Table III$/);
  });
});
