/**
 * What a flow's application offers over a run, without the network: its source (index.ts
 * makeSource) run alone on a scheduler of its own, with the same seed and streams as in the run,
 * so the same draws in the same order. The run-cost estimate (src/scenarios/cost.ts) uses it to
 * bound what a paced flow can send: a UDP sender sends every packet its source offers at once,
 * so the replay's count is exactly its datagrams; a TCP or SCTP sender sends at most what is
 * offered (plus retransmissions).
 *
 * The one thing the network decides is when the transport reports everything offered drained
 * (AppSource.drained: an FTP client's think time starts then). The replay reports it
 * `drainDelayS(packets)` seconds after an offer of `packets` packets: 0 is what the UDP sender
 * does (it drains at once); a lower bound of the real delay (TCP, SCTP: at least a round trip)
 * gives an upper bound of what the source offers by any time, as every later offer then comes
 * no later than in the run.
 */
import type { FlowConfig } from '../config';
import { Scheduler, type ScheduledEvent } from '../core/scheduler';
import { makeSource } from './index';

export interface OfferedOptions {
  /** Scheduler events the replay may execute; past this it gives up (null). */
  maxEvents: number;
  /** Seconds from an offer of `packets` new packets to its drained() report (default 0). */
  drainDelayS?: (packets: number) => number;
  /** Called whenever the source offers more: the time (s) and the packets offered so far. */
  onOffer?: (timeS: number, offered: number) => void;
}

/**
 * Packets the flow's source offers from its start to `untilS` (seconds; an offer at exactly
 * `untilS` counts, as the run executes events at its stop time): Infinity for a bulk source,
 * null when the replay would need more than `opts.maxEvents` scheduler events (a source that
 * offers many packets one by one: estimate it another way).
 * @throws Error for a source's bad parameters (as the run would).
 */
export function offeredBy(
  flow: FlowConfig,
  seed: number,
  untilS: number,
  opts: OfferedOptions,
): number | null {
  if ((flow.app?.kind ?? 'bulk') === 'bulk') return Infinity;
  const sched = new Scheduler();
  const source = makeSource(flow, sched, seed);
  const delay = opts.drainDelayS;
  // packets offered and not yet reported drained, and the pending report
  let drained = 0;
  let pending: ScheduledEvent | null = null;
  const drain = (): void => {
    pending = null;
    drained = source.offered();
    source.drained();
  };
  const onOffer = opts.onOffer;
  let told = 0;
  const wake = (): void => {
    const offered = source.offered();
    if (onOffer && offered > told) onOffer(sched.now, (told = offered));
    const packets = offered - drained;
    if (packets <= 0) return;
    const d = delay ? delay(packets) : 0;
    sched.cancel(pending);
    if (d <= 0) drain();
    else pending = sched.at(sched.now + d, drain);
  };
  sched.at(flow.startS, () => {
    source.start(wake);
    wake();
  });
  sched.runUntil(untilS, opts.maxEvents);
  if (sched.executed > opts.maxEvents) return null;
  return source.offered();
}
