/**
 * The pcap and pcapng containers, read incrementally: feed chunks of any size, get one
 * callback per packet record. Only an unfinished record is buffered between chunks.
 *
 * Formats: pcap (libpcap, both byte orders, microsecond magic a1b2c3d4 and nanosecond magic
 * a1b23c4d; draft-ietf-opsawg-pcap) and pcapng (draft-ietf-opsawg-pcapng: Section Header,
 * Interface Description with if_tsresol, Enhanced, Simple and obsolete Packet blocks; other
 * blocks skipped; several sections and interfaces). Timestamps are given as seconds since
 * the first packet's whole second (`base`, Unix seconds), so sub-microsecond precision survives
 * in a float64.
 *
 * Own code, not a library: the npm pcap readers (pcap-parser, pcap-ng-parser, pcap) are Node
 * stream or native-libpcap bound and each reads one of the two formats only.
 */
import { CaptureFormatError } from './types';

/** One packet record: `data` is valid only during the callback (a view into the buffer). */
export interface RawRecord {
  /** Link type (LINKTYPE_* number). */
  linkType: number;
  /** Seconds since `base`. */
  time: number;
  /** Unix seconds of the capture's first packet, rounded down. */
  base: number;
  /** Length of the packet on the wire, bytes. */
  origLen: number;
  data: Uint8Array;
}

const PCAPNG_SHB = 0x0a0d0d0a;
const PCAPNG_BOM = 0x1a2b3c4d;
const MAX_RECORD = 1 << 28;

interface Iface {
  linkType: number;
  /** Units per second, as an integer (BigInt for the 64-bit timestamp split). */
  perSecond: bigint;
  snapLen: number;
}

export class ContainerReader {
  format: 'pcap' | 'pcapng' | null = null;
  /** Bytes consumed by parsed records (progress). */
  consumed = 0;
  private pending: Uint8Array = new Uint8Array(0);
  private little = true;
  private nano = false;
  private linkType = 0;
  private ifaces: Iface[] = [];
  private base: number | null = null;
  private readonly record: RawRecord = {
    linkType: 0,
    time: 0,
    base: 0,
    origLen: 0,
    data: new Uint8Array(0),
  };

  constructor(private readonly onRecord: (r: RawRecord) => void) {}

  /** Parses every complete record of the data so far. Throws CaptureFormatError. */
  push(chunk: Uint8Array): void {
    let buf: Uint8Array;
    if (this.pending.length === 0) buf = chunk;
    else {
      buf = new Uint8Array(this.pending.length + chunk.length);
      buf.set(this.pending);
      buf.set(chunk, this.pending.length);
    }
    const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    let at = 0;
    if (this.format === null) {
      if (buf.length < 24) {
        this.pending = buf.slice();
        return;
      }
      at = this.header(view);
    }
    at =
      this.format === 'pcap' ? this.pcapRecords(buf, view, at) : this.pcapngBlocks(buf, view, at);
    this.consumed += at;
    this.pending = at < buf.length ? buf.slice(at) : new Uint8Array(0);
  }

  /** Throws if the data ended inside a record (a truncated file is reported, not hidden). */
  end(): void {
    if (this.format === null) throw new CaptureFormatError('not a pcap or pcapng file (too short)');
    if (this.pending.length > 0)
      throw new CaptureFormatError(
        `the file ends inside a record (${this.pending.length} bytes left)`,
      );
  }

  private header(view: DataView): number {
    const m = view.getUint32(0, false);
    const ml = view.getUint32(0, true);
    if (m === PCAPNG_SHB) {
      this.format = 'pcapng';
      return 0;
    }
    for (const [magic, little] of [
      [m, false],
      [ml, true],
    ] as const) {
      if (magic === 0xa1b2c3d4 || magic === 0xa1b23c4d) {
        this.format = 'pcap';
        this.little = little;
        this.nano = magic === 0xa1b23c4d;
        this.linkType = view.getUint32(20, little) & 0xffff;
        return 24;
      }
    }
    throw new CaptureFormatError('not a pcap or pcapng file (unknown magic number)');
  }

