/**
 * Alamgir, Atiquzzaman & Ivancic, §6.1, Fig. 9 ("SCTP retransmission of packet number 63"),
 * sentence by sentence, on the alamgir-fig9 preset: Original SCTP alone on the satellite
 * dumbbell (3 Mb/s, 250 ms; 1448-byte chunks; cwnd counted in 1468-byte MTUs, ns-2's
 * mtu_ 1500 − 32), TSN 24 dropped to bring cwnd to 17.34 MTUs, then TSN 63 dropped. Why the
 * preset starts differently from the paper's run (cwnd 12, 13 router buffers, the drop of 24) is
 * in src/scenarios/presets/sctp-alamgir-fig9.ts.
 *
 * The paper's times are absolute times 141 s into a long random-loss run; ours are 1.5–2.2 s
 * into the preset. Its packet counts are whole packets: "cwnd was 17 packets" is our
 * 25460 bytes = 17.34 MTUs and "reduced to eight (half the previous value)" our
 * 12730 bytes = 8.67 MTUs — both read as the whole number of MTUs below them (17.34 → 17,
 * 8.67 → 8), as a plot of cwnd in packets shows them.
 */
import { decisionsOf, samplesOf } from '../../../src/engine';
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Decision, type Trace } from '../../../src/engine';
import { buildSimConfig } from '../../../src/scenarios/build';
import { presetDefaults } from '../../../src/scenarios/defaults';
import { getPreset } from '../../../src/scenarios/presets';
import { ackFor, before, dupAcks } from './trace-query';

const MTU = 1468; // cwnd unit: path MTU 1500 − IP 20 − SCTP common header 12
const CHUNK = 1448; // what one DATA chunk counts in the outstanding data
const PKT_TIME = ((CHUNK + 48) * 8) / 3e6; // one 1496-byte packet on the 3 Mb/s link

const t = run(buildSimConfig(presetDefaults('alamgir-fig9')));
const dups = dupAcks(t, 62);
const r3 = (x: number) => Math.round(x * 1000) / 1000;
const bytes = (mtus: number) => Math.round(mtus * MTU);
const chunks = (mtus: number) => Math.round((mtus * MTU) / CHUNK);

/** The data packet whose arrival at the receiver N4 produced the SACK a decision reacts to. */
function sackedBy(tr: Trace, d: Decision): number {
  if (d.trigger.kind !== 'ack') return NaN;
  const P = tr.packets;
  const X = tr.transmissions;
  const uid = P.uid[d.trigger.event]!;
  const n4 = tr.nodes.indexOf('N4');
  let sentAt = -1;
  for (let i = 0; i < P.length; i++) {
    if (P.uid[i] === uid && P.kind[i] === PacketEventKind.send) sentAt = P.time[i]!;
  }
  for (let i = 0; i < P.length; i++) {
    if (
      P.kind[i] === PacketEventKind.deliver &&
      P.node[i] === n4 &&
      X.type[P.uid[i]!] === PacketType.data &&
      P.time[i] === sentAt
    )
      return X.packet[P.uid[i]!]!;
  }
  return NaN;
}

/** Data packets of flow 1 dropped on the way, with the time. */
function dataDrops(tr: Trace): { packet: number; time: number; retx: number }[] {
  const P = tr.packets;
  const X = tr.transmissions;
  const out = [];
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.drop && X.type[u] === PacketType.data)
      out.push({ packet: X.packet[u]!, time: P.time[i]!, retx: X.retx[u]! });
  }
  return out;
}

/** cwnd in bytes at time `at` (the last sample at or before it). */
function cwndAt(tr: Trace, at: number): number {
  let c = NaN;
  for (const s of samplesOf(tr)) if (s.time <= at) c = s.cwndBytes;
  return c;
}

