/**
 * One captured frame → its TCP header fields, or null when it is not TCP over IP. Link types:
 * Ethernet (1, with 802.1Q / 802.1ad tags), Linux cooked SLL (113) and SLL2 (276), raw IP (101,
 * 12, 14), IPv4 (228), IPv6 (229), BSD loopback/null (0, host byte order) and OpenBSD loop
 * (108). IPv4 (non-first fragments skipped) and IPv6 (hop-by-hop, routing, destination-options,
 * fragment and AH extension headers skipped). TCP options read: MSS, window scale,
 * SACK-permitted, SACK blocks, timestamps (RFC 9293, RFC 7323, RFC 2018).
 *
 * The payload length comes from the IP length fields, so a capture cut by a snap length
 * (dumpcap -s 128) still gives each segment's true size.
 */
import { CaptureFormatError } from './types';

/** The decoded TCP packet; one object is reused for every frame (copy what you keep). */
export interface TcpFields {
  ipVersion: 4 | 6;
  src: string;
  dst: string;
  srcPort: number;
  dstPort: number;
  seq: number;
  ack: number;
  flags: number;
  /** The raw 16-bit window field (unscaled). */
  window: number;
  /** TCP payload bytes. */
  payload: number;
  /** IP ECN field (0–3). */
  ecn: number;
  /** Option values; −1 when absent. */
  mss: number;
  wscale: number;
  sackPermitted: boolean;
  tsVal: number;
  tsEcr: number;
  hasTs: boolean;
  /** SACK blocks as raw [left, right) pairs, `sackCount` of them. */
  sack: number[];
  sackCount: number;
}

export function newTcpFields(): TcpFields {
  return {
    ipVersion: 4,
    src: '',
    dst: '',
    srcPort: 0,
    dstPort: 0,
    seq: 0,
    ack: 0,
    flags: 0,
    window: 0,
    payload: 0,
    ecn: 0,
    mss: -1,
    wscale: -1,
    sackPermitted: false,
    tsVal: 0,
    tsEcr: 0,
    hasTs: false,
    sack: [0, 0, 0, 0, 0, 0, 0, 0],
    sackCount: 0,
  };
}

/** Link types this decoder reads. */
export const LINK_TYPES: Record<number, string> = {
  0: 'BSD loopback',
  1: 'Ethernet',
  12: 'raw IP',
  14: 'raw IP',
  101: 'raw IP',
  108: 'OpenBSD loopback',
  113: 'Linux cooked (SLL)',
  228: 'raw IPv4',
  229: 'raw IPv6',
  276: 'Linux cooked v2 (SLL2)',
};

/** Offset of the IP header and its EtherType-like version hint, or −1 if not IP. */
function ipOffset(linkType: number, d: Uint8Array, v: DataView): number {
  switch (linkType) {
    case 1: {
      let o = 12;
      let type = d.length >= 14 ? v.getUint16(12) : 0;
      while ((type === 0x8100 || type === 0x88a8) && d.length >= o + 6) {
        o += 4;
        type = v.getUint16(o);
      }
      return type === 0x0800 || type === 0x86dd ? o + 2 : -1;
    }
    case 113:
      return d.length >= 16 && isIpType(v.getUint16(14)) ? 16 : -1;
    case 276:
      return d.length >= 20 && isIpType(v.getUint16(0)) ? 20 : -1;
    case 0:
    case 108:
      return d.length >= 4 ? 4 : -1;
    case 12:
    case 14:
    case 101:
    case 228:
    case 229:
      return 0;
    default:
      throw new CaptureFormatError(`unsupported link type ${linkType}`);
  }
}

const isIpType = (t: number) => t === 0x0800 || t === 0x86dd;

/**
 * Decodes `d` (a frame of `linkType`) into `out`. Returns false for anything that is not a
 * TCP segment over IPv4/IPv6 (ARP, UDP, a truncated header …). Throws CaptureFormatError on an
 * unsupported link type.
 */
