/**
 * The congestion window after a decision, in the readings the literature gives it. Read from
 * the decision's recorded variables only (nothing is re-simulated); shared by the explanation
 * log's {windowCheck} phrase and the UI's predict mode, so both say the same numbers.
 *
 * Why more than one reading: during Reno / NewReno fast recovery ns-2 keeps `cwnd_` at ssthresh
 * and counts the duplicate ACKs apart as window inflation (`dupwnd_`), sending within
 * window() = ⌊cwnd⌋ + dupwnd (tcp-reno.cc). RFC 5681 §3.2 steps 2–4 (RFC 2581 §3.2) fold the
 * same packets into cwnd itself — "set cwnd to ssthresh plus 3*SMSS", "increment cwnd by SMSS"
 * for each further duplicate — and RFC 6582 §3.2 step 5 deflates cwnd itself on a partial ACK.
 * Both describe the same window; they differ in what the name `cwnd` covers. SACK and FACK
 * recovery (RFC 6675, Fall & Floyd §5, Mathis & Mahdavi) and SCTP (RFC 4960 §7.2.4, fast
 * retransmission outside cwnd) never inflate cwnd: there the readings coincide.
 */
import { senderMeta } from '../senders';
import { varAfter } from './records';
import type { Decision, Trace } from './types';

/** The window after one decision. Packets for TCP, MTUs for SCTP (as SenderVars). */
export interface CwndReadings {
  /** The sender's cwnd variable as this run keeps it (ns-2's `cwnd_`; SCTP: bytes / MTU). */
  cwnd: number;
  /** Window inflation counted beside cwnd (ns-2 `dupwnd_`, Reno / NewReno); 0 when none. */
  inflation: number;
  /**
   * cwnd as RFC 5681 §3.2 / RFC 6582 §3.2 write it, the inflation folded in: cwnd + inflation.
   * Equal to `cwnd` when there is no inflation.
   */
  rfcCwnd: number;
  /**
   * The send window of a window-based TCP sender, packets beyond the cumulative ACK: ns-2
   * window() = min(⌊cwnd⌋ + inflation, rwnd) (tcp.cc, tcp-reno.cc). null for SCTP (it counts
   * outstanding bytes against cwnd, RFC 4960 §6.1 B) and for a SACK-family sender in recovery,
   * which sends while pipe < cwnd instead (`pipe`).
   */
  sendWindow: number | null;
  /** SACK pipe / FACK outstanding estimate after the decision, packets; null when not in use. */
  pipe: number | null;
  /** SCTP: cwnd in bytes (cwnd × the flow's MTU); null for TCP or when the MTU is unknown. */
  cwndBytes: number | null;
}

/**
 * Whether the flow's sender inflates the window beside cwnd in fast recovery (Reno, NewReno:
 * VariantMeta.windowInflation). Known before the run's outcome: predict mode says so in its
 * question.
 */
export function keepsInflation(trace: Trace, flow: number): boolean {
  const id = trace.flows[flow]?.sender;
  return id !== undefined && senderMeta(id)?.windowInflation === true;
}

const mtuCache = new WeakMap<Trace, Map<number, number>>();

/**
 * An SCTP flow's congestion-control MTU in bytes (its windows are recorded in MTUs: bytes /
 * MTU), read off its first state sample (cwnd bytes / cwnd); NaN when the trace has none.
 */
export function mtuOf(trace: Trace, flow: number): number {
  let perFlow = mtuCache.get(trace);
  if (!perFlow) {
    perFlow = new Map();
    mtuCache.set(trace, perFlow);
  }
  const cached = perFlow.get(flow);
  if (cached !== undefined) return cached;
  let mtu = NaN;
  const S = trace.samples;
  for (let j = 0; j < S.length; j++) {
    const row = S.decision[j]!;
    if (trace.decisions.flow[row] !== flow) continue;
    const cwnd = varAfter(trace, row, 'cwnd');
    if (cwnd > 0 && S.cwndBytes[j]! > 0) {
      mtu = S.cwndBytes[j]! / cwnd;
      break;
    }
  }
  perFlow.set(flow, mtu);
  return mtu;
}

/** The readings of the window after decision `d` of `trace` (see CwndReadings). */
export function cwndReadings(d: Decision, trace: Trace): CwndReadings {
  const a = d.after;
  const info = trace.flows[d.flow];
  const inflation = a.inflation !== undefined && Number.isFinite(a.inflation) ? a.inflation : 0;
  const pipe = a.pipe >= 0 ? a.pipe : null;
  if (info?.protocol === 'sctp') {
    const mtu = mtuOf(trace, d.flow);
    return {
      cwnd: a.cwnd,
      inflation: 0,
      rfcCwnd: a.cwnd,
      sendWindow: null,
      pipe: null,
      cwndBytes: Number.isFinite(mtu) ? a.cwnd * mtu : null,
    };
  }
  const raw = Math.trunc(a.cwnd) + inflation;
  const rwnd = info?.windowPkts;
  return {
    cwnd: a.cwnd,
    inflation,
    rfcCwnd: a.cwnd + inflation,
    sendWindow:
      pipe !== null && !keepsInflation(trace, d.flow)
        ? null
        : rwnd !== undefined && raw > rwnd
          ? rwnd
          : raw,
    pipe,
    cwndBytes: null,
  };
}
