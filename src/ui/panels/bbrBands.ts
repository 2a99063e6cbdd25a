/**
 * BBR's state lane: the intervals a BBR flow spent in each mode (STARTUP, DRAIN, PROBE_BW,
 * PROBE_RTT; engine BBR_MODES), PROBE_BW split by its gain-cycle phase — probing up (pacing gain
 * above 1, phase 0), draining the probe's queue (gain below 1, phase 1), cruising (gain 1, phases
 * 2–7) — read from the rate trace's `state`, `phase` and `pacingGain` columns. The rate panel
 * shades its background with them, as the cwnd panel shades slow start, congestion avoidance
 * and recovery. Pure and DOM-free: the mode is the engine's, never decided here.
 */
import { BBR_MODES, type Trace } from '../../engine';
import { flowRateRows } from './rates';
import { memo } from './traceCache';
import type { Theme } from './types';

/** The kinds of band, in legend order. */
export type BbrBandKey = 'startup' | 'drain' | 'probeUp' | 'probeDown' | 'cruise' | 'probeRtt';

export interface BbrBandStyle {
  key: BbrBandKey;
  /** Legend words: the mode and its pacing gain (engine BBR_GAIN_CYCLE, high and drain gains). */
  label: string;
  /** Word on the band (when it fits) and in the legend's swatch. */
  short: string;
  /** Translucent fill per theme (text on it keeps ≥ 4.5:1: the words sit on a halo). */
  fill: Record<Theme, string>;
}

/**
 * Okabe–Ito hues as the cwnd panel's phases use them: STARTUP in slow start's sky blue (it is
 * BBR's exponential start), DRAIN in reddish purple, PROBE_BW's probe up in bluish green and its
 * drain in amber, cruising faint grey, PROBE_RTT in vermillion.
 */
export const BBR_BAND_STYLES: readonly BbrBandStyle[] = [
  {
    key: 'startup',
    label: 'STARTUP (gain 2.89)',
    short: 'STARTUP',
    fill: {
      light: 'rgba(86, 180, 233, 0.18)',
      dark: 'rgba(86, 180, 233, 0.16)',
      projector: 'rgba(86, 180, 233, 0.24)',
    },
  },
  {
    key: 'drain',
    label: 'DRAIN (gain 0.35)',
    short: 'DRAIN',
    fill: {
      light: 'rgba(204, 121, 167, 0.22)',
      dark: 'rgba(204, 121, 167, 0.22)',
      projector: 'rgba(204, 121, 167, 0.30)',
    },
  },
  {
    key: 'probeUp',
    label: 'PROBE_BW up (gain 1.25)',
    short: 'BW↑',
    fill: {
      light: 'rgba(0, 158, 115, 0.20)',
      dark: 'rgba(0, 158, 115, 0.24)',
      projector: 'rgba(0, 158, 115, 0.26)',
    },
  },
  {
    key: 'probeDown',
    label: 'PROBE_BW down (0.75)',
    short: 'BW↓',
    fill: {
      light: 'rgba(230, 159, 0, 0.24)',
      dark: 'rgba(230, 159, 0, 0.22)',
      projector: 'rgba(230, 159, 0, 0.32)',
    },
  },
  {
    key: 'cruise',
    label: 'PROBE_BW cruise (1)',
    short: 'BW',
    fill: {
      light: 'rgba(120, 120, 120, 0.07)',
      dark: 'rgba(200, 200, 200, 0.06)',
      projector: 'rgba(120, 120, 120, 0.10)',
    },
  },
  {
    key: 'probeRtt',
    label: 'PROBE_RTT (cwnd 4)',
    short: 'PROBE_RTT',
    fill: {
      light: 'rgba(213, 94, 0, 0.18)',
      dark: 'rgba(213, 94, 0, 0.24)',
      projector: 'rgba(213, 94, 0, 0.24)',
    },
  },
];

const STYLE_OF = new Map(BBR_BAND_STYLES.map((s) => [s.key, s]));

/** The style of a band kind. */
export function bbrBandStyle(key: BbrBandKey): BbrBandStyle {
  return STYLE_OF.get(key)!;
}

/** One interval of the state lane. */
export interface BbrBand {
  t0: number;
  t1: number;
  key: BbrBandKey;
  /** The mode's name as the engine writes it (BBR_MODES). */
  mode: string;
  /** PROBE_BW's gain-cycle phase 0…7; −1 in the other modes. */
  phase: number;
  /** Pacing gain in force during the band. */
  pacingGain: number;
  /** The rate row (Trace.rates) of the ACK that began the band. */
  row: number;
}

/** The band kind of a (mode index, pacing gain) pair; null for a row without a BBR mode. */
export function bandKeyOf(state: number, pacingGain: number): BbrBandKey | null {
  switch (BBR_MODES[state]) {
    case 'STARTUP':
      return 'startup';
    case 'DRAIN':
      return 'drain';
    case 'PROBE_RTT':
      return 'probeRtt';
    case 'PROBE_BW':
      return pacingGain > 1 ? 'probeUp' : pacingGain < 1 ? 'probeDown' : 'cruise';
    default:
      return null;
  }
}

/**
 * The state lane of one flow: a band from each ACK that changed the mode or the PROBE_BW phase
 * (phases 2–7, cruising, make one band) to the next such ACK (the last to the end of the run). Memoised per trace.
 */
export function bbrBands(trace: Trace, flow: number): BbrBand[] {
  return memo(trace, `bbr-bands:${flow}`, () => {
    const R = trace.rates;
    const out: BbrBand[] = [];
    if (!R) return out;
    const rows = flowRateRows(trace, flow);
    for (let k = 0; k < rows.length; k++) {
      const i = rows[k]!;
      const key = bandKeyOf(R.state[i]!, R.pacingGain[i]!);
      const prev = out[out.length - 1];
      // PROBE_BW's six cruising phases are one band; every other phase or mode change is new.
      if (prev && prev.key === key && (key === 'cruise' || prev.phase === R.phase[i])) continue;
      if (prev) prev.t1 = R.time[i]!;
      if (key === null) continue;
      out.push({
        t0: R.time[i]!,
        t1: trace.stopS,
        key,
        mode: BBR_MODES[R.state[i]!] ?? '',
        phase: R.phase[i]!,
        pacingGain: R.pacingGain[i]!,
        row: i,
      });
    }
    return out;
  });
}

/** "PROBE_BW phase 0, pacing gain 1.25" / "STARTUP, pacing gain 2.89" / "PROBE_BW phases 2–7 …". */
export function bandText(b: BbrBand): string {
  const gain = Number.isFinite(b.pacingGain) ? `, pacing gain ${b.pacingGain.toFixed(2)}` : '';
  const phase = b.key === 'cruise' ? ' phases 2–7' : b.phase >= 0 ? ` phase ${b.phase}` : '';
  return `${b.mode}${phase}${gain}`;
}
