import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MARK_STYLES,
  METRICS,
  MarkKind,
  PALETTE,
  SERIES_STYLES,
  type ThemeColors,
} from '../../../src/ui/panels/palette';

function luminance(hex: string): number {
  const c = hex.replace('#', '');
  const [r, g, b] = [0, 2, 4]
    .map((i) => parseInt(c.slice(i, i + 2), 16) / 255)
    .map((x) => (x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x! + 0.05) / (y! + 0.05);
}

const themes = Object.keys(PALETTE) as (keyof typeof PALETTE)[];

describe('palette', () => {
  for (const theme of themes) {
    const c: ThemeColors = PALETTE[theme];
    it(`${theme}: text ≥ 4.5:1 and marks ≥ 3:1 on the background (WCAG 1.4.3 / 1.4.11)`, () => {
      for (const k of ['fg', 'muted', 'retxText'] as const)
        expect(contrast(c[k], c.bg), k).toBeGreaterThanOrEqual(4.5);
      expect(contrast(c.onData, c.data), 'onData').toBeGreaterThanOrEqual(4.5);
      for (const k of [
        'data',
        'ack',
        'window',
        'sack',
        'retx',
        'overflow',
        'random',
        'cursor',
      ] as const)
        expect(contrast(c[k], c.bg), k).toBeGreaterThanOrEqual(3);
    });
  }

  it('panels.css mirrors the palette for every theme', () => {
    const css = readFileSync(new URL('../../../src/ui/panels/panels.css', import.meta.url), 'utf8');
    const kebab = (k: string) => k.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);
    for (const theme of themes) {
      const block = css.match(new RegExp(`\\.ackp\\[data-theme='${theme}'\\] \\{([^}]*)\\}`))?.[1];
      expect(block, theme).toBeDefined();
      for (const [k, v] of Object.entries(PALETTE[theme])) {
        if (k.startsWith('phase')) continue;
        const m = block!.match(new RegExp(`--ackp-${kebab(k)}: ([^;]+);`));
        expect(m?.[1]?.toLowerCase(), `${theme} ${k}`).toBe(v.toLowerCase());
      }
    }
  });

  it('projector: strokes ≥ 2 px, marks ≥ 8 px, text ≥ 1/50 of a 1080p viewport', () => {
    const m = METRICS.projector;
    expect(m.strokePx).toBeGreaterThanOrEqual(2);
    expect(m.linePx).toBeGreaterThanOrEqual(2);
    expect(m.markPx).toBeGreaterThanOrEqual(8);
    expect(m.fontPx).toBeGreaterThanOrEqual(1080 / 50);
    expect(m.tickFontPx).toBeGreaterThanOrEqual(1080 / 50);
    for (const t of themes) expect(METRICS[t].hitPx).toBeGreaterThanOrEqual(8);
  });

  it('projector: the future (after the cursor) is faint but not washed out (issue 21 item 7)', () => {
    // A projector pales light tints: at the screens' 0.15 the story ahead of the cursor read as
    // a pale pastel. Fainter than the past on every theme, and at least 0.35 on the projector.
    expect(METRICS.projector.futureOpacity).toBeGreaterThanOrEqual(0.35);
    for (const t of themes) expect(METRICS[t].futureOpacity).toBeLessThan(0.6);
  });

  it('router marks differ by glyph, not colour alone', () => {
    const kinds = [
      MarkKind.arrival,
      MarkKind.departure,
      MarkKind.dropScripted,
      MarkKind.dropOverflow,
      MarkKind.dropRandom,
      MarkKind.ackAtRouter,
    ];
    const glyphs = kinds.map((k) => MARK_STYLES[k].glyph);
    expect(new Set(glyphs).size).toBe(kinds.length);
    const drops = [MarkKind.dropScripted, MarkKind.dropOverflow, MarkKind.dropRandom].map(
      (k) => MARK_STYLES[k].color,
    );
    expect(new Set(drops).size).toBe(3);
  });

  it('cwnd-plot series differ by dash', () => {
    const keys = [
      'cwnd',
      'ssthresh',
      'flightsize',
      'pipe',
      'partialBytesAcked',
      'inflated',
    ] as const;
    const dashes = keys.map((k) => SERIES_STYLES[k].dash);
    expect(new Set(dashes).size).toBe(dashes.length);
  });
});
