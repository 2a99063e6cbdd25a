/**
 * Hand-built captures for the reader's tests: TCP segments over IPv4 or IPv6 in the link types
 * and containers the reader accepts. Headers only; payload lengths live in the IP header, as
 * in a snap-length-cut capture.
 */
export interface Seg {
  t: number;
  /** true: client → server (the data sender). */
  fwd: boolean;
  seq: number;
  ack: number;
  flags: number;
  len?: number;
  win?: number;
  /** TCP options bytes (padded to 4 by the builder). */
  opts?: number[];
}

export const SYN = 0x02;
export const ACK = 0x10;
export const FIN = 0x01;

export function sackOpt(blocks: [number, number][]): number[] {
  const o = [1, 1, 5, 2 + 8 * blocks.length];
  for (const [l, r] of blocks) o.push(...u32(l), ...u32(r));
  return o;
}

const u32 = (x: number) => [(x >>> 24) & 255, (x >>> 16) & 255, (x >>> 8) & 255, x & 255];
const u16 = (x: number) => [(x >>> 8) & 255, x & 255];

function tcp(s: Seg): number[] {
  const opts = [...(s.opts ?? [])];
  while (opts.length % 4) opts.push(0);
  const off = (20 + opts.length) / 4;
  const [sp, dp] = s.fwd ? [40000, 5001] : [5001, 40000];
  return [
    ...u16(sp),
    ...u16(dp),
    ...u32(s.seq >>> 0),
    ...u32(s.ack >>> 0),
    off << 4,
    s.flags,
    ...u16(s.win ?? 65535),
    0,
    0,
    0,
    0,
    ...opts,
  ];
}

export function ipv4(s: Seg): number[] {
  const t = tcp(s);
  const total = 20 + t.length + (s.len ?? 0);
  const [a, b] = s.fwd
    ? [
        [10, 0, 0, 1],
        [10, 0, 0, 2],
      ]
    : [
        [10, 0, 0, 2],
        [10, 0, 0, 1],
      ];
  return [0x45, 0, ...u16(total), 0, 0, 0x40, 0, 64, 6, 0, 0, ...a!, ...b!, ...t];
}

export function ipv6(s: Seg): number[] {
  const t = tcp(s);
  const a = [0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), s.fwd ? 1 : 2];
  const b = [0x20, 0x01, 0x0d, 0xb8, ...Array(11).fill(0), s.fwd ? 2 : 1];
  // a hop-by-hop options header (8 bytes, PadN) before TCP
  const hbh = [6, 0, 1, 4, 0, 0, 0, 0];
  return [0x60, 0, 0, 0, ...u16(8 + t.length + (s.len ?? 0)), 0, 64, ...a, ...b, ...hbh, ...t];
}

export type Link = 'ethernet' | 'null' | 'raw' | 'sll2';
const LINKTYPE: Record<Link, number> = { ethernet: 1, null: 0, raw: 101, sll2: 276 };

function frame(link: Link, ip: number[], v6: boolean): number[] {
  const type = v6 ? [0x86, 0xdd] : [0x08, 0x00];
  if (link === 'ethernet') return [...Array(12).fill(2), 0x81, 0x00, 0, 5, ...type, ...ip];
  if (link === 'null') return [v6 ? 30 : 2, 0, 0, 0, ...ip];
  if (link === 'sll2') return [...type, 0, 0, 0, 0, 0, 1, 0, 1, 0, 6, ...Array(8).fill(0), ...ip];
  return ip;
}

/** Classic pcap; `nano` for the nanosecond magic, `big` for big-endian headers. */
export function pcap(
  segs: Seg[],
  link: Link,
  opts: { v6?: boolean; nano?: boolean; big?: boolean; base?: number } = {},
): Uint8Array {
  const out: number[] = [];
  const w32 = (x: number) => out.push(...(opts.big ? u32(x) : u32(x).reverse()));
  const w16 = (x: number) => out.push(...(opts.big ? u16(x) : u16(x).reverse()));
  w32(opts.nano ? 0xa1b23c4d : 0xa1b2c3d4);
  w16(2);
  w16(4);
  w32(0);
  w32(0);
  w32(128);
  w32(LINKTYPE[link]);
  const base = opts.base ?? 1_700_000_000;
  for (const s of segs) {
    const ip = opts.v6 ? ipv6(s) : ipv4(s);
    const f = frame(link, ip, !!opts.v6);
    const sec = Math.floor(s.t);
    const sub = Math.round((s.t - sec) * (opts.nano ? 1e9 : 1e6));
    w32(base + sec);
    w32(sub);
    w32(f.length);
    w32(f.length + (s.len ?? 0));
    out.push(...f);
  }
  return new Uint8Array(out);
}

/** pcapng, little-endian: a section, an unused Ethernet interface, then the capture's own
 * interface with if_tsresol 9 (nanoseconds), an unknown block, and one EPB per packet. */
export function pcapng(
  segs: Seg[],
  link: Link,
  opts: { v6?: boolean; base?: number } = {},
): Uint8Array {
  const out: number[] = [];
  const le32 = (x: number) => u32(x).reverse();
  const le16 = (x: number) => u16(x).reverse();
  const block = (type: number, body: number[]) => {
    while (body.length % 4) body.push(0);
    const len = 12 + body.length;
    out.push(...le32(type), ...le32(len), ...body, ...le32(len));
  };
  block(0x0a0d0d0a, [...le32(0x1a2b3c4d), ...le16(1), ...le16(0), ...Array(8).fill(0xff)]);
  block(1, [...le16(1), 0, 0, ...le32(0)]);
  block(1, [
    ...le16(LINKTYPE[link]),
    0,
    0,
    ...le32(128),
    ...le16(9),
    ...le16(1),
    9,
    0,
    0,
    0,
    0,
    0,
    0,
    0,
  ]);
  block(0x0bad, [1, 2, 3, 4]);
  const base = BigInt(opts.base ?? 1_700_000_000);
  for (const s of segs) {
    const f = frame(link, opts.v6 ? ipv6(s) : ipv4(s), !!opts.v6);
    const ns = base * 1_000_000_000n + BigInt(Math.round(s.t * 1e9));
    const hi = Number(ns >> 32n);
    const lo = Number(ns & 0xffffffffn);
    block(6, [
      ...le32(1),
      ...le32(hi),
      ...le32(lo),
      ...le32(f.length),
      ...le32(f.length + (s.len ?? 0)),
      ...f,
    ]);
  }
  return new Uint8Array(out);
}
