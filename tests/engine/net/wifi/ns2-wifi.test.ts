/**
 * The 802.11 cell under ns-2.35's DCF rules (WifiCellConfig.compat 'ns2') against three of the
 * ns-2.35 Mac/802_11 runs of tests/fixtures/ns2-wifi/ (one saturated station, basic access and
 * RTS/CTS; five stations, basic access), each within the tolerance stated at its assertion; the
 * other runs (2 and 10 stations, RTS/CTS at 5, TCP, SCTP) are in tests/tables/ns2-wifi.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { PHY_80211B_NS2, wifiPhy } from '../../../../src/engine';
import { expectSaturatedUdpLikeNs2 } from './ns2-wifi';

describe('ns-2.35 Mac/802_11 timing (compat ns2)', () => {
  it('frame airtimes are mac-802_11.cc txtime(): PLCP at 1 Mb/s, the rest unrounded', () => {
    const us = (ns: number): number => ns / 1000;
    // ACK and CTS 38 bytes with the PLCP's 24, RTS 44, all at basicRate_ 1 Mb/s
    expect(us(PHY_80211B_NS2.ackNs)).toBe(304);
    expect(us(PHY_80211B_NS2.ctsNs)).toBe(304);
    expect(us(PHY_80211B_NS2.rtsNs)).toBe(352);
    // a 1028-byte datagram: 192 µs + (1028 + 34) · 8 / 11 µs (the engine's MPDU counts 36)
    expect(us(PHY_80211B_NS2.dataNs(1028 + 36))).toBeCloseTo(192 + (1062 * 8) / 11, 3);
    expect(us(PHY_80211B_NS2.responseTimeoutNs)).toBe(318);
    expect(() => wifiPhy({ phy: 'g', compat: 'ns2' })).toThrow(RangeError);
  });

  // throughput measured 0.0–0.2 % from ns-2's; retry-limit drops: none at n ≤ 5 (ns-2: none)
  for (const name of ['udp-basic-n1', 'udp-rts-n1', 'udp-basic-n5'])
    it(`${name}: throughput, service-time distribution, collisions, drops`, () =>
      expectSaturatedUdpLikeNs2(name, 0));
});
