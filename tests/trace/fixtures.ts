/**
 * The Fall & Floyd setup (REFERENCE.md) as an engine config, built inline so the trace tests
 * depend only on the engine.
 */
import { run, type FlowConfig, type SenderId, type SimConfig, type Trace } from '../../src/engine';

export function fallFloyd(
  sender: SenderId,
  drops: number[],
  stopS = 6,
  flow: Partial<FlowConfig> = {},
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
        ...flow,
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

/** Run (once per test file) the fall-floyd scenario with these drops. */
export function fallFloydTrace(sender: SenderId, drops: number[]): Trace {
  const key = `${sender}:${drops.join(',')}`;
  let t = cache.get(key);
  if (!t) {
    t = run(fallFloyd(sender, drops));
    cache.set(key, t);
  }
  return t;
}