describe('Alamgir et al. §6.1, Fig. 9: Original SCTP loses packet 63 at cwnd 17', () => {
  it('"Packet number 63 was lost at t = 141.6715, when cwnd was 17 packets."', () => {
    const lost = dataDrops(t);
    expect(lost.map((d) => d.packet)).toEqual([24, 63]); // 24 only sets the scene (see the preset)
    const d63 = lost[1]!;
    expect(d63.retx).toBe(0);
    expect(r3(d63.time)).toBe(1.571);
    const cwnd = cwndAt(t, d63.time);
    expect(cwnd).toBe(25460); // 17.34 MTUs: "17 packets" as whole MTUs
    expect(Math.floor(cwnd / MTU)).toBe(17);
    // 17.34 MTUs hold 18 chunks (hand count: 17 · 1448 = 24616 < 25460 ≤ 18 · 1448 = 26064, and
    // the sender may go on while outstanding < cwnd): the first SACK for 62 sends 69–80, so
    // 63–80 are out, and nothing more goes until the duplicates
    const a62 = ackFor(t, 62);
    expect(a62.packets).toEqual([69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80]);
    expect(bytes(a62.after.cwnd)).toBe(cwnd);
    expect(bytes(a62.after.flightsize)).toBe(18 * CHUNK);
  });

  it('"Between t = 142.1858 and 142.2098, seven dupacks arrived at the source."', () => {
    // Every chunk after 63 brings a duplicate SACK (64–80, then 81–83): 20 in all. The paper's
    // first seven arrive within 24 ms, one packet time (4 ms) apart; ours: the SACKs for 64–68
    // one packet time apart, then, after a pause of 48 ms, those for 69 and 70 (sent later, in
    // the burst at 1.636 s).
    expect(dups).toHaveLength(20);
    expect(dups.map((d) => sackedBy(t, d))).toEqual(
      [...Array(17).keys()].map((i) => 64 + i).concat([81, 82, 83]),
    );
    const seven = dups.slice(0, 7);
    expect(seven.map((d) => r3(d.time))).toEqual([2.086, 2.09, 2.094, 2.098, 2.102, 2.15, 2.154]);
    for (let i = 1; i < 5; i++)
      expect(seven[i]!.time - seven[i - 1]!.time).toBeCloseTo(PKT_TIME, 9);
    expect(seven[6]!.time - seven[5]!.time).toBeCloseTo(PKT_TIME, 9);
    // then the 48-ms pause (2.102 → 2.150 s): 69 and 70 left S1 only in the burst on the first
    // SACK for 62 (1.636 s), after 64–68
  });

  // The paper's seven dupacks come back to back: 142.2098 − 142.1858 = 24 ms = 6 packet times
  // (6 · 3.99 ms). The preset's do not (5 back to back, then the 48-ms pause above), because its
  // window before 63 was not sent smoothly — the SACK for 62 covers the repaired TSN 24 and
  // releases 69–80 at once. A preset property (how cwnd 17 is reached), not an engine rule;
  // this test fails when a preset reproduces the paper's spacing (then assert 24 ms here).
  it("the paper's first seven dupacks arrive within 24 ms (six packet times) — preset: within 68 ms (five back to back, then the 48-ms pause)", () => {
    expect(r3(6 * PKT_TIME)).toBe(0.024); // the paper's spread, for reference
    expect(r3(dups[6]!.time - dups[0]!.time)).toBe(0.068); // 2.154 − 2.086 s (hand count above)
  });

  it('"As the first three dupacks arrived, three new packets (number 81, 82 and 83) were clocked out without any change to the cwnd, since the arrival of the dupacks indicated that three packets had left the network."', () => {
    const first3 = dups.slice(0, 3);
    expect(first3.map((d) => sackedBy(t, d))).toEqual([64, 65, 66]); // three packets left the network
    expect(first3.map((d) => d.packets)).toEqual([[81], [82], [83]]);
    for (const d of first3) {
      expect(d.code).toBe('sctp.missing-report');
      expect(d.changes.cwnd).toBeUndefined();
      expect(bytes(d.after.cwnd)).toBe(25460);
      // 18 chunks out before and after: the chunk the SACK reports makes room for one new one
      expect(chunks(before(d, 'flightsize'))).toBe(18);
      expect(chunks(d.after.flightsize)).toBe(18);
    }
  });

  it('"When the fourth dupack arrived, the lost packet (number 63) was retransmitted and cwnd was reduced to eight (half the previous value)."', () => {
    const d = dups[3]!;
    expect(r3(d.time)).toBe(2.098);
    expect(d.trigger).toMatchObject({ kind: 'ack', cumAck: 62, dupacks: 4 });
    expect(d.code).toBe('sctp.fast-retransmit');
    expect(d.packets).toEqual([63]);
    expect([bytes(before(d, 'cwnd')), bytes(d.after.cwnd), bytes(d.after.ssthresh)]).toEqual([
      25460, 12730, 12730,
    ]);
    expect(Math.floor(d.after.cwnd)).toBe(8); // 8.67 MTUs: "eight"
    // Original SCTP (RFC 2960 §7.2.3): ssthresh = max(cwnd/2, 2·MTU), cwnd = ssthresh
    expect(bytes(d.after.ssthresh)).toBe(Math.max(bytes(before(d, 'cwnd')) / 2, 2 * MTU));
  });

  it('"The lost packet was retransmitted even though the flightsize was equal to the cwnd at that time, leaving no room for another packet transmission or retransmission."', () => {
    const d = dups[3]!;
    // 17 chunks are outstanding (63, still counted, and 68–83): as many as cwnd had whole MTUs
    // before the cut (17.34), and almost twice cwnd after it (8.67).
    expect(chunks(d.after.flightsize)).toBe(17);
    expect(chunks(d.after.flightsize)).toBe(Math.floor(before(d, 'cwnd')));
    expect(bytes(d.after.flightsize)).toBeGreaterThanOrEqual(bytes(d.after.cwnd));
    expect(d.packets).toEqual([63]); // nothing else
    // and the next dupacks, 5th to 7th (on to the 12th), send nothing: the outstanding data
    // shrinks one chunk per SACK but stays above cwnd
    for (const x of dups.slice(4, 12)) {
      expect(x.packets).toEqual([]);
      expect(chunks(before(x, 'flightsize')) - chunks(x.after.flightsize)).toBe(1);
      expect(bytes(x.after.flightsize)).toBeGreaterThanOrEqual(bytes(x.after.cwnd));
    }
  });

  it('"First of all, SCTP was able to retransmit a lost packet by ignoring the flightsize and cwnd at the moment of retransmission."', () => {
    const d = dups[3]!;
    // 17 chunks (24616 bytes) outstanding against cwnd 12730 bytes: no window, yet 63 went out
    expect(bytes(d.after.flightsize)).toBe(17 * CHUNK);
    expect(bytes(d.after.flightsize) - bytes(d.after.cwnd)).toBe(11886);
    expect(d.packets).toEqual([63]);
    expect(t.flowStats[0]!.timeouts).toBe(0);
  });

  it('"Secondly, SCTP was able to clock out new data when the first three dupacks arrived; the acks were not wasted."', () => {
    expect(dups.slice(0, 3).flatMap((d) => d.packets)).toEqual([81, 82, 83]);
    // the TCP counterpart (alamgir-fig8): the first two duplicate ACKs send nothing
    const tcp = run(buildSimConfig(presetDefaults('alamgir-fig8')));
    const tcpDups = decisionsOf(tcp).filter(
      (d) => d.trigger.kind === 'ack' && d.trigger.cumAck === 6 && d.trigger.dupacks > 0,
    );
    expect(tcpDups.slice(0, 2).map((d) => d.packets)).toEqual([[], []]);
    expect(tcpDups[2]!.packets).toEqual([7]);
  });
});

