import type { FlowConfig, ScriptedDrop, SimConfig, SctpSenderId, TcpSenderId } from '../../../src/engine';

/** The Fall & Floyd topology of REFERENCE.md with one flow (tests build it directly). */
export interface FallFloydOptions {
  sender: SctpSenderId | TcpSenderId;
  /** Packet numbers (TSNs) dropped at R1 on their first transmission. */
  drops?: number[];
  /** Extra scripted drops (any transmission). */
  scripted?: ScriptedDrop[];
  flow?: Partial<FlowConfig>;
  stopS?: number;
  lossRate?: number;
  seed?: number;
}

export function fallFloyd(o: FallFloydOptions): SimConfig {
  const isSctp = o.sender.startsWith('sctp-');
  const flow: FlowConfig = {
    id: 0,
    sender: o.sender,
    src: 'S1',
    dst: 'K1',
    startS: 1.0,
    mssBytes: 1000,
    headerBytes: 40,
    windowPkts: 28,
    initialCwndPkts: 1,
    maxburst: isSctp ? 4 : 0,
    bugfix: true,
    dupackThreshold: o.sender === 'sctp-4960' || !isSctp ? 3 : 4,
    delayedAck: false,
    handshake: false,
    firstPacketWithoutHeader: false,
    minRtoS: 1,
    tickS: 0.01,
    initialRtoS: isSctp ? 3 : 3,
    ...o.flow,
  };
  return {
    nodes: ['S1', 'R1', 'K1'],
    links: [
      { a: 'S1', b: 'R1', bandwidthBps: 8e6, delayS: 0, queueLimit: 100 },
      { a: 'R1', b: 'K1', bandwidthBps: 800e3, delayS: 0.1, queueLimit: 8 },
    ],
    flows: [flow],
    losses: [
      {
        from: 'R1',
        to: 'K1',
        drops: [...(o.drops ?? []).map((packet) => ({ flow: 0, packet, transmission: 1 })), ...(o.scripted ?? [])],
        lossRate: o.lossRate ?? 0,
        seed: o.seed ?? 1,
      },
    ],
    stopS: o.stopS ?? 6.0,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}

/** ns-2.35 Agent/SCTP as the reference traces ran it: 1008-byte chunks in 1040-byte packets,
 * initial cwnd 4 chunks, handshake + HEARTBEAT, Max.Burst on, every packet SACKed. */
export function ns2Sctp(threshold: 3 | 4, drops: number[]): SimConfig {
  return fallFloyd({
    sender: threshold === 4 ? 'sctp-newreno' : 'sctp-4960',
    drops,
    flow: {
      mssBytes: 1008,
      headerBytes: 32,
      initialCwndPkts: 4,
      dupackThreshold: threshold,
      handshake: true,
      maxburst: 4,
    },
  });
}
