/**
 * Every preset with TCP flows: run → pcap export → capture import (tests/capture/
 * roundtrip-helpers.ts). Retransmissions and duplicate ACKs equal the run's own on every flow.
 * Fast retransmits: equal on every flow but three, by one — a retransmission the sender makes
 * with fewer than 3 duplicate ACKs just after a recovery ends begins our episode as `rack`
 * before the sender's 3rd duplicate ACK cuts cwnd (long-fat, bbr-vs-cubic-deep); the one of
 * red-floyd-jacobson (no handshake in the capture, side unknown) is not examined yet.
 * Timeouts are reported, not asserted: a capture sees when the retransmission came, not when
 * the sender's timer fired, and the heuristic (analyse.ts) finds fewer than the SACK senders'
 * expiries.
 *
 * Behind a wireless cell (vicuna-wifi-*, vicuna-wimax-*; the capture at n1 is on the
 * receiver's side of the FTP clients' uploads or in the middle) the loop through the sender
 * is long (contention, MAC retries and 5 ms frames hold the clients' ACKs); analyse.ts reads
 * a retransmission one such loop after the 3rd duplicate ACK as its answer, and one that comes
 * later than one loop after the last duplicate ACK as answering none (NewReno letting them
 * pass after a timeout, RFC 6582 §3.2; also in the wired vicuna-*-tcp-sctp, seen mid-path), so
 * these presets meet the common bound (when written: 0 differences on them, 3 of 1705 fast
 * retransmits in all, 0.2 %).
 *
 * Presets that open on the same engine config (Vicuña et al.'s scenarios b–g on scenario a's,
 * …: tests/helpers/config-key.ts) make the same run, export and import: each config's round trip
 * is made once (89 presets on 54 configs when written) and every preset is judged, and counted in the total,
 * on it.
 */
import { describe, expect, it } from 'vitest';
import { resolveQuery } from '../../src/cli/scenario';
import { PRESETS } from '../../src/scenarios/presets';
import { memoByConfig } from '../helpers/config-key';
import { roundTripOf, type FlowCounts } from '../capture/roundtrip-helpers';

const roundTripOnce = memoByConfig(roundTripOf);
function roundTrip(query: string): FlowCounts[] {
  const r = resolveQuery(query);
  if (!r.ok) throw new Error(`bad query ${query}`);
  return roundTripOnce(r.config, query);
}

describe('capture round trip on every TCP preset', () => {
  let flows = 0;
  let fastDiffs = 0;
  let fastTotal = 0;
  it.each(PRESETS.map((p) => p.id))('%s', (id) => {
    for (const f of roundTrip(`preset=${id}`)) {
      flows++;
      expect(f.retransmissions[0]).toBe(f.retransmissions[1]);
      expect(f.duplicateAcks[0]).toBe(f.duplicateAcks[1]);
      const d = Math.abs(f.fastRetransmits[0] - f.fastRetransmits[1]);
      expect(d).toBeLessThanOrEqual(1);
      fastDiffs += d;
      fastTotal += f.fastRetransmits[1];
    }
  });
  it('fast retransmits: differences are under 3.5 % of them (0.2 % when written, the Wi-Fi and WiMAX presets included)', () => {
    expect(flows).toBeGreaterThan(60);
    expect(fastTotal).toBeGreaterThan(1500);
    expect(fastDiffs / fastTotal).toBeLessThan(0.035);
  });
});
