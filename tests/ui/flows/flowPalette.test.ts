import { describe, expect, it } from 'vitest';
import {
  contrastRatio,
  FLOW_COLORS,
  FLOW_DASHES,
  FLOW_GLYPHS,
  flowStyle,
  PALETTE,
  textOn,
} from '../../../src/ui/panels/palette';
import { MAX_FLOWS } from '../../../src/ui/deps/scenarios';

const themes = Object.keys(PALETTE) as (keyof typeof PALETTE)[];

describe('flow palette', () => {
  it('gives 8 flows 8 distinct colours, glyphs and dashes, in a fixed order', () => {
    const styles = Array.from({ length: 8 }, (_, k) => flowStyle(k));
    expect(new Set(styles.map((s) => s.color)).size).toBe(8);
    expect(new Set(styles.map((s) => s.glyph)).size).toBe(8);
    expect(new Set(styles.map((s) => s.symbol)).size).toBe(8);
    expect(new Set(styles.map((s) => s.dash)).size).toBe(8);
    // Flow 1 blue and flow 2 orange (amber on white), as the two-flow plots always were.
    expect(styles.map((s) => s.color)).toEqual([...FLOW_COLORS]);
    expect(PALETTE.light[styles[0]!.color]).toBe('#0072B2');
    expect(PALETTE.light[styles[1]!.color]).toBe('#A56A00');
    expect(styles.map((s) => s.symbol).join('')).toBe('●■▲◆▼○□◇');
    expect(styles[0]!.dash).toBe('');
  });

  it('is stable: the same flow always gets the same style', () => {
    for (let k = 0; k < MAX_FLOWS; k++) expect(flowStyle(k)).toEqual(flowStyle(k));
    expect(flowStyle(2)).toEqual({
      color: 'flow3',
      glyph: FLOW_GLYPHS[2]!.glyph,
      symbol: '▲',
      dash: FLOW_DASHES[2],
    });
  });

  it('beyond 8 flows cycles the colour but changes glyph and dash: no two of 128 flows alike', () => {
    expect(flowStyle(8).color).toBe(flowStyle(0).color);
    expect(flowStyle(8).glyph).not.toBe(flowStyle(0).glyph);
    expect(flowStyle(8).dash).not.toBe(flowStyle(0).dash);
    expect(flowStyle(64).color).toBe(flowStyle(0).color);
    expect(flowStyle(64).glyph).toBe(flowStyle(0).glyph);
    expect(flowStyle(64).dash).not.toBe(flowStyle(0).dash);
    const keys = Array.from({ length: MAX_FLOWS }, (_, k) => {
      const s = flowStyle(k);
      return `${s.color}|${s.glyph}|${s.dash}`;
    });
    expect(new Set(keys).size).toBe(MAX_FLOWS);
  });

  for (const theme of themes) {
    it(`${theme}: every flow colour is a mark colour (≥ 3:1 on the background), all different`, () => {
      const c = PALETTE[theme];
      const hexes = FLOW_COLORS.map((k) => c[k].toLowerCase());
      expect(new Set(hexes).size).toBe(8);
      for (const k of FLOW_COLORS)
        expect(contrastRatio(c[k], c.bg), `${theme} ${k}`).toBeGreaterThanOrEqual(3);
    });
  }

  it('text on a flow-coloured box is black or white, whichever reads at 4.5:1 or better', () => {
    for (const theme of themes)
      for (const k of FLOW_COLORS) {
        const fill = PALETTE[theme][k];
        expect(contrastRatio(textOn(fill), fill), `${theme} ${k}`).toBeGreaterThanOrEqual(4.5);
      }
    expect(textOn('#0072B2')).toBe('#ffffff');
    expect(textOn('#F0E442')).toBe('#000000');
  });
});
