/**
 * The frame structure of the 802.16-like scheduled link (net/wimax/): an OFDM PHY (IEEE 802.16-2004
 * §8.3, 256-point FFT, 192 data subcarriers) in time-division duplex, one base station (BS) and
 * the subscriber stations (SS) of its cell.
 *
 * Defaults: 003_…'s "OFDM 64QAM 3/4, 22 Mb/s" (Vicuña et al. 2010 §3): 64QAM 3/4 carries
 * 192 · 6 · 3/4 = 864 bits = 108 bytes per OFDM symbol; on a 7 MHz channel (sampling factor 8/7,
 * subcarrier spacing 31.25 kHz, useful time 32 µs, cyclic prefix G = 1/4) a symbol lasts 40 µs,
 * so the PHY rate is 864 / 40 µs = 21.6 Mb/s. A 5 ms frame is then 125 symbols.
 *
 * One frame, as ns-3.37's BaseStationNetDevice::StartFrame lays it out (half the symbols each
 * way, less the transmit/receive transition gaps, TTG and RTG of 2 symbols each as ns-3's
 * SimpleOfdmWimaxPhy assumes), the split movable with `dlShare`:
 *
 *   | DL: preamble 2 · FCH 1 · MAPs (BPSK 1/2) · DL bursts | TTG | UL: contention · UL bursts | RTG |
 *
 * - DL-MAP and UL-MAP go in the DL subframe at BPSK 1/2 (12 bytes per symbol): fixed parts of
 *   14 and 12 bytes (generic MAC header, message type, change counts, BS id / allocation start),
 *   4 bytes per DL burst, 6 per UL-MAP entry: one per station polled in the frame (cell.ts) and
 *   one for the contention slots.
 * - Each station with data gets at most one burst per subframe, in whole symbols; an UL burst
 *   starts with a 1-symbol short preamble.
 * - Each MAC PDU carries a 6-byte generic MAC header and a 4-byte CRC; a fragment of a packet
 *   (802.16 fragmentation, so a frame's last space is used) 2 bytes more for its subheader.
 * - The UL starts with `ulContentionSymbols` of contention slots (bandwidth requests, ranging).
 *
 * Units: seconds, symbols, bytes. Source: IEEE 802.16-2004 §6.3.2, §8.3; ns-3.37
 * src/wimax/model (bs-net-device.cc, simple-ofdm-wimax-phy.cc).
 */

/** The scheduled link's parameters (LinkConfig.wimax; scenario keys `wimax.*`). */
export interface WimaxParams {
  /** Frame duration, s (802.16 OFDM allows 2.5, 4, 5, 8, 10, 12.5, 20 ms). Default 0.005. */
  frameS?: number;
  /** OFDM symbol duration, s. Default 40e-6 (7 MHz channel, G = 1/4). */
  symbolS?: number;
  /** Data bytes per symbol at the bursts' modulation. Default 108 (64QAM 3/4). */
  bytesPerSymbol?: number;
  /** Share of the frame's symbols given to the downlink, 0.1–0.9. Default 0.5 (ns-3). */
  dlShare?: number;
  /** UL symbols of contention slots each frame. Default 2. */
  ulContentionSymbols?: number;
}

/** The resolved frame layout, in symbols and bytes. */
export interface WimaxLayout {
  frameS: number;
  symbolS: number;
  bytesPerSymbol: number;
  /** Symbols in one frame. */
  frameSymbols: number;
  /** DL subframe symbols (after TTG is taken off), and the DL fixed part (preamble + FCH). */
  dlSymbols: number;
  /** UL subframe symbols (after RTG is taken off). */
  ulSymbols: number;
  /** First symbol of the UL subframe, counted from the frame's start. */
  ulStart: number;
  ulContentionSymbols: number;
}

export const WIMAX_DEFAULTS: Required<WimaxParams> = {
  frameS: 0.005,
  symbolS: 40e-6,
  bytesPerSymbol: 108,
  dlShare: 0.5,
  ulContentionSymbols: 2,
};

/** DL subframe: long preamble (2 symbols) and frame control header (1 symbol). */
export const DL_FIXED_SYMBOLS = 3;
/** TTG and RTG, symbols each (ns-3.37 SimpleOfdmWimaxPhy::DoGetTtg / DoGetRtg). */
export const GAP_SYMBOLS = 2;
/** UL burst preamble, symbols. */
export const UL_PREAMBLE_SYMBOLS = 1;
/** MAP bytes per symbol (BPSK 1/2 on 192 subcarriers). */
export const MAP_BYTES_PER_SYMBOL = 12;
export const DL_MAP_FIXED_BYTES = 14;
export const DL_MAP_IE_BYTES = 4;
export const UL_MAP_FIXED_BYTES = 12;
export const UL_MAP_IE_BYTES = 6;
/** Generic MAC header (6) + CRC (4), bytes per MAC PDU. */
export const MAC_PDU_OVERHEAD_BYTES = 10;
/** Fragmentation subheader, bytes (on a PDU that carries part of a packet). */
export const FRAG_SUBHEADER_BYTES = 2;

