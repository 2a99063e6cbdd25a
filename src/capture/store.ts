/**
 * TCP connections of a capture as growable typed columns: what the analysis needs of each
 * packet and nothing else (about 50 bytes a packet, plus 8 per SACK block), so a 100 MB
 * capture stays small in memory. A connection is a 4-tuple; a SYN on a tuple whose connection
 * already ended (FIN or RST) or had data starts a new one.
 */
import type { TcpFields } from './decode';
import type { Endpoint } from './types';

const FIN = 0x01;
const SYN = 0x02;
const RST = 0x04;
const ACK = 0x10;

class Grow<T extends Float64Array | Uint32Array | Uint16Array | Uint8Array | Int32Array> {
  data: T;
  constructor(private readonly make: (n: number) => T) {
    this.data = make(64);
  }
  set(i: number, x: number) {
    if (i >= this.data.length) {
      const d = this.make(this.data.length * 2);
      d.set(this.data);
      this.data = d;
    }
    this.data[i] = x;
  }
}

/** Raw columns of one connection. `fromA` 1 = sent by endpoint `a` (the first packet's source). */
export class ConnectionStore {
  length = 0;
  readonly time = new Grow((n) => new Float64Array(n));
  readonly fromA = new Grow((n) => new Uint8Array(n));
  readonly seq = new Grow((n) => new Uint32Array(n));
  readonly ack = new Grow((n) => new Uint32Array(n));
  readonly len = new Grow((n) => new Uint32Array(n));
  readonly flags = new Grow((n) => new Uint16Array(n));
  readonly win = new Grow((n) => new Uint16Array(n));
  readonly tsVal = new Grow((n) => new Uint32Array(n));
  readonly tsEcr = new Grow((n) => new Uint32Array(n));
  /** Index of the packet's first SACK pair in `sack` (−1: none); the count in `sackN`. */
  readonly sackAt = new Grow((n) => new Int32Array(n));
  readonly sackN = new Grow((n) => new Uint8Array(n));
  readonly sack = new Grow((n) => new Uint32Array(n));
  sackLen = 0;
  /** Whether any packet carried timestamps. */
  hasTs = false;
  /** Handshake options per side (index 0 = a, 1 = b); −1 = not seen. */
  readonly mss: [number, number] = [-1, -1];
  readonly wscale: [number, number] = [-1, -1];
  readonly sackOk: [boolean, boolean] = [false, false];
  /** Which side sent the first SYN (0 = a, 1 = b, −1 = none seen). */
  synFrom = -1;
  ended = false;
  payloadBytes: [number, number] = [0, 0];

  constructor(
    readonly id: number,
    readonly a: Endpoint,
    readonly b: Endpoint,
  ) {}

  add(time: number, t: TcpFields, fromA: boolean): void {
    const i = this.length++;
    const side = fromA ? 0 : 1;
    this.time.set(i, time);
    this.fromA.set(i, fromA ? 1 : 0);
    this.seq.set(i, t.seq);
    this.ack.set(i, t.ack);
    this.len.set(i, t.payload);
    this.flags.set(i, t.flags);
    this.win.set(i, t.window);
    this.tsVal.set(i, t.hasTs ? t.tsVal : 0);
    this.tsEcr.set(i, t.hasTs ? t.tsEcr : 0);
    if (t.hasTs) this.hasTs = true;
    this.payloadBytes[side] += t.payload;
    if (t.sackCount > 0) {
      this.sackAt.set(i, this.sackLen);
      this.sackN.set(i, t.sackCount);
      for (let k = 0; k < 2 * t.sackCount; k++) this.sack.set(this.sackLen++, t.sack[k]!);
    } else {
      this.sackAt.set(i, -1);
      this.sackN.set(i, 0);
    }
    if (t.flags & SYN) {
      if (!(t.flags & ACK) && this.synFrom < 0) this.synFrom = side;
      if (t.mss >= 0) this.mss[side] = t.mss;
      this.wscale[side] = t.wscale;
      this.sackOk[side] = t.sackPermitted;
    }
    if (t.flags & (FIN | RST)) this.ended = true;
  }
}

/** Connections by 4-tuple, in order of first packet. */
export class ConnectionTable {
  readonly list: ConnectionStore[] = [];
  private readonly byKey = new Map<string, ConnectionStore>();

  add(time: number, t: TcpFields): void {
    const fwd = `${t.src}|${t.srcPort}|${t.dst}|${t.dstPort}`;
    const rev = `${t.dst}|${t.dstPort}|${t.src}|${t.srcPort}`;
    let c = this.byKey.get(fwd);
    let fromA = true;
    if (!c) {
      c = this.byKey.get(rev);
      fromA = false;
    }
    const newSyn = (t.flags & (SYN | ACK)) === SYN;
    if (c && newSyn && (c.ended || c.payloadBytes[0] + c.payloadBytes[1] > 0)) c = undefined;
    if (!c) {
      c = new ConnectionStore(
        this.list.length,
        { addr: t.src, port: t.srcPort },
        { addr: t.dst, port: t.dstPort },
      );
      fromA = true;
      this.list.push(c);
      this.byKey.delete(rev);
      this.byKey.set(fwd, c);
    }
    c.add(time, t, fromA);
  }
}
