/**
 * Real traces for the panel tests: the Fall & Floyd (1996) topology S1 → R1 → K1 with a
 * 800 kb/s, 100 ms bottleneck and an 8-packet drop-tail queue at R1.
 */
import { run, type SenderId, type SimConfig, type Trace } from '../../../src/engine';

export function fallFloydConfig(
  sender: SenderId = 'reno',
  drops: number[] = [15, 27, 29],
  stopS = 6,
): SimConfig {
  return {
    nodes: ['S1', 'R1', 'K1'],
    links: [
      { a: 'S1', b: 'R1', bandwidthBps: 8e6, delayS: 0, queueLimit: 50 },
      { a: 'R1', b: 'K1', bandwidthBps: 800e3, delayS: 0.1, queueLimit: 8 },
    ],
    flows: [
      {
        id: 0,
        sender,
        src: 'S1',
        dst: 'K1',
        startS: 1.0,
        mssBytes: 1000,
        headerBytes: 40,
        windowPkts: 28,
        initialCwndPkts: 1,
        maxburst: 0,
        bugfix: true,
        dupackThreshold: 3,
        delayedAck: false,
        handshake: false,
        firstPacketWithoutHeader: true,
        minRtoS: 1,
        tickS: 0.01,
        initialRtoS: 3,
      },
    ],
    losses: [
      {
        from: 'R1',
        to: 'K1',
        drops: drops.map((packet) => ({ flow: 0, packet, transmission: 1 })),
        lossRate: 0,
        seed: 1,
      },
    ],
    stopS,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}

const cache = new Map<string, Trace>();

/** A (cached) trace of the Fall & Floyd scenario. */
export function fallFloydTrace(
  sender: SenderId = 'reno',
  drops: number[] = [15, 27, 29],
  stopS = 6,
): Trace {
  const key = `${sender}:${drops.join(',')}:${stopS}`;
  let t = cache.get(key);
  if (!t) {
    t = run(fallFloydConfig(sender, drops, stopS));
    cache.set(key, t);
  }
  return t;
}

/** Reno with the three scripted drops 15, 27, 29 (the classic Fall & Floyd figure). */
export const renoThreeDrops = (): Trace => fallFloydTrace('reno', [15, 27, 29]);
/** Reno without scripted drops: slow start overflows the 8-packet queue. */
export const renoNoDrops = (): Trace => fallFloydTrace('reno', []);

/** Count trace events matching a predicate. */
export function countEvents(trace: Trace, pred: (i: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < trace.packets.length; i++) if (pred(i)) n++;
  return n;
}
