/**
 * Episodes of a run: the coarse steps a lecture walks ("next episode"), read from the trace the
 * engine wrote — the decisions' reason codes, the state samples' phase, the drops and the SCTP
 * path events. Nothing here decides protocol behaviour; it groups what the senders recorded.
 *
 * - `loss`: one flow's loss and its repair — from the first drop of the flow's data not yet
 *   part of an episode (or, without one, the decision that detected the loss: a fast
 *   retransmit) to the end of the recovery it started (an exit-recovery decision, or the
 *   first state sample of the flow out of fast / RTO recovery). Drops while it lasts belong to
 *   it. A flow that takes no decisions (UDP) has a loss episode per burst: drops of its data
 *   until one of its data packets is delivered again.
 * - `timeout`: a retransmission-timer expiry (RTO, T3-rtx): its own step even inside a loss
 *   episode; its recovery lasts until the flow's phase leaves RTO recovery.
 * - `link-down`: a link starts dropping packets because it is down (DropCause.linkDown) after it
 *   last carried one: one step per outage and link, both directions together.
 * - `path`: an SCTP path state change (RFC 4960 §8.2, §6.4.1, §8.3, §8.1): a path inactive,
 *   failover, a path active again, back to the primary, the association aborted.
 *
 * Event indices are into trace.packets; a step's event is where the cursor goes. Steps at the
 * same simulated time are one step (the first of them).
 */
import { lastEventAtOrBefore } from './event-at';
import { PATH_EVENT_NAMES } from '../engine';
import { DropCause, PacketEventKind, PacketType, type Trace } from '../engine';
import { PHASE_CODE } from '../engine';

export type EpisodeKind = 'loss' | 'timeout' | 'link-down' | 'path';

export interface Episode {
  kind: EpisodeKind;
  /** 0-based flow index; -1 for a link. */
  flow: number;
  /** Packet event where it starts (its step). */
  start: number;
  /** Packet event where it ends (inclusive): the end of recovery; = start for one-event kinds. */
  end: number;
}

/**
 * What a reason code means for episodes. Every code the catalog marks significant has a role
 * (tests/trace/episodes.test.ts checks this against reasonCodes()), so a new variant's code
 * must be placed here.
 * - detect: loss detected from duplicate ACKs / missing reports (a fast retransmit);
 * - exit: the end of fast recovery;
 * - timeout: a retransmission-timer expiry;
 * - inside: a step within an episode (a partial ACK, a dupack the bugfix ignores, a fast
 *   retransmit inside a recovery already under way);
 * - none: not part of an episode (connection set-up and teardown, idle restarts, HEARTBEATs).
 */
export type EpisodeRole = 'detect' | 'exit' | 'timeout' | 'path' | 'inside' | 'none';

export const EPISODE_ROLES: Readonly<Record<string, EpisodeRole>> = {
  'tahoe.fast-retransmit': 'detect',
  'reno.fast-retransmit': 'detect',
  'sack.fast-retransmit': 'detect',
  'fack.fast-retransmit': 'detect',
  'cubic.fast-retransmit': 'detect',
  'prr.enter': 'detect',
  'vegas.fast-retransmit': 'detect',
  'bbr.fast-retransmit': 'detect',
  'sctp.fast-retransmit': 'detect',
  'sctp.fast-recovery': 'detect',
  'sctp.fast-retransmit-htna': 'detect',
  // a loss found by duplicate ACKs in a window an ECN cut already reduced (tcp/ecn.ts)
  'tcp.ecn-dupack': 'detect',
  'reno.exit-recovery': 'exit',
  'newreno.exit-recovery': 'exit',
  'sack.exit-recovery': 'exit',
  'prr.exit': 'exit',
  'fack.exit-recovery': 'exit',
  'sctp.exit-recovery': 'exit',
  'tcp.rfc-exit-recovery': 'exit',
  'vegas.deflate': 'exit',
  'bbr.exit-recovery': 'exit',
  'tcp.rto': 'timeout',
  'tcp.rto-tail': 'timeout',
  'vegas.rto': 'timeout',
  'tcp.fin-rto': 'timeout',
  'sctp.rto': 'timeout',
  'sctp.shutdown-rtx': 'timeout',
  'sctp.path-inactive': 'path',
  'sctp.abort': 'path',
  'sctp.fast-retransmit-in-recovery': 'inside',
  'sack.partial-ack': 'inside',
  'newreno.partial-ack': 'inside',
  'newreno.partial-ack-deflate': 'inside',
  'vegas.retransmit': 'inside',
  'vegas.retransmit-after-ack': 'inside',
  'tcp.dupack-ignored': 'inside',
  'tcp.dupack-ignored-start': 'inside',
  'sctp.pr-abandon': 'inside',
  'sctp.forward-tsn': 'inside',
  'tcp.start': 'none',
  // an ECN window cut: a CE mark, not a loss
  'tcp.ecn-cut': 'none',
  'tcp.idle-restart': 'none',
  'tcp.idle-restart-ns2': 'none',
  'tcp.cwnd-validation': 'none',
  'vegas.slow-start-exit': 'none',
  'vegas.decrease': 'none',
  // BBR's mode changes: its state lane, not a loss episode
  'bbr.drain': 'none',
  'bbr.drain-probe-bw': 'none',
  'bbr.probe-bw': 'none',
  'bbr.probe-rtt': 'none',
  'bbr.startup-again': 'none',
  'tcp.close': 'none',
  'tcp.closed': 'none',
  'sctp.init': 'none',
  'sctp.established': 'none',
  'sctp.start': 'none',
  'sctp.shutdown': 'none',
  'sctp.shutdown-complete': 'none',
  'sctp.heartbeat-ack': 'none',
};

