/**
 * The words are the legend: each decision kind in the log carries the colour and symbol of
 * its mark in the plots (the panels' MARK_STYLES and PALETTE, fixed across sessions and modes).
 */
import { MARK_STYLES, MarkKind, PALETTE, type Theme } from '../deps/panels';

export interface LegendEntry {
  glyph: string;
  color: string;
  name: string;
}

export function legendFor(code: string, theme: Theme = 'light'): LegendEntry {
  const c = PALETTE[theme] ?? PALETTE.light;
  const retx = MARK_STYLES[MarkKind.segmentRetx];
  if (code.endsWith('.fast-retransmit') || code.endsWith('.partial-ack'))
    return {
      glyph: retx.symbol,
      color: c.retx,
      name: code.endsWith('.partial-ack') ? 'partial ACK' : 'retransmission',
    };
  if (code.endsWith('.rto') || code.endsWith('.timeout'))
    return { glyph: MARK_STYLES[MarkKind.timeout].symbol, color: c.retx, name: 'timeout' };
  if (code.endsWith('exit-recovery')) return { glyph: '✓', color: c.ack, name: 'end of recovery' };
  if (
    code.includes('dupack') ||
    code.endsWith('.inflate') ||
    code.endsWith('recovery-ack') ||
    code.includes('miss')
  )
    return { glyph: MARK_STYLES[MarkKind.dupack].symbol, color: c.ack, name: 'duplicate ACK' };
  if (code.endsWith('.start')) return { glyph: '▶', color: c.data, name: 'start' };
  return { glyph: '↑', color: c.data, name: 'window growth' };
}
