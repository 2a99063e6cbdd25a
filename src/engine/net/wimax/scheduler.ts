/**
 * The base station's scheduler of the 802.16-like link: which station sends what in one
 * subframe. A pure function of the stations' backlogs and the frame layout (params.ts).
 *
 * Round robin, packet by packet: starting from a station that rotates every frame, each
 * backlogged station in turn gets its next whole packet (one MAC PDU) into its burst, as long as
 * the subframe has room for it; a station whose next packet does not fit gets a fragment that
 * fills what is left (802.16 fragmentation) and is done for this subframe, and the others go on
 * while anything fits. Why round robin and not grants proportional to backlog: every backlogged
 * station gets a burst in every frame it can, so a VoIP client's few packets never wait behind a
 * bulk download's queue (backlog-proportional grants give the longest queue the most, which is
 * what a drop-tail FIFO already does); and it is one sentence to explain. ns-3.37 is simpler
 * still and less fair: BSSchedulerSimple serves the connections in a fixed order, each as much as
 * fits, and the uplink's best-effort grants follow the stations' bandwidth requests.
 *
 * The uplink (cell.ts): the UL-MAP, sent in the DL subframe, has an entry for each station with
 * something to send at the frame's start or that sent in the previous frame, and the UL subframe
 * is planned at its own start from what those stations hold then. Bandwidth requests are not
 * modelled as messages: a station's backlog at the frame's start stands for its request (ns-3
 * sends bandwidth-request headers and grants them in a later frame, but its active best-effort
 * stations send what they hold when their burst comes, which is what this keeps).
 *
 * Units: bytes, symbols (from the start of the subframe's first symbol).
 */
import {
  DL_FIXED_SYMBOLS,
  FRAG_SUBHEADER_BYTES,
  MAC_PDU_OVERHEAD_BYTES,
  mapSymbols,
  UL_PREAMBLE_SYMBOLS,
  type WimaxLayout,
} from './params';

/** What the scheduler reads of one station's queue (a port of the cell). */
export interface Backlog {
  /** Packets waiting, the partly sent head included. */
  readonly count: number;
  /** IP bytes still to send of the k-th waiting packet (k = 0: the head). */
  left(k: number): number;
  /** The head has been partly sent already (its next PDU is a fragment). */
  readonly headStarted: boolean;
}

/** One MAC PDU of a burst: part or all of the station's k-th waiting packet. */
export interface Pdu {
  /** Index of the packet in the station's queue at the frame's start. */
  k: number;
  /** IP bytes it carries. */
  bytes: number;
  /** Its packet's last byte: the packet is whole at the far end when this PDU arrives. */
  completes: boolean;
  /** Symbol (from the subframe's start) at whose end the PDU has been sent. */
  endSymbol: number;
}

/** One station's burst in a subframe. */
export interface Burst {
  station: number;
  /** First symbol (its preamble, on the UL), from the subframe's start. */
  startSymbol: number;
  /** Symbols it takes, preamble included. */
  symbols: number;
  pdus: Pdu[];
}

/** One subframe's plan: its bursts in transmission order. */
export interface SubframePlan {
  bursts: Burst[];
  /** Symbols of overhead: DL preamble, FCH and MAPs; UL contention slots and preambles. */
  overheadSymbols: number;
}

interface Draft {
  station: number;
  bytes: number;
  pdus: { k: number; bytes: number; completes: boolean; end: number }[];
}

/**
 * A subframe's plan as it is drafted (planSubframe): the stations' bursts so far and the symbols
 * they take. A class, not closures made per call: a subframe is planned per direction every frame.
 */
class Drafting {
  readonly drafts: (Draft | undefined)[];
  readonly order: Draft[] = [];
  dataSymbols = 0;
  bursts = 0;

  constructor(
    readonly dir: 'dl' | 'ul',
    readonly bytesPerSymbol: number,
    readonly ulBursts: number,
    stations: number,
  ) {
    this.drafts = new Array<Draft | undefined>(stations);
  }

  /** Symbols of the DL-MAP and UL-MAP for `dl` DL bursts (0 in the UL). */
  mapOf(dl: number): number {
    return this.dir === 'dl' ? mapSymbols(dl, this.ulBursts) : 0;
  }

