/**
 * Seeding of the run's random streams (src/engine/core/seeding.ts; issue 23 item 8): every
 * stream's xoroshiro128+ state comes from SplitMix64, as the generator's authors recommend, so
 * neighbouring seeds give unrelated draws from the first one on. Before, the state was the seed
 * itself ((-1, ~seed, seed, 0) in 32-bit words), and the first draw of a stream was the same
 * for seeds 0–31.
 *
 * The reference values are the outputs of the authors' C code (splitmix64.c,
 * xoroshiro128plus.c), compiled and run once: SplitMix64 from 0 and from 1234567, and
 * xoroshiro128+ with s[0], s[1] = the first two SplitMix64 outputs.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/engine';
import { streamHash, seededGenerator, splitMix64 } from '../../../src/engine/core/seeding';
import { RandomStream } from '../../../src/engine/core/streams';
import { LossPoint } from '../../../src/engine/net/loss';
import { NO_BLOCKS, type Packet } from '../../../src/engine/net/packet';
import { DropCause, PacketType } from '../../../src/engine/trace/types';
import { buildSimConfig, parseScenarioQuery } from '../../../src/scenarios';

const hex = (v: bigint) => v.toString(16).padStart(16, '0');

describe('SplitMix64 and the streams’ xoroshiro128+ states', () => {
  it('SplitMix64 gives the reference outputs', () => {
    const from = (x: bigint, n: number) => {
      const out: bigint[] = [];
      let s = x;
      for (let i = 0; i < n; i++) {
        const r = splitMix64(s);
        s = r.state;
        out.push(r.value);
      }
      return out;
    };
    expect(from(0n, 5).map(hex)).toEqual([
      'e220a8397b1dcdaf',
      '6e789e6aa1b965f4',
      '06c45d188009454f',
      'f88bb8a8724c81ec',
      '1b39896a51a8749b',
    ]);
    expect(from(1234567n, 5)).toEqual([
      6457827717110365317n,
      3203168211198807973n,
      9817491932198370423n,
      4593380528125082431n,
      16408922859458223821n,
    ]);
  });

  it('xoroshiro128+ seeded through SplitMix64 gives the reference outputs (low 32 bits)', () => {
    // 64-bit outputs of the reference code for SplitMix64 seeds 0, 7 · 2^32 + 0x811c9dc5 and 2^64 − 1
    const cases: [number, number, string[]][] = [
      [0, 0, ['509946a41cd733a3', 'd805fcac6824536e', 'dadc02f3e3cf7be3', '622e4dd99d2720e5']],
      [
        7,
        0x811c9dc5,
        ['e421e0124da60df7', '76f235ff50a5d69f', '83be5ea8982a62cf', '92cc612c53949167'],
      ],
      [
        0xffffffff,
        0xffffffff,
        ['ce7969def75baee9', '05c309d0f76f99b0', '89e339d2525a4a88', '7dd8379f4c35073a'],
      ],
    ];
    for (const [seed, hash, outs] of cases) {
      const g = seededGenerator(seed, hash);
      const got = outs.map(() => g.next() >>> 0);
      expect(got, `seed ${seed} hash ${hash}`).toEqual(
        outs.map((o) => Number(BigInt(`0x${o}`) & 0xffffffffn)),
      );
    }
  });

  it('a stream name’s hash is its 32-bit FNV-1a (the empty name: the offset basis)', () => {
    expect(streamHash('')).toBe(0x811c9dc5);
    expect(streamHash('a')).toBe(0xe40c292c);
  });
});

let uid = 0;
const dataPacket = (flow: number, seq: number): Packet => ({
  uid: uid++,
  flow,
  type: PacketType.data,
  src: 0,
  dst: 1,
  size: 1040,
  seq,
  retx: false,
  sentAt: 0,
  cumAck: 0,
  blocks: NO_BLOCKS,
  forSeq: 0,
  tsEcho: 0,
  ecn: 0,
  ecnFlags: 0,
});

describe('seeds 1–30 give 30 different first draws per stream', () => {
  const SEEDS = Array.from({ length: 30 }, (_, i) => i + 1);

  it('every named stream (applications, jitter, Gilbert–Elliott, HEARTBEAT), flows 1–4', () => {
    const names = [
      ...[
        'ftp.size',
        'ftp.think',
        'onoff.on',
        'onoff.off',
        'voip.hold',
        'voip.gap',
        'voip.talk',
        'voip.silence',
      ].map((n) => `app.${n}`),
      'jitter',
      'gilbert',
      'sctp.hb',
    ];
    for (const name of names) {
      for (let index = 0; index < 4; index++) {
        // different to six decimals, not only in the last bits (the old seeding changed the first
        // uniform by < 2^-26 between seeds 0 and 31)
        const first = SEEDS.map((seed) =>
          Math.floor(new RandomStream(seed, name, index).uniform() * 1e6),
        );
        expect(new Set(first).size, `${name} #${index}`).toBe(30);
      }
    }
  });

  it('a loss point’s stream of every flow: the first loss decision spreads over the seeds', () => {
    // At loss rate 0.5 the first packet of a flow is lost for about half the seeds; with the
    // old seeding it was the same fate for all of them (the first draw did not depend on the
    // seed's low 5 bits).
    for (let flow = 0; flow < 4; flow++) {
      const lost = SEEDS.filter((seed) => {
        const lp = new LossPoint({ from: 'R1', to: 'K1', drops: [], lossRate: 0.5, seed });
        return lp.judge(dataPacket(flow, 1)) === DropCause.random;
      });
      expect(lost.length, `flow ${flow}`).toBeGreaterThan(5);
      expect(lost.length, `flow ${flow}`).toBeLessThan(25);
    }
  });

  it('the issue’s ftp-clients run: the first file differs between seeds (was 127 packets for all 12)', () => {
    const q = 'preset=fall-floyd&sender=reno&app=ftp-clients&bytes=80000&think=1000&stop=60';
    const bytes = Array.from({ length: 12 }, (_, i) => {
      const p = parseScenarioQuery(`${q}&seed=${i + 1}`);
      if (!p.ok) throw new Error(JSON.stringify(p.errors));
      const t = run(buildSimConfig(p.scenario), { record: 'metrics' });
      return t.flowStats[0]!.packetsSent;
    });
    // One file in 60 s, its Pareto size rounded up to whole 1000-byte packets: most files are
    // near the 12-packet minimum, so two seeds may draw the same packet count.
    expect(new Set(bytes).size).toBeGreaterThanOrEqual(8);
  });
});
