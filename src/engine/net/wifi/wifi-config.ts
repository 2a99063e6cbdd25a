/**
 * An 802.11 DCF cell as SimConfig.media describes it (net/wifi/; the scenario key `link=wifi-b`
 * or `wifi-g`). Units: bytes, packets, seconds.
 */
export interface WifiCellConfig {
  kind: 'wifi';
  /**
   * The PHY and its timing (wifi-phy.ts): 'b' = 802.11b DSSS/HR-DSSS at 11 Mb/s with the long
   * preamble; 'g' = 802.11g ERP-OFDM at 54 Mb/s (the long 20 µs slot, as ns-3.37's
   * WIFI_STANDARD_80211g in an ad hoc cell, which does not switch to the 9 µs short slot).
   */
  phy: 'b' | 'g';
  /** Member node names (each has one radio in the cell). */
  nodes: string[];
  /**
   * The access point (one of `nodes`): the cell carries station ↔ AP frames only, so a station
   * reaches another station through the AP (infrastructure BSS). Absent: ad hoc (IBSS), every
   * member reaches every other directly.
   */
  ap?: string;
  /** Each member's interface queue, packets (ns-2's drop-tail rule, as LinkConfig.queueLimit). */
  queueLimit: number;
  /**
   * RTS/CTS for data frames longer than this many bytes (the MPDU: IP packet + LLC/SNAP + MAC
   * header + FCS; dot11RTSThreshold). 0 = every frame; absent or Infinity = never (basic access).
   */
  rtsThresholdBytes?: number;
  /** Probability that a frame (data, or RTS) is lost to the channel, in [0, 1). Default 0. */
  frameErrorRate?: number;
  /** dot11ShortRetryLimit: attempts of a frame sent without RTS (or of its RTS). Default 7. */
  shortRetryLimit?: number;
  /** dot11LongRetryLimit: attempts of a data frame sent after RTS/CTS. Default 4. */
  longRetryLimit?: number;
  /**
   * 'ns2': ns-2.35 Mac/802_11's DCF instead of the standard's (802.11b only; the comparison
   * with tests/fixtures/ns2-wifi/ selects it): control frames at its basicRate_ 1 Mb/s, its
   * frame lengths, backoffs in [0, CW − 1], EIFS + DIFS after a collision, and a backoff for
   * a frame reaching an idle member (wifi-phy.ts PHY_80211B_NS2, cell.ts). Absent: the standard.
   */
  compat?: 'ns2';
}
