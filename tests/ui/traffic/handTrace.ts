/**
 * A small hand-made trace for the traffic tests: three flows (flow 1 Reno bulk/tcp to K1, flow 2
 * a UDP VoIP source to K2, flow 3 Reno bulk/tcp to K1), a dozen packet events whose one-way
 * delays and RFC 3550 jitter are worked out by hand in the tests. Only the columns the traffic
 * model reads are meaningful. The events of one uid agree on its flow and type (one
 * transmission row each).
 */
import {
  PacketEventKind as K,
  PacketType as T,
  type FlowInfo,
  type Trace,
} from '../../../src/engine';

const NODES = ['S1', 'R1', 'K1', 'S2', 'K2'];

/** [time, kind, node, flow, type, uid] */
type Ev = [number, number, number, number, number, number];

export const HAND_EVENTS: Ev[] = [
  [0.0, K.send, 0, 0, T.data, 1],
  [0.0, K.send, 3, 1, T.data, 5],
  [0.01, K.arrive, 1, 0, T.data, 1],
  [0.02, K.send, 0, 0, T.data, 2],
  [0.02, K.send, 3, 1, T.data, 6],
  [0.03, K.deliver, 4, 1, T.data, 5], // flow 2: 0.03 s
  [0.04, K.send, 0, 0, T.data, 3],
  [0.04, K.deliver, 4, 1, T.data, 6], // flow 2: 0.02 s
  [0.05, K.deliver, 2, 0, T.data, 1], // flow 1: 0.05 s
  [0.05, K.drop, 1, 0, T.data, 3], // flow 1 loses uid 3
  [0.09, K.deliver, 2, 0, T.data, 2], // flow 1: 0.07 s
  [0.1, K.deliver, 0, 0, T.ack, 9], // an ACK back at S1: not a data delivery
  [0.15, K.send, 0, 0, T.data, 4], // the retransmission of uid 3's packet
  [0.2, K.send, 0, 2, T.data, 7],
  [0.25, K.deliver, 2, 0, T.data, 4], // flow 1: 0.10 s
  [0.28, K.deliver, 2, 2, T.data, 7], // flow 3: 0.08 s
];

function flow(
  id: number,
  sender: string,
  protocol: 'tcp' | 'udp',
  app: string,
  dst: string,
): FlowInfo {
  return {
    id,
    sender,
    protocol,
    app,
    src: id === 1 ? 'S2' : 'S1',
    dst,
    mssBytes: 1000,
    dupackThreshold: 3,
    windowPkts: 20,
    initialCwndPkts: 1,
    maxburst: 0,
  } as FlowInfo;
}

export function handTrace(): Trace {
  const n = HAND_EVENTS.length;
  const col = <A extends { [k: number]: number }>(make: (n: number) => A, k: number) => {
    const a = make(n);
    HAND_EVENTS.forEach((e, i) => (a[i] = e[k]!));
    return a;
  };
  const packets = {
    length: n,
    time: col((m) => new Float64Array(m), 0),
    kind: col((m) => new Uint8Array(m), 1),
    node: col((m) => new Uint16Array(m), 2),
    uid: col((m) => new Int32Array(m), 5),
    link: new Int16Array(n).fill(-1),
    qlen: new Uint16Array(n),
    cause: new Uint8Array(n),
  };
  // One row per uid 0 … max uid (the uids this trace does not use stay zero); packet = uid.
  let rows = 0;
  for (const e of HAND_EVENTS) rows = Math.max(rows, e[5] + 1);
  const transmissions = {
    length: rows,
    flow: new Uint16Array(rows),
    type: new Uint8Array(rows),
    packet: new Int32Array(rows),
    retx: new Uint8Array(rows),
    cumAck: new Int32Array(rows),
    sackBlocks: new Uint8Array(rows),
    size: new Uint16Array(rows).fill(1040),
  };
  for (const [, , , flow, type, uid] of HAND_EVENTS) {
    transmissions.flow[uid] = flow;
    transmissions.type[uid] = type;
    transmissions.packet[uid] = uid;
  }
  return {
    nodes: NODES,
    flows: [
      flow(0, 'reno', 'tcp', 'bulk', 'K1'),
      flow(1, 'udp', 'udp', 'voip', 'K2'),
      flow(2, 'reno', 'tcp', 'bulk', 'K1'),
    ],
    packets,
    transmissions,
    stopS: 0.3,
  } as unknown as Trace;
}