/** The role of a code (codes without an entry — the insignificant ones — are 'none'). */
export function episodeRole(code: string): EpisodeRole {
  return EPISODE_ROLES[code] ?? 'none';
}

/** Path events that change a path's state (PATH_EVENT_NAMES). */
const PATH_STATE_EVENTS: ReadonlySet<string> = new Set([
  'inactive',
  'failover',
  'recovered',
  'primary',
  'abort',
]);

const IN_RECOVERY = new Set([PHASE_CODE['fast-recovery'], PHASE_CODE['rto-recovery']]);

/** A recovery a flow's decisions open and close (pass 1). */
interface Recovery {
  kind: 'loss' | 'timeout';
  flow: number;
  open: number;
  close: number;
}

/** Loss and timeout recoveries from the decisions, in decision order. */
function recoveries(trace: Trace): Recovery[] {
  const D = trace.decisions;
  const S = trace.samples;
  const nf = trace.flows.length;
  const role = D.codes.map((c) => episodeRole(c));
  const phase = new Int8Array(nf).fill(-1);
  const current: (Recovery | null)[] = new Array<Recovery | null>(nf).fill(null);
  const out: Recovery[] = [];
  const eventOf = (r: number) => {
    const e = D.event[r]!;
    return e >= 0 ? e : lastEventAtOrBefore(trace, D.time[r]!);
  };
  let j = 0;
  for (let r = 0; r < D.length; r++) {
    const f = D.flow[r]!;
    // The flow's phase after this decision: its latest sample up to this row.
    while (j < S.length && S.decision[j]! <= r) {
      phase[D.flow[S.decision[j]!]!] = S.phase[j]!;
      j++;
    }
    const inRecovery = IN_RECOVERY.has(phase[f]!);
    const what = role[D.code[r]!];
    const open = current[f];
    if (what === 'timeout' || (what === 'detect' && !open)) {
      if (open) open.close = eventOf(r);
      const e = eventOf(r);
      const rec: Recovery = {
        kind: what === 'timeout' ? 'timeout' : 'loss',
        flow: f,
        open: e,
        close: e,
      };
      out.push(rec);
      current[f] = inRecovery ? rec : null;
      continue;
    }
    if (!open) continue;
    open.close = eventOf(r);
    if (what === 'exit' || !inRecovery) current[f] = null;
  }
  // A recovery still open when the run stops lasts to its end.
  const last = Math.max(0, trace.packets.length - 1);
  for (const rec of current) if (rec) rec.close = last;
  return out;
}

