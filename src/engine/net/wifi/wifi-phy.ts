/**
 * 802.11 PHY parameter sets and frame airtimes (IEEE 802.11-2016 clauses 16–18; the values
 * ns-3.37's WifiPhy uses for WIFI_STANDARD_80211b and _80211g). Every duration is a whole number
 * of nanoseconds (the PHYs' own durations are whole microseconds), so the cell compares times
 * exactly and two backoffs ending in the same slot start at the same instant.
 *
 * Frame sizes, bytes: a data MPDU is the IP packet + LLC/SNAP 8 + MAC header 24 + FCS 4
 * (non-QoS data frame, as ns-3's WifiMac adds LlcSnapHeader); ACK and CTS 14, RTS 20.
 */
import type { WifiCellConfig } from './wifi-config';

/** One PHY's timing and rates (ns unless named otherwise). */
export interface WifiPhy {
  readonly name: string;
  /** aSlotTime. */
  readonly slotNs: number;
  /** aSIFSTime. */
  readonly sifsNs: number;
  /** DIFS = SIFS + 2 · slot (§10.3.2.3.7). */
  readonly difsNs: number;
  /** CWmin and CWmax, slots (backoffs are drawn in [0, CW]). */
  readonly cwMin: number;
  readonly cwMax: number;
  /** The data rate, bits/s. */
  readonly dataRateBps: number;
  /** Airtime of a data frame of `bytes` (MPDU) at the data rate. */
  dataNs(bytes: number): number;
  /** Airtime of a control response (ACK, CTS) at its rate. */
  readonly ackNs: number;
  readonly ctsNs: number;
  /** Airtime of an RTS at the control rate. */
  readonly rtsNs: number;
  /**
   * EIFS − DIFS: SIFS + an ACK at the PHY's lowest rate (§10.3.2.3.7). A member that received
   * a frame in error (a collision) waits EIFS instead of DIFS before counting down.
   */
  readonly eifsNoDifsNs: number;
  /**
   * How long a sender waits for the ACK (or CTS) to start after its frame ends, before it
   * counts the attempt failed: SIFS + slot + the response's PHY preamble and header (ns-3.37
   * FrameExchangeManager's timeout; §10.3.2.9 "ACKTimeout").
   */
  readonly responseTimeoutNs: number;
}

/** MAC overhead of a data frame over its IP packet: LLC/SNAP 8 + header 24 + FCS 4. */
export const DATA_MAC_OVERHEAD_BYTES = 36;
export const ACK_BYTES = 14;
export const CTS_BYTES = 14;
export const RTS_BYTES = 20;

const US = 1000;

/** DSSS/HR-DSSS with the long PLCP preamble and header: 144 + 48 µs at 1 Mb/s (§16.2.2). */
const DSSS_PLCP_NS = 192 * US;
/** DSSS duration of `bytes` at `mbps` (1, 2, 5.5, 11): PLCP + ⌈8·bytes / rate⌉ µs (§16.3.4, LENGTH). */
function dsssNs(bytes: number, mbps: number): number {
  return DSSS_PLCP_NS + Math.ceil((8 * bytes) / mbps - 1e-9) * US;
}

/**
 * ERP-OFDM duration of `bytes` at a rate with `ndbps` data bits per 4 µs symbol: preamble 16 µs
 * + SIGNAL 4 µs + ⌈(16 + 8·bytes + 6) / NDBPS⌉ symbols + the 6 µs signal extension (§18.4.3,
 * §17.3.2.5 SERVICE 16 bits and tail 6).
 */
function erpOfdmNs(bytes: number, ndbps: number): number {
  return (20 + 4 * Math.ceil((16 + 8 * bytes + 6) / ndbps) + 6) * US;
}

/**
 * 802.11b: 11 Mb/s HR-DSSS data, long preamble; slot 20 µs, SIFS 10 µs, CWmin 31, CWmax 1023.
 * RTS at 1 Mb/s (the control rate) and so its CTS at 1 Mb/s; the ACK of an 11 Mb/s data frame
 * at 11 Mb/s — a response goes at the highest mandatory rate not above the frame it answers
 * (§10.7.6.5.2), which is what ns-3.37 does in a cell without a configured basic rate set (a
 * real AP advertising 1 and 2 Mb/s as basic rates would answer at 2 Mb/s). EIFS counts an ACK
 * at 1 Mb/s (304 µs), as ns-3.37's WifiPhy::GetAckTxTime.
 */
