/**
 * CUBIC against Reno (RFC 9438) on the long fat pipe of ../topologies/long-fat.ts. The numbers
 * in the notice were read off engine runs with the preset's defaults; tests/scenarios/cubic.test.ts
 * re-checks them.
 */
import type { Preset } from './types';

export const CUBIC_VS_RENO: Preset = {
  id: 'cubic-vs-reno',
  title: 'CUBIC and Reno’s window (SACK TCP) share a long fat pipe',
  group: 'CUBIC (RFC 9438)',
  topology: 'long-fat',
  open: 'end',
  steps: ['episode', 'decision'],
  // classic SACK recovery, as when the numbers below were read (rfc's default is PRR since issue 25)
  scenario: { profile: 'rfc', recovery: 'classic' },
  student:
    'CUBIC and SACK TCP (Reno’s window rules) share a fast, long-delay link. Watch the cwnd lines: after a loss SACK halves and grows one packet per round trip, CUBIC cuts less and climbs back on a curve, taking about two thirds of the data.',
  notice:
    'SACK TCP (flow 1: Reno’s window — halve at a loss, then one packet more per round trip) and CUBIC (flow 2: the same SACK recovery, RFC 9438’s window) share a 10 Mb/s, 50 ms bottleneck whose 60-packet queue is the only source of loss. ' +
    'Over 60 s CUBIC carries 65 % of the data and SACK 35 % (the link 95 % busy, Jain’s index 0.92): CUBIC cuts to 0.7 × FlightSize instead of half (its first loss, at 0.717 s: cwnd 118 → 84) and regrows to W_max within K = ∛(0.3·W_max/0.4) s — about 4 s for W_max ≈ 100, whatever the RTT — while SACK gains one packet per 0.1 s round trip. ' +
    'Alone, SACK keeps the link 90 % busy and CUBIC 95 % (flows=sack or flows=cubic). ' +
    'Both recover with classic SACK recovery here (recovery=classic); recovery=prr switches both to Proportional Rate Reduction (RFC 9937), the rfc profile’s default.',
  senderNotes: {
    sack: 'Step through a loss of flow 1: ssthresh = FlightSize/2 (RFC 5681 eq. 4), then congestion avoidance adds 1/cwnd per ACK.',
    cubic:
      'Watch CUBIC’s log rows after a loss: the concave region (growing toward W_max, slowing as it nears it), then the convex region past W_max; early in an epoch the Reno-friendly region may lead.',
  },
};

/** The topology's own preset: its defaults, for experiments of your own. */
export const LONG_FAT_PRESET: Preset = {
  id: 'long-fat',
  title: 'Long fat pipe, your own flows',
  group: 'CUBIC (RFC 9438)',
  topology: 'long-fat',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {},
  student:
    'A fast link with a long delay: about 120 packets must be in flight to keep it busy. Watch how long SACK TCP and CUBIC take to grow their windows that far, and what each loses when the router’s queue overflows.',
  notice:
    'A 10 Mb/s, 50 ms bottleneck (≈ 0.1 s round trip, ≈ 120 packets in flight fill it) with a 60-packet queue and no random loss: SACK TCP (flow 1) and CUBIC (flow 2), 60 s, profile ff96. ' +
    'Add flows with flows=…, set profile=rfc for the RFC text, or open cubic-vs-reno for the comparison with its numbers.',
};

export const CUBIC_PRESETS: readonly Preset[] = [CUBIC_VS_RENO, LONG_FAT_PRESET];