/**
 * The frame layout of `p` (defaults filled in).
 * @throws RangeError when a parameter is out of range or the frame leaves no data symbols.
 */
export function wimaxLayout(p: WimaxParams = {}): WimaxLayout {
  const q = { ...WIMAX_DEFAULTS, ...p };
  const ok = (v: number, lo: number, hi: number) => Number.isFinite(v) && v >= lo && v <= hi;
  if (!ok(q.frameS, 1e-3, 0.1)) throw new RangeError(`wimax frameS ${q.frameS}: 0.001–0.1 s`);
  if (!ok(q.symbolS, 1e-6, 1e-3)) throw new RangeError(`wimax symbolS ${q.symbolS}: 1e-6–1e-3 s`);
  if (!ok(q.bytesPerSymbol, 1, 10_000) || !Number.isInteger(q.bytesPerSymbol)) {
    throw new RangeError(`wimax bytesPerSymbol ${q.bytesPerSymbol}: an integer 1–10000`);
  }
  if (!ok(q.dlShare, 0.1, 0.9)) throw new RangeError(`wimax dlShare ${q.dlShare}: 0.1–0.9`);
  const frameSymbols = Math.floor(q.frameS / q.symbolS + 1e-9);
  const dlPart = Math.floor(frameSymbols * q.dlShare);
  const dlSymbols = dlPart - GAP_SYMBOLS;
  const ulSymbols = frameSymbols - dlPart - GAP_SYMBOLS;
  if (dlSymbols < DL_FIXED_SYMBOLS + 4 || ulSymbols < q.ulContentionSymbols + 2) {
    throw new RangeError(`wimax frame of ${frameSymbols} symbols leaves no room for data`);
  }
  return {
    frameS: q.frameS,
    symbolS: q.symbolS,
    bytesPerSymbol: q.bytesPerSymbol,
    frameSymbols,
    dlSymbols,
    ulSymbols,
    ulStart: dlPart,
    ulContentionSymbols: q.ulContentionSymbols,
  };
}

/** Symbols the two MAPs take with `dl` DL bursts and `ul` UL bursts. */
export function mapSymbols(dl: number, ul: number): number {
  const bytes =
    DL_MAP_FIXED_BYTES + DL_MAP_IE_BYTES * dl + UL_MAP_FIXED_BYTES + UL_MAP_IE_BYTES * (ul + 1);
  return Math.ceil(bytes / MAP_BYTES_PER_SYMBOL);
}

/** The PHY rate of the bursts' modulation, bit/s (21.6 Mb/s by default). */
export function wimaxPhyBps(l: WimaxLayout): number {
  return (8 * l.bytesPerSymbol) / l.symbolS;
}

/**
 * Closed-form saturation throughput of one direction, bit/s of IP packets: `stations` stations
 * each always backlogged with `ipBytes`-byte packets, the other direction idle. Each frame the
 * direction's data symbols (less the MAPs for DL, less the contention slots and one preamble per
 * burst for UL) carry MAC PDUs of ipBytes + 10 bytes. The round-robin scheduler gives every
 * station a burst — or, when a frame holds fewer PDUs than there are stations, one burst per PDU
 * and one for a fragment — each ending on a PDU's end and rounded up to whole symbols, but for
 * the one whose packet is fragmented to fill the subframe; that packet costs one PDU header more
 * and two fragmentation subheaders. Within 0.5 % of the model for 1–10 stations and 1500-byte
 * packets (tests/engine/net/wimax.test.ts).
 */
export function wimaxSaturationBps(
  l: WimaxLayout,
  dir: 'dl' | 'ul',
  stations: number,
  ipBytes: number,
): number {
  const perPacket = ipBytes + MAC_PDU_OVERHEAD_BYTES;
  const dataOf = (m: number) =>
    dir === 'dl'
      ? l.dlSymbols - DL_FIXED_SYMBOLS - mapSymbols(m, 0)
      : l.ulSymbols - l.ulContentionSymbols - UL_PREAMBLE_SYMBOLS * m;
  // Bursts per frame: every station, or one per PDU a frame holds when fewer.
  let m = stations;
  for (let i = 0; i < 3; i++) {
    m = Math.min(stations, Math.ceil((dataOf(m) * l.bytesPerSymbol) / perPacket) + 1);
  }
  // Each burst but the fragment's ends on a PDU's end: j whole PDUs, rounded up to symbols.
  const B = l.bytesPerSymbol;
  const j = Math.max(1, Math.floor((dataOf(m) * B) / perPacket / m));
  const waste = Math.ceil((j * perPacket) / B) - (j * perPacket) / B;
  const bytes = (dataOf(m) - (m - 1) * waste) * B;
  const extra = MAC_PDU_OVERHEAD_BYTES + 2 * FRAG_SUBHEADER_BYTES;
  const ip = ((bytes - extra) * ipBytes) / perPacket;
  return (8 * ip) / l.frameS;
}
