/**
 * Gilbert–Elliott loss (LossConfig.gilbert): a two-state chain per flow per loss point, stepped
 * per data packet, from the loss point's stream 'gilbert' (index = flow id).
 */
import { describe, expect, it } from 'vitest';
import { DropCause, PacketEventKind, run, type SimConfig } from '../../../src/engine';
import { RandomStream } from '../../../src/engine/core/streams';
import { GilbertElliott } from '../../../src/engine/net/gilbert';
import { LossPoint } from '../../../src/engine/net/loss';
import type { Packet } from '../../../src/engine/net/packet';
import { fingerprint } from '../../../src/trace/fingerprint';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { flowOf, pathWith } from '../udp/config';

const G = { pGoodBad: 0.05, pBadGood: 0.25, lossGood: 0, lossBad: 1 };

function dataPacket(flow: number, seq: number): Packet {
  return {
    uid: seq,
    flow,
    type: 0,
    src: 0,
    dst: 1,
    size: 1000,
    seq,
    retx: false,
    sentAt: 0,
    cumAck: 0,
    blocks: [],
    forSeq: 0,
    tsEcho: 0,
    ecn: 0,
    ecnFlags: 0,
  };
}

describe('GilbertElliott', () => {
  it('steps as written: loss in the current state, then the transition (two draws per packet)', () => {
    const chain = new GilbertElliott(
      { pGoodBad: 0.5, pBadGood: 0.5, lossGood: 0.1, lossBad: 0.9 },
      42,
      3,
    );
    const u = new RandomStream(42, 'gilbert', 3);
    let bad = false;
    for (let k = 0; k < 200; k++) {
      const lost = u.uniform() < (bad ? 0.9 : 0.1);
      const v = u.uniform();
      bad = bad ? !(v < 0.5) : v < 0.5;
      expect(chain.lose()).toBe(lost);
      expect(chain.inBad).toBe(bad);
    }
  });

  it('long run: loss rate π_B = pGB/(pGB+pBG) and Bad bursts of 1/pBG packets', () => {
    const chain = new GilbertElliott(G, 7, 0);
    const n = 400_000;
    let lost = 0;
    let bursts = 0;
    let prev = false;
    for (let k = 0; k < n; k++) {
      const l = chain.lose();
      if (l) lost++;
      if (l && !prev) bursts++;
      prev = l;
    }
    const piB = G.pGoodBad / (G.pGoodBad + G.pBadGood); // 1/6
    expect(Math.abs(lost / n / piB - 1)).toBeLessThan(0.03);
    expect(Math.abs(lost / bursts / (1 / G.pBadGood) - 1)).toBeLessThan(0.03); // 4 packets
  });

  it('refuses a probability outside [0, 1]', () => {
    expect(
      () =>
        new LossPoint({
          from: 'a',
          to: 'b',
          drops: [],
          lossRate: 0,
          seed: 1,
          gilbert: { ...G, lossBad: 1.5 },
        }),
    ).toThrow(RangeError);
  });
});

describe('LossPoint with gilbert', () => {
  it('replaces lossRate, one chain per flow, spares packets without payload', () => {
    const lp = new LossPoint({ from: 'a', to: 'b', drops: [], lossRate: 1, seed: 9, gilbert: G });
    const c0 = new GilbertElliott(G, 9, 0);
    const c2 = new GilbertElliott(G, 9, 2);
    for (let k = 1; k <= 500; k++) {
      // Interleave flows 0 and 2: each one's losses are its own chain's.
      expect(lp.judge(dataPacket(0, k)) === DropCause.random).toBe(c0.lose());
      expect(lp.judge(dataPacket(2, k)) === DropCause.random).toBe(c2.lose());
    }
    expect(lp.judge({ ...dataPacket(0, 501), label: 'SYN' })).toBe(DropCause.none);
    expect(lp.judge({ ...dataPacket(0, 501), type: 1 })).toBe(DropCause.none);
  });

  it('a UDP CBR flow through a bursty R1 → K1: drops come in runs; absent gilbert changes nothing', async () => {
    const base: SimConfig = pathWith([flowOf(0, { kind: 'cbr', pps: 50 }, 972)], 41);
    const cfg: SimConfig = {
      ...base,
      losses: base.losses.map((l) => ({ ...l, gilbert: G, seed: 3 })),
    };
    const t = run(cfg);
    const p = t.packets;
    let drops = 0;
    for (let i = 0; i < p.length; i++) if (p.kind[i] === PacketEventKind.drop) drops++;
    const s = t.flowStats[0]!;
    expect(s.packetsSent).toBe(2000);
    // 2000 packets at the loss point: π_B = 1/6 → ~333 lost (σ ≈ 40 with bursts of 4).
    expect(drops).toBeGreaterThan(200);
    expect(drops).toBeLessThan(470);
    expect(t.linkStats[2]!.drops.random).toBe(drops);
    const ff = fallFloydConfig('reno', [14], { stopS: 8 });
    const a = await fingerprint(run(ff));
    expect(
      await fingerprint(
        run({ ...ff, losses: ff.losses.map((l) => ({ ...l, gilbert: undefined })) }),
      ),
    ).toBe(a);
  });
});