  symsOf(bytes: number): number {
    return Math.ceil(bytes / this.bytesPerSymbol);
  }

  /** Symbols used if a station's burst grows from `b` to `b2` bytes. */
  usedWith(b: number, b2: number): number {
    const extraBurst = b === 0 ? 1 : 0;
    const preamble = this.dir === 'ul' ? UL_PREAMBLE_SYMBOLS * (this.bursts + extraBurst) : 0;
    return (
      this.mapOf(this.bursts + extraBurst) +
      preamble +
      this.dataSymbols -
      this.symsOf(b) +
      this.symsOf(b2)
    );
  }

  add(st: number, k: number, bytes: number, completes: boolean, pduBytes: number): void {
    let d = this.drafts[st];
    if (!d) {
      d = { station: st, bytes: 0, pdus: [] };
      this.drafts[st] = d;
      this.order.push(d);
      this.bursts++;
    }
    this.dataSymbols += this.symsOf(d.bytes + pduBytes) - this.symsOf(d.bytes);
    d.bytes += pduBytes;
    d.pdus.push({ k, bytes, completes, end: d.bytes });
  }
}

/**
 * Plan one subframe. `stations[i]` is station i's backlog in this direction; `first` the station
 * the round starts from; `ulBursts` (DL only) the number of UL bursts the UL-MAP announces.
 */
export function planSubframe(
  l: WimaxLayout,
  dir: 'dl' | 'ul',
  stations: readonly Backlog[],
  first: number,
  ulBursts = 0,
): SubframePlan {
  const B = l.bytesPerSymbol;
  const n = stations.length;
  const cap = dir === 'dl' ? l.dlSymbols - DL_FIXED_SYMBOLS : l.ulSymbols - l.ulContentionSymbols;
  const next: number[] = new Array<number>(n).fill(0);
  const p = new Drafting(dir, B, ulBursts, n);
  const { drafts, order } = p;

  let active: number[] = [];
  for (let j = 0; j < n; j++) {
    const st = (first + j) % n;
    if (stations[st]!.count > 0) active.push(st);
  }
  while (active.length > 0) {
    const still: number[] = [];
    for (const st of active) {
      const q = stations[st]!;
      const k = next[st]!;
      const left = q.left(k);
      const frag = k === 0 && q.headStarted;
      const pdu = left + MAC_PDU_OVERHEAD_BYTES + (frag ? FRAG_SUBHEADER_BYTES : 0);
      const b = drafts[st]?.bytes ?? 0;
      if (p.usedWith(b, b + pdu) <= cap) {
        p.add(st, k, left, true, pdu);
        next[st] = k + 1;
        if (k + 1 < q.count) still.push(st);
        continue;
      }
      // The packet does not fit whole: a fragment fills the symbols left, if any.
      const free = cap - p.usedWith(b, b);
      if (free < 0) continue;
      const room = (p.symsOf(b) + free) * B - b - MAC_PDU_OVERHEAD_BYTES - FRAG_SUBHEADER_BYTES;
      if (room < 1) continue;
      const part = Math.min(room, left - 1);
      p.add(st, k, part, false, part + MAC_PDU_OVERHEAD_BYTES + FRAG_SUBHEADER_BYTES);
    }
    active = still;
  }

  const head = dir === 'dl' ? DL_FIXED_SYMBOLS + p.mapOf(p.bursts) : l.ulContentionSymbols;
  let at = head;
  const out: Burst[] = [];
  for (const d of order) {
    const pre = dir === 'ul' ? UL_PREAMBLE_SYMBOLS : 0;
    const symbols = pre + p.symsOf(d.bytes);
    out.push({
      station: d.station,
      startSymbol: at,
      symbols,
      pdus: d.pdus.map((u) => ({
        k: u.k,
        bytes: u.bytes,
        completes: u.completes,
        endSymbol: at + pre + p.symsOf(u.end),
      })),
    });
    at += symbols;
  }
  const overhead = head + (dir === 'ul' ? UL_PREAMBLE_SYMBOLS * p.bursts : 0);
  return { bursts: out, overheadSymbols: overhead };
}
