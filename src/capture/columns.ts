/**
 * A stored connection → relative, direction-normalised packet columns (the first half of the
 * analysis): which end is the data sender, initial sequence numbers, 32-bit wrap-around,
 * window scaling (RFC 7323 §2.3: only when both SYNs carried the option).
 */
import type { ConnectionStore } from './store';
import type { Endpoint } from './types';

const SYN = 0x02;
const FIN = 0x01;

export interface Normalised {
  /** Store side (0 = a, 1 = b) of the data sender. */
  senderSide: 0 | 1;
  sender: Endpoint;
  receiver: Endpoint;
  client: Endpoint | null;
  n: number;
  time: Float64Array;
  dir: Uint8Array;
  seq: Float64Array;
  end: Float64Array;
  len: Uint32Array;
  ack: Float64Array;
  win: Float64Array;
  flags: Uint16Array;
  tsVal: Uint32Array;
  tsEcr: Uint32Array;
  hasTs: boolean;
  /** SACK blocks per packet, relative: flat [start, end) pairs from `sackAt`. */
  sackAt: Int32Array;
  sackN: Uint8Array;
  sack: Float64Array;
  mss: number;
  sackPermitted: boolean | null;
  timestamps: boolean | null;
}

/** 32-bit sequence numbers → unbounded ones near the previous value of the same space. */
class Unwrap {
  private raw = 0;
  private abs = 0;
  private started = false;
  constructor(private readonly base: number) {}
  rel(x: number): number {
    if (!this.started) {
      this.started = true;
      this.raw = x;
      this.abs = (x - this.base) | 0;
      return this.abs;
    }
    this.abs += (x - this.raw) | 0;
    this.raw = x;
    return this.abs;
  }
}

export function normalise(c: ConnectionStore, start: number): Normalised {
  const n = c.length;
  const senderSide: 0 | 1 =
    c.payloadBytes[1] > c.payloadBytes[0] ||
    (c.payloadBytes[1] === c.payloadBytes[0] && c.synFrom === 1)
      ? 1
      : 0;
  const fromA = c.fromA.data;
  const flags = c.flags.data;
  const rawSeq = c.seq.data;
  const rawAck = c.ack.data;
  // Initial sequence number of each side's space: its SYN's, else its first seq, else the
  // first ACK the other side sent of it.
  const isn: [number | null, number | null] = [null, null];
  for (let i = 0; i < n; i++) {
    const s = fromA[i] ? 0 : 1;
    if (flags[i]! & SYN) {
      isn[s] = rawSeq[i]!;
    } else if (isn[s] === null) isn[s] = rawSeq[i]!;
    if (isn[0] !== null && isn[1] !== null && c.synFrom < 0) break;
  }
  for (const s of [0, 1] as const) {
    if (isn[s] !== null) continue;
    for (let i = 0; i < n; i++)
      if ((fromA[i] ? 0 : 1) !== s && flags[i]! & 0x10) {
        isn[s] = rawAck[i]!;
        break;
      }
  }
  const spaces = [new Unwrap(isn[0] ?? 0), new Unwrap(isn[1] ?? 0)];
  const scaled = c.wscale[0] >= 0 && c.wscale[1] >= 0;
  const out: Normalised = {
    senderSide,
    sender: senderSide === 0 ? c.a : c.b,
    receiver: senderSide === 0 ? c.b : c.a,
    client: c.synFrom < 0 ? null : c.synFrom === 0 ? c.a : c.b,
    n,
    time: new Float64Array(n),
    dir: new Uint8Array(n),
    seq: new Float64Array(n),
    end: new Float64Array(n),
    len: c.len.data.slice(0, n),
    ack: new Float64Array(n),
    win: new Float64Array(n),
    flags: flags.slice(0, n),
    tsVal: c.tsVal.data.slice(0, n),
    tsEcr: c.tsEcr.data.slice(0, n),
    hasTs: c.hasTs,
    sackAt: c.sackAt.data.slice(0, n),
    sackN: c.sackN.data.slice(0, n),
    sack: new Float64Array(c.sackLen),
    mss: 0,
    sackPermitted: c.synFrom < 0 ? null : c.sackOk[0] && c.sackOk[1],
    timestamps: c.synFrom < 0 ? null : c.hasTs,
  };
  let maxLen = 0;
  for (let i = 0; i < n; i++) {
    const s = fromA[i] ? 0 : 1;
    const d = s === senderSide ? 0 : 1;
    const f = flags[i]!;
    out.time[i] = c.time.data[i]! - start;
    out.dir[i] = d;
    const seq = spaces[s]!.rel(rawSeq[i]!);
    out.seq[i] = seq;
    out.end[i] = seq + out.len[i]! + (f & SYN ? 1 : 0) + (f & FIN ? 1 : 0);
    out.ack[i] = f & 0x10 ? spaces[1 - s]!.rel(rawAck[i]!) : 0;
    const w = c.win.data[i]!;
    out.win[i] = scaled && !(f & SYN) ? w * 2 ** c.wscale[s]! : w;
    if (d === 0 && out.len[i]! > maxLen) maxLen = out.len[i]!;
    const at = out.sackAt[i]!;
    for (let k = 0; at >= 0 && k < 2 * out.sackN[i]!; k++) {
      // SACK blocks name the other side's sequence space: unwrap near this packet's ACK.
      const raw = c.sack.data[at + k]!;
      out.sack[at + k] = out.ack[i]! + ((raw - rawAck[i]!) | 0);
    }
  }
  const mssOpt = c.mss[senderSide === 0 ? 1 : 0];
  const ownMss = c.mss[senderSide];
  // The sender's segments are bounded by the receiver's MSS option (RFC 9293 §3.7.1).
  out.mss = maxLen > 0 ? maxLen : mssOpt > 0 ? mssOpt : ownMss > 0 ? ownMss : 1460;
  return out;
}