/** Every episode of the run, by start event (then kind order: loss, timeout, link, path). */
export function episodes(trace: Trace): Episode[] {
  const P = trace.packets;
  const X = trace.transmissions;
  const nf = trace.flows.length;
  const recs = recoveries(trace);
  const out: Episode[] = [];
  // Each flow's recoveries in order; a drop before one (and after the one before) starts it.
  const byFlow: Recovery[][] = Array.from({ length: nf }, () => []);
  for (const r of recs) byFlow[r.flow]!.push(r);
  const decides = new Uint8Array(nf);
  for (let r = 0; r < trace.decisions.length; r++) decides[trace.decisions.flow[r]!] = 1;
  const next = new Int32Array(nf); // the flow's first recovery not closed before the event
  const firstDrop = new Map<Recovery, number>();
  const tailFirst = new Int32Array(nf).fill(-1); // drops after the flow's last recovery
  const tailLast = new Int32Array(nf).fill(-1);
  const burst: (Episode | null)[] = new Array<Episode | null>(nf).fill(null); // UDP flows
  // Links: carried a packet since their last drop for being down; outages per link pair.
  const linkUp = new Uint8Array(trace.links.length).fill(1);
  const pairDown = new Set<string>();
  const pairOf = (l: number) => {
    const k = trace.links[l];
    return k ? [k.from, k.to].sort().join('|') : String(l);
  };
  for (let i = 0; i < P.length; i++) {
    const kind = P.kind[i];
    if (kind === PacketEventKind.depart) {
      const l = P.link[i]!;
      if (l >= 0 && !linkUp[l]) {
        linkUp[l] = 1;
        pairDown.delete(pairOf(l));
      }
      continue;
    }
    if (kind !== PacketEventKind.drop && kind !== PacketEventKind.deliver) continue;
    const u = P.uid[i]!;
    const f = X.flow[u]!;
    const data = X.type[u] === PacketType.data;
    if (kind === PacketEventKind.deliver) {
      if (data && f < nf) burst[f] = null;
      continue;
    }
    if (P.cause[i] === DropCause.linkDown) {
      const l = P.link[i]!;
      if (l >= 0 && linkUp[l]) {
        linkUp[l] = 0;
        const key = pairOf(l);
        if (!pairDown.has(key)) out.push({ kind: 'link-down', flow: -1, start: i, end: i });
        pairDown.add(key);
      }
    }
    // Only data drops start loss episodes (a lost ACK or HEARTBEAT is repaired by nothing).
    if (!data || f >= nf) continue;
    if (!decides[f]) {
      const b = burst[f];
      if (b) b.end = i;
      else {
        const ep: Episode = { kind: 'loss', flow: f, start: i, end: i };
        out.push(ep);
        burst[f] = ep;
      }
      continue;
    }
    const list = byFlow[f]!;
    while (next[f]! < list.length && list[next[f]!]!.close < i) next[f]!++;
    const rec = list[next[f]!];
    if (!rec) {
      if (tailFirst[f]! < 0) tailFirst[f] = i;
      tailLast[f] = i;
    } else if (rec.open > i && !firstDrop.has(rec)) firstDrop.set(rec, i);
    // rec.open <= i: a drop during the recovery is part of it.
  }
  for (const rec of recs) {
    const from = firstDrop.get(rec);
    if (rec.kind === 'timeout') {
      // A timeout is its own step; drops before it that no episode took are a loss episode.
      if (from !== undefined)
        out.push({ kind: 'loss', flow: rec.flow, start: from, end: rec.close });
      out.push({ kind: 'timeout', flow: rec.flow, start: rec.open, end: rec.close });
    } else out.push({ kind: 'loss', flow: rec.flow, start: from ?? rec.open, end: rec.close });
  }
  // Drops after a flow's last recovery (the run stopped before it reacted): one episode.
  for (let f = 0; f < nf; f++)
    if (tailFirst[f]! >= 0)
      out.push({ kind: 'loss', flow: f, start: tailFirst[f]!, end: tailLast[f]! });
  // SCTP path state changes.
  const E = trace.pathEvents;
  if (E)
    for (let k = 0; k < E.length; k++) {
      if (!PATH_STATE_EVENTS.has(PATH_EVENT_NAMES[E.event[k]!] ?? 'change')) continue;
      const e = lastEventAtOrBefore(trace, E.time[k]!);
      out.push({ kind: 'path', flow: E.flow[k]!, start: e, end: e });
    }
  const order: Record<EpisodeKind, number> = { loss: 0, timeout: 1, 'link-down': 2, path: 3 };
  return out.sort((a, b) => a.start - b.start || order[a.kind] - order[b.kind]);
}

const stopsCache = new WeakMap<Trace, Map<number, Int32Array>>();
const episodesCache = new WeakMap<Trace, Episode[]>();

/**
 * The episode steps of a run: sorted, unique event indices where an episode starts, one per
 * simulated time (the first event of that time). With `flow` (0-based), only that flow's
 * episodes and the links going down. Computed once per trace and flow.
 */
export function episodeStops(trace: Trace, flow?: number): Int32Array {
  const key = flow ?? -1;
  let byFlow = stopsCache.get(trace);
  const hit = byFlow?.get(key);
  if (hit) return hit;
  let all = episodesCache.get(trace);
  if (!all) {
    all = episodes(trace);
    episodesCache.set(trace, all);
  }
  const starts = all
    .filter((ep) => flow === undefined || ep.flow === flow || ep.flow < 0)
    .map((ep) => ep.start)
    .sort((a, b) => a - b);
  const time = trace.packets.time;
  const out: number[] = [];
  for (const e of starts) {
    const last = out[out.length - 1];
    if (last !== undefined && (last === e || time[last] === time[e])) continue;
    out.push(e);
  }
  const stops = Int32Array.from(out);
  if (!byFlow) {
    byFlow = new Map();
    stopsCache.set(trace, byFlow);
  }
  byFlow.set(key, stops);
  return stops;
}
