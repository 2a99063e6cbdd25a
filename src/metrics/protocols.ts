/**
 * Throughput by protocol: the papers compare the SCTP source with the TCP source (000_… eq. 2,
 * 004_… eq. 2: "percentage increase in throughput of source 1 over source 2"). With N flows the
 * comparison is of the mean λ of the SCTP flows against the mean λ of the TCP flows.
 */
import {
  SCTP_SENDERS,
  senderProtocol,
  TCP_SENDERS,
  UDP_SENDERS,
  type Protocol,
  type SenderId,
} from '../engine';
import { jainIndex, percentIncrease } from './formulas';

/** A flow as the grouping needs it. */
export interface ProtocolShare {
  protocol: Protocol;
  /** λ_i: payload bytes sent, retransmissions excluded (or any other per-flow amount). */
  uniqueBytes: number;
}

/** Mean uniqueBytes of the TCP flows and of the SCTP flows, bytes; null for a kind with no flow (UDP flows are not counted). */
export function meanByProtocol(flows: readonly ProtocolShare[]): {
  tcp: number | null;
  sctp: number | null;
} {
  const sum = { tcp: 0, sctp: 0 };
  const count = { tcp: 0, sctp: 0 };
  for (const f of flows) {
    if (f.protocol === 'udp') continue;
    sum[f.protocol] += f.uniqueBytes;
    count[f.protocol]++;
  }
  return {
    tcp: count.tcp > 0 ? sum.tcp / count.tcp : null,
    sctp: count.sctp > 0 ? sum.sctp / count.sctp : null,
  };
}

/**
 * Percentage increase in throughput of SCTP over TCP (000_… eq. 2 with source 1 = SCTP, source 2
 * = TCP, as in their Table 2), mean λ per protocol, in %. Null when the run has no SCTP flow,
 * no TCP flow, or the TCP flows sent nothing.
 */
export function sctpOverTcpIncrease(flows: readonly ProtocolShare[]): number | null {
  const m = meanByProtocol(flows);
  return m.sctp === null || m.tcp === null ? null : percentIncrease(m.sctp, m.tcp);
}

/**
 * Jain's fairness index of a run (GEO paper 004_…, §IV: w = (Σ b_i)² / (n · Σ b_i²), "where n is
 * the number of flows through the bottleneck link, and b_i is the fraction of the bottleneck link
 * bandwidth obtained by flow i"), over the flows that paper counts: its n sources are all TCP or
 * SCTP FTP sources ("starting from one TCP and one SCTP source to four TCP and four SCTP
 * sources"), so the index is taken over the TCP and SCTP flows and a UDP flow (constant rate, no
 * congestion control, 002_… and 003_…'s VoIP) does not count — as in sctpOverTcpIncrease. The
 * b_i are the flows' λ (uniqueBytes; the index is scale-free). 1/n … 1; 1 for one such flow and
 * when every λ is 0; null when the run has no TCP or SCTP flow. The one Jain's index of the
 * project: the run's `jain`, the metrics panel up to the cursor, the sweep table and the ns-2
 * table statistics all call it.
 */
export function jainFairness(flows: readonly ProtocolShare[]): number | null {
  const counted = flows.filter((f) => f.protocol !== 'udp').map((f) => f.uniqueBytes);
  return counted.length === 0 ? null : jainIndex(counted);
}

const SENDER_IDS: ReadonlySet<string> = new Set([...TCP_SENDERS, ...SCTP_SENDERS, ...UDP_SENDERS]);

/**
 * The protocol of a sender id read from a row (a metrics row, an ns-2 fixture's flow), from the
 * engine's sender registry. @throws Error for a string that is no sender id.
 */
export function protocolOfSender(sender: string): Protocol {
  if (!SENDER_IDS.has(sender)) throw new Error(`unknown sender '${sender}' in a metrics row`);
  return senderProtocol(sender as SenderId);
}
