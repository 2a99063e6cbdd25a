/**
 * A hand-built analysis of one connection (the capture module's ConnectionAnalysis shape), for
 * the capture view's tests: a handshake, four 1000-byte segments, the second lost; three
 * duplicate ACKs with SACK blocks, a fast retransmit, the ACK that covers everything.
 */
import {
  PACKET_KIND as K,
  type ConnectionAnalysis,
  type ConnectionSummary,
} from '../../../src/capture';

const rows: [number, number, number, number, number, number, number, number][] = [
  // time, dir, seq, len, ack, win, kind, inflight
  [0.0, 0, 0, 0, 0, 65535, K.syn, 0],
  [0.01, 1, 0, 0, 1, 65535, K.syn | K.ack, 0],
  [0.01, 0, 1, 0, 1, 65535, K.ack, 0],
  [0.02, 0, 1, 1000, 1, 65535, K.data | K.ack, 1000],
  [0.021, 0, 1001, 1000, 1, 65535, K.data | K.ack, 2000],
  [0.022, 0, 2001, 1000, 1, 65535, K.data | K.ack, 3000],
  [0.023, 0, 3001, 1000, 1, 65535, K.data | K.ack, 4000],
  [0.03, 1, 1, 0, 1001, 65535, K.ack, 3000],
  [0.032, 1, 1, 0, 1001, 65535, K.ack | K.duplicateAck | K.sack, 3000],
  [0.033, 1, 1, 0, 1001, 65535, K.ack | K.duplicateAck | K.sack, 3000],
  [0.034, 1, 1, 0, 1001, 65535, K.ack | K.duplicateAck, 3000],
  [0.0341, 0, 1001, 1000, 1, 65535, K.data | K.ack | K.retransmission, 3000],
  [0.045, 1, 1, 0, 4001, 65535, K.ack, 0],
];

export function handSummary(id = 0, over: Partial<ConnectionSummary> = {}): ConnectionSummary {
  return {
    id,
    sender: { addr: '10.0.0.1', port: 40000 + id },
    receiver: { addr: '10.0.0.2', port: 5001 },
    client: { addr: '10.0.0.1', port: 40000 + id },
    start: 0.5 * id,
    duration: 0.045,
    packets: rows.length,
    data_packets: 5,
    bytes: 5000,
    goodput_bytes: 4000,
    retransmissions: 1,
    fast_retransmissions: 1,
    rto_retransmissions: 0,
    rack_retransmissions: 0,
    spurious_retransmissions: 0,
    duplicate_acks: 3,
    out_of_order: 0,
    zero_windows: 0,
    recoveries: 1,
    capture_side: 'sender',
    capture_side_evidence: 'the SYN-ACK came 10 ms after the SYN, the ACK of it at once',
    handshake_rtt: 0.01,
    min_rtt: 0.01,
    sack_permitted: true,
    timestamps: false,
    mss: 1000,
    ...over,
  };
}

export function handAnalysis(id = 0): ConnectionAnalysis {
  const n = rows.length;
  const col = <T extends Float64Array | Uint8Array | Uint16Array | Uint32Array>(
    make: (n: number) => T,
    k: number,
  ): T => {
    const a = make(n);
    rows.forEach((r, i) => (a[i] = r[k]!));
    return a;
  };
  const seq = col((m) => new Float64Array(m), 2);
  const len = col((m) => new Uint32Array(m), 3);
  return {
    summary: handSummary(id),
    packets: {
      length: n,
      time: col((m) => new Float64Array(m), 0),
      dir: col((m) => new Uint8Array(m), 1),
      seq,
      end: Float64Array.from(seq, (s, i) => s + len[i]!),
      len,
      ack: col((m) => new Float64Array(m), 4),
      win: col((m) => new Float64Array(m), 5),
      flags: new Uint16Array(n),
      inflight: col((m) => new Float64Array(m), 7),
      kind: col((m) => new Uint16Array(m), 6),
    },
    sacks: [
      { packet: 8, start: 2001, end: 3001, dsack: false },
      { packet: 9, start: 2001, end: 4001, dsack: false },
    ],
    dupacks: [
      { packet: 8, time: 0.032, ack: 1001, count: 1 },
      { packet: 9, time: 0.033, ack: 1001, count: 2 },
      { packet: 10, time: 0.034, ack: 1001, count: 3 },
    ],
    retransmissions: [
      {
        packet: 11,
        time: 0.0341,
        seq: 1001,
        end: 2001,
        cls: 'fast',
        original: 4,
        delay: 0.0001,
        spurious: false,
      },
    ],
    outOfOrder: [],
    zeroWindows: [],
    rtt: [
      { time: 0.01, rtt: 0.01, source: 'karn' },
      { time: 0.03, rtt: 0.01, source: 'karn' },
      { time: 0.045, rtt: 0.022, source: 'karn' },
    ],
    cwndBounds: [{ start: 0, end: 0.0341, bytes: 4000, segments: 4 }],
    recoveries: [
      {
        start: 0.0341,
        end: 0.045,
        trigger: 'fast',
        recover: 4001,
        retransmissions: 1,
        flightBefore: 4000,
        flightAfter: 0,
      },
    ],
    explanation: [
      {
        time: 0.034,
        packet: 10,
        kind: 'dupack',
        text: '3rd duplicate ACK for 1001 at 0.0340 s',
        basis: 'seen',
        source: 'RFC 5681 §3.2',
      },
      {
        time: 0.0341,
        packet: 11,
        kind: 'fast-retransmit',
        text: 'the sender retransmits 1001 0.1 ms later: fast retransmit',
        basis: 'seen',
        source: 'RFC 5681 §3.2',
      },
      {
        time: 0.0341,
        packet: 11,
        kind: 'recovery',
        text: 'segment 1001 was lost between the sender and the receiver',
        basis: 'inferred',
        source: '',
      },
    ],
  };
}