export function decodeTcp(linkType: number, d: Uint8Array, out: TcpFields): boolean {
  const v = new DataView(d.buffer, d.byteOffset, d.byteLength);
  let o = ipOffset(linkType, d, v);
  if (o < 0 || o >= d.length) return false;
  const version = d[o]! >> 4;
  let tcpLen: number;
  if (version === 4) {
    if (o + 20 > d.length) return false;
    const ihl = (d[o]! & 0x0f) * 4;
    const total = v.getUint16(o + 2);
    if (d[o + 9] !== 6 || (v.getUint16(o + 6) & 0x1fff) !== 0 || ihl < 20) return false;
    out.ipVersion = 4;
    out.ecn = d[o + 1]! & 3;
    out.src = ipv4(d, o + 12);
    out.dst = ipv4(d, o + 16);
    // A zero total length is a TSO capture: the frame's own length is the packet's.
    tcpLen = (total === 0 ? d.length - o : total) - ihl;
    o += ihl;
  } else if (version === 6) {
    if (o + 40 > d.length) return false;
    out.ipVersion = 6;
    out.ecn = (v.getUint16(o) >> 4) & 3;
    out.src = ipv6(v, o + 8);
    out.dst = ipv6(v, o + 24);
    let next = d[o + 6]!;
    tcpLen = v.getUint16(o + 4);
    o += 40;
    while (next !== 6) {
      if (o + 8 > d.length) return false;
      let ext: number;
      if (next === 0 || next === 43 || next === 60) ext = (d[o + 1]! + 1) * 8;
      else if (next === 44) {
        if ((v.getUint16(o + 2) & 0xfff8) !== 0) return false;
        ext = 8;
      } else if (next === 51) ext = (d[o + 1]! + 2) * 4;
      else return false;
      next = d[o]!;
      o += ext;
      tcpLen -= ext;
    }
  } else return false;
  if (o + 20 > d.length) return false;
  const off = (d[o + 12]! >> 4) * 4;
  if (off < 20) return false;
  out.srcPort = v.getUint16(o);
  out.dstPort = v.getUint16(o + 2);
  out.seq = v.getUint32(o + 4);
  out.ack = v.getUint32(o + 8);
  out.flags = v.getUint16(o + 12) & 0x0fff;
  out.window = v.getUint16(o + 14);
  out.payload = Math.max(0, tcpLen - off);
  options(d, v, o + 20, Math.min(o + off, d.length), out);
  return true;
}

function options(d: Uint8Array, v: DataView, o: number, end: number, out: TcpFields): void {
  out.mss = -1;
  out.wscale = -1;
  out.sackPermitted = false;
  out.hasTs = false;
  out.sackCount = 0;
  while (o < end) {
    const kind = d[o]!;
    if (kind === 0) break;
    if (kind === 1) {
      o++;
      continue;
    }
    if (o + 1 >= end) break;
    const len = d[o + 1]!;
    if (len < 2 || o + len > end) break;
    if (kind === 2 && len === 4) out.mss = v.getUint16(o + 2);
    else if (kind === 3 && len === 3) out.wscale = Math.min(d[o + 2]!, 14);
    else if (kind === 4) out.sackPermitted = true;
    else if (kind === 8 && len === 10) {
      out.hasTs = true;
      out.tsVal = v.getUint32(o + 2);
      out.tsEcr = v.getUint32(o + 6);
    } else if (kind === 5) {
      const n = Math.min(4, (len - 2) >> 3);
      for (let i = 0; i < n; i++) {
        out.sack[2 * i] = v.getUint32(o + 2 + 8 * i);
        out.sack[2 * i + 1] = v.getUint32(o + 6 + 8 * i);
      }
      out.sackCount = n;
    }
    o += len;
  }
}

function ipv4(d: Uint8Array, o: number): string {
  return `${d[o]}.${d[o + 1]}.${d[o + 2]}.${d[o + 3]}`;
}

/** RFC 5952 text: lower-case hex, the longest run (≥ 2) of zero groups as '::'. */
export function ipv6(v: DataView, o: number): string {
  const g: number[] = [];
  for (let i = 0; i < 8; i++) g.push(v.getUint16(o + 2 * i));
  let best = -1;
  let bestLen = 1;
  for (let i = 0; i < 8;) {
    if (g[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && g[j] === 0) j++;
    if (j - i > bestLen) {
      best = i;
      bestLen = j - i;
    }
    i = j;
  }
  const hex = (a: number[]) => a.map((x) => x.toString(16)).join(':');
  if (best < 0) return hex(g);
  return `${hex(g.slice(0, best))}::${hex(g.slice(best + bestLen))}`;
}