describe('alamgir-fig9: the preset notice', () => {
  const notice = getPreset('alamgir-fig9')!.notice;

  it('states the numbers of this run', () => {
    const cut24 = decisionsOf(t).find(
      (d) => d.code === 'sctp.fast-retransmit' && d.packets[0] === 24,
    )!;
    expect([before(cut24, 'cwnd'), cut24.after.cwnd].map((x) => x.toFixed(2))).toEqual([
      '34.69',
      '17.34',
    ]);
    expect(r3(dataDrops(t)[1]!.time)).toBe(1.571);
    expect(r3(ackFor(t, 62).time)).toBe(1.636);
    expect(ackFor(t, 62).packets).toEqual([69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80]);
    expect(r3(dups[0]!.time)).toBe(2.086);
    expect(r3(dups[3]!.time)).toBe(2.098);
    expect(dups[3]!.after.cwnd.toFixed(2)).toBe('8.67');
    expect(dups.slice(4, 12).every((d) => d.packets.length === 0)).toBe(true);
    expect(dups.slice(12).map((d) => d.packets)).toEqual([
      [84],
      [85],
      [86],
      [87],
      [88],
      [89],
      [90],
      [91],
    ]);
    for (const s of [
      '34.69',
      '17.34',
      '1.571 s',
      '2.086 s',
      '2.098 s',
      '8.67',
      '81, 82 and 83',
      '84–91',
      '1.636 s',
      '69–80',
      '13 buffers',
      'cwnd at 12',
    ])
      expect(notice).toContain(s);
  });

  it('the scenario: the paper’s link, window and payload; one SCTP flow; no random loss', () => {
    const s = presetDefaults('alamgir-fig9');
    expect(s).toMatchObject({ loss: 0, bw: 3e6, delay: 0.25, queue: 13 });
    expect(s.flows).toHaveLength(1);
    expect(s.flows[0]).toMatchObject({
      sender: 'sctp-2960',
      mss: 1448,
      window: 45,
      delack: false,
      icwnd: 12,
      profile: 'ff96',
    });
    const cfg = buildSimConfig(s);
    expect(cfg.flows[0]!.pathMtuBytes).toBe(1500);
    expect(t.linkStats[t.bottleneck]!.drops).toEqual({ scripted: 2, overflow: 0, random: 0 });
  });
});
