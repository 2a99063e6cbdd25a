/**
 * The words are the legend: each decision kind has the colour and glyph of its mark in the
 * plots (Okabe–Ito; fixed across sessions and modes).
 */
import { PALETTE } from '../deps/panels';

export interface LegendEntry {
  glyph: string;
  color: string;
  name: string;
}

export function legendFor(code: string): LegendEntry {
  if (code.endsWith('.fast-retransmit')) return { glyph: 'R', color: PALETTE.drop, name: 'retransmission' };
  if (code.endsWith('.rto') || code.endsWith('.timeout')) return { glyph: 'T', color: PALETTE.drop, name: 'timeout' };
  if (code.endsWith('.partial-ack')) return { glyph: 'P', color: PALETTE.sack, name: 'partial ACK' };
  if (code.endsWith('exit-recovery')) return { glyph: '✓', color: PALETTE.ack, name: 'end of recovery' };
  if (code.includes('dupack') || code.endsWith('.inflate') || code.endsWith('recovery-ack'))
    return { glyph: '○', color: PALETTE.ack, name: 'duplicate ACK' };
  if (code.endsWith('.start')) return { glyph: '▶', color: PALETTE.data, name: 'start' };
  return { glyph: '↑', color: PALETTE.data, name: 'window growth' };
}