export const PHY_80211B: WifiPhy = {
  name: '802.11b DSSS 11 Mb/s',
  slotNs: 20 * US,
  sifsNs: 10 * US,
  difsNs: 50 * US,
  cwMin: 31,
  cwMax: 1023,
  dataRateBps: 11e6,
  dataNs: (bytes) => dsssNs(bytes, 11),
  ackNs: dsssNs(ACK_BYTES, 11),
  ctsNs: dsssNs(CTS_BYTES, 1),
  rtsNs: dsssNs(RTS_BYTES, 1),
  eifsNoDifsNs: 10 * US + dsssNs(ACK_BYTES, 1),
  responseTimeoutNs: 10 * US + 20 * US + DSSS_PLCP_NS,
};

/**
 * 802.11g: 54 Mb/s ERP-OFDM data (NDBPS 216); its ACK at 24 Mb/s (NDBPS 96, the highest
 * mandatory OFDM rate not above the data rate); RTS at 6 Mb/s (NDBPS 24) and so its CTS; ns-3.37's
 * WIFI_STANDARD_80211g timing: the long slot 20 µs (a cell that may hold 802.11b stations),
 * SIFS 10 µs, CWmin 15, CWmax 1023; EIFS from an ACK at 1 Mb/s (its lowest rate, DSSS).
 */
export const PHY_80211G: WifiPhy = {
  name: '802.11g ERP-OFDM 54 Mb/s',
  slotNs: 20 * US,
  sifsNs: 10 * US,
  difsNs: 50 * US,
  cwMin: 15,
  cwMax: 1023,
  dataRateBps: 54e6,
  dataNs: (bytes) => erpOfdmNs(bytes, 216),
  ackNs: erpOfdmNs(ACK_BYTES, 96),
  ctsNs: erpOfdmNs(CTS_BYTES, 24),
  rtsNs: erpOfdmNs(RTS_BYTES, 24),
  eifsNoDifsNs: 10 * US + dsssNs(ACK_BYTES, 1),
  responseTimeoutNs: 10 * US + 20 * US + 20 * US,
};

/**
 * 802.11b as ns-2.35's Mac/802_11 times it with dataRate_ 11 Mb/s and basicRate_ 1 Mb/s
 * (WifiCellConfig.compat 'ns2'; mac-802_11.cc `txtime(psz, drt)`, mac-802_11.h `PHY_MIB`): a
 * frame is its 24-byte PLCP preamble + header at PLCPDataRate_ 1 Mb/s (192 µs), then the rest
 * at the frame's rate, not rounded up to whole µs (here to the nearest ns); a data frame carries
 * 34 bytes of MAC header and FCS (four addresses, no LLC/SNAP: `getHdrLen11`) where the
 * engine's MPDU counts 36; RTS, CTS and ACK all at basicRate_ (`sendRTS`, `sendCTS`,
 * `sendACK`): 352, 304 and 304 µs; the ACK timeout SIFS + ACK + twice the 2 µs
 * DSSS_MaxPropagationDelay (`check_pktTx`). Slot, SIFS, DIFS, CW and EIFS as PHY_80211B.
 */
export const PHY_80211B_NS2: WifiPhy = {
  ...PHY_80211B,
  name: '802.11b DSSS 11 Mb/s (ns-2.35 Mac/802_11)',
  dataNs: (bytes) => Math.round(DSSS_PLCP_NS + ((bytes - 2) * 8 * US) / 11),
  ackNs: dsssNs(ACK_BYTES, 1),
  ctsNs: dsssNs(CTS_BYTES, 1),
  rtsNs: dsssNs(RTS_BYTES, 1),
  responseTimeoutNs: 10 * US + dsssNs(ACK_BYTES, 1) + 4 * US,
};

/** The parameter set of a cell. Throws RangeError for `compat: 'ns2'` with 802.11g. */
export function wifiPhy(cfg: Pick<WifiCellConfig, 'phy' | 'compat'>): WifiPhy {
  if (cfg.compat === 'ns2') {
    if (cfg.phy !== 'b') throw new RangeError("wifi cell: compat 'ns2' is 802.11b only");
    return PHY_80211B_NS2;
  }
  return cfg.phy === 'g' ? PHY_80211G : PHY_80211B;
}

/** Trace.media's label of a cell, e.g. '802.11b DSSS 11 Mb/s, basic access, ad hoc'. */
export function wifiLabel(cfg: WifiCellConfig): string {
  const t = cfg.rtsThresholdBytes;
  const access =
    t === undefined || t === Infinity
      ? 'basic access'
      : t <= 0
        ? 'RTS/CTS'
        : `RTS/CTS above ${t} B`;
  return `${wifiPhy(cfg).name}, ${access}, ${cfg.ap !== undefined ? `AP ${cfg.ap}` : 'ad hoc'}`;
}
