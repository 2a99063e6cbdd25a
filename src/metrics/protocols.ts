/**
 * Throughput by protocol: the papers compare the SCTP source with the TCP source (000_… eq. 2,
 * 004_… eq. 2: "percentage increase in throughput of source 1 over source 2"). With N flows the
 * comparison is of the mean λ of the SCTP flows against the mean λ of the TCP flows.
 */
import type { Protocol } from '../engine';
import { percentIncrease } from './formulas';

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