  private emit(linkType: number, sec: number, frac: number, origLen: number, data: Uint8Array) {
    if (this.base === null) this.base = sec;
    const r = this.record;
    r.linkType = linkType;
    r.base = this.base;
    r.time = sec - this.base + frac;
    r.origLen = origLen;
    r.data = data;
    this.onRecord(r);
  }

  private pcapRecords(buf: Uint8Array, view: DataView, at: number): number {
    const le = this.little;
    while (at + 16 <= buf.length) {
      const incl = view.getUint32(at + 8, le);
      if (incl > MAX_RECORD) throw new CaptureFormatError(`corrupt pcap record at byte ${at}`);
      if (at + 16 + incl > buf.length) break;
      const sec = view.getUint32(at, le);
      const sub = view.getUint32(at + 4, le);
      const orig = view.getUint32(at + 12, le);
      const data = buf.subarray(at + 16, at + 16 + incl);
      this.emit(this.linkType, sec, sub / (this.nano ? 1e9 : 1e6), orig, data);
      at += 16 + incl;
    }
    return at;
  }

  private pcapngBlocks(buf: Uint8Array, view: DataView, at: number): number {
    while (at + 12 <= buf.length) {
      const typeBE = view.getUint32(at, false);
      if (typeBE === PCAPNG_SHB) {
        const bom = view.getUint32(at + 8, true);
        if (bom === PCAPNG_BOM) this.little = true;
        else if (view.getUint32(at + 8, false) === PCAPNG_BOM) this.little = false;
        else throw new CaptureFormatError(`corrupt pcapng section header at byte ${at}`);
        this.ifaces = [];
      }
      const le = this.little;
      const type = view.getUint32(at, le);
      const len = view.getUint32(at + 4, le);
      if (len < 12 || len % 4 !== 0 || len > MAX_RECORD)
        throw new CaptureFormatError(`corrupt pcapng block at byte ${at}`);
      if (at + len > buf.length) break;
      if (type === 1) this.iface(buf, view, at, len);
      else if (type === 6 || type === 2) this.packetBlock(buf, view, at, type);
      else if (type === 3) {
        const iface = this.ifaces[0];
        if (!iface) throw new CaptureFormatError('pcapng simple packet before any interface');
        const orig = view.getUint32(at + 8, le);
        const cap = Math.min(orig, len - 16, iface.snapLen || orig);
        this.emit(iface.linkType, 0, 0, orig, buf.subarray(at + 12, at + 12 + cap));
      }
      at += len;
    }
    return at;
  }

  private iface(buf: Uint8Array, view: DataView, at: number, len: number) {
    const le = this.little;
    const iface: Iface = {
      linkType: view.getUint16(at + 8, le),
      perSecond: 1_000_000n,
      snapLen: view.getUint32(at + 12, le),
    };
    let o = at + 16;
    const stop = at + len - 4;
    while (o + 4 <= stop) {
      const code = view.getUint16(o, le);
      const olen = view.getUint16(o + 2, le);
      if (code === 0) break;
      if (code === 9 && olen >= 1) {
        const v = buf[o + 4]!;
        iface.perSecond = v & 0x80 ? 1n << BigInt(v & 0x7f) : 10n ** BigInt(v);
      }
      o += 4 + ((olen + 3) & ~3);
    }
    this.ifaces.push(iface);
  }

  private packetBlock(buf: Uint8Array, view: DataView, at: number, type: number) {
    const le = this.little;
    const id = type === 6 ? view.getUint32(at + 8, le) : view.getUint16(at + 8, le);
    const iface = this.ifaces[id];
    if (!iface) throw new CaptureFormatError(`pcapng packet of unknown interface ${id}`);
    const units =
      (BigInt(view.getUint32(at + 12, le)) << 32n) | BigInt(view.getUint32(at + 16, le));
    const sec = units / iface.perSecond;
    const rem = units - sec * iface.perSecond;
    const cap = view.getUint32(at + 20, le);
    const orig = view.getUint32(at + 24, le);
    this.emit(
      iface.linkType,
      Number(sec),
      Number(rem) / Number(iface.perSecond),
      orig,
      buf.subarray(at + 28, at + 28 + cap),
    );
  }
}
