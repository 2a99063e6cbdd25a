/**
 * Invariants of any finished run (any topology, any number of flows, TCP or SCTP), for the fuzz
 * campaign. They generalise the single-flow checks of tests/engine/properties.test.ts and
 * tests/engine/sctp/properties.test.ts: packet conservation, exactly-once in-order delivery,
 * time order, cwnd ≥ 1. Each returns the first violation as text, or null.
 */
import {
  PacketEventKind,
  PacketType,
  decisionsOf,
  samplesOf,
  type SimConfig,
  type Trace,
} from '../../src/engine';
import { appPacketBytes } from '../../src/engine/app/payload';

/**
 * Every data transmission (uid) is sent once, then ends once — delivered at its flow's
 * destination or dropped — or is still in the network at the stop time: in a queue (its last
 * event a send or an arrive) or on a wire it has not left by then (a depart whose arrival is
 * after the stop). Also: one send per packet the senders count, and one drop event per drop the
 * links count.
 */
export function conservationViolation(t: Trace, cfg?: SimConfig): string | null {
  /** A link's delay variation (LinkConfig.jitterS; the trace's LinkInfo does not carry it). */
  const jitterOf = (from: string, to: string) =>
    cfg?.links.find((l) => (l.a === from && l.b === to) || (l.a === to && l.b === from))?.jitterS ??
    0;
  const P = t.packets;
  const X = t.transmissions;
  // A multi-homed association's data may end at any of the peer's addresses (FlowInfo.paths).
  const dstOf = t.flows.map(
    (f) => new Set([f.dst, ...(f.paths ?? []).map((p) => p.dst)].map((n) => t.nodes.indexOf(n))),
  );
  const last = new Map<number, number>(); // uid → index of its last event
  const ended = new Set<number>();
  let drops = 0;
  for (let i = 0; i < P.length; i++) {
    const kind = P.kind[i]!;
    if (kind === PacketEventKind.drop) drops++;
    const uid = P.uid[i]!;
    if (X.type[uid] !== PacketType.data) continue;
    if (kind === PacketEventKind.send) {
      if (last.has(uid)) return `data uid ${uid} sent twice (event ${i})`;
      last.set(uid, i);
      continue;
    }
    if (!last.has(uid)) return `data uid ${uid} has event ${i} before it was sent`;
    if (ended.has(uid)) return `data uid ${uid} has event ${i} after it was delivered or dropped`;
    last.set(uid, i);
    if (kind === PacketEventKind.drop) ended.add(uid);
    if (kind === PacketEventKind.deliver) {
      if (!dstOf[X.flow[uid]!]!.has(P.node[i]!))
        return `data uid ${uid} delivered at the wrong node`;
      ended.add(uid);
    }
  }
  const sent = t.flowStats.reduce((n, f) => n + f.packetsSent, 0);
  if (last.size !== sent)
    return `${last.size} data transmissions in the trace, senders count ${sent}`;
  const linkDrops = t.linkStats.reduce(
    (n, l) =>
      n +
      l.drops.scripted +
      l.drops.overflow +
      l.drops.random +
      (l.drops.linkDown ?? 0) +
      (l.drops.macRetry ?? 0),
    0,
  );
  if (drops !== linkDrops) return `${drops} drop events, links count ${linkDrops}`;
  for (const [uid, i] of last) {
    if (ended.has(uid)) continue;
    const kind = P.kind[i];
    if (kind === PacketEventKind.depart) {
      const l = t.links[P.link[i]!]!;
      // a shared medium's port: its MAC may still be retrying the frame at the end
      if (l.medium !== undefined) continue;
      // (with delay variation a packet may arrive up to jitterS later than its delay says)
      const jitter = jitterOf(l.from, l.to);
      const arrives = P.time[i]! + (8 * X.size[uid]!) / l.bandwidthBps + l.delayS + jitter;
      if (!(arrives > t.stopS - 1e-9))
        return `data uid ${uid} left at ${P.time[i]} and never arrived (due ${arrives})`;
    } else if (kind !== PacketEventKind.arrive && kind !== PacketEventKind.send) {
      return `data uid ${uid} stuck after event kind ${kind}`;
    }
  }
  return null;
}

/**
 * Exactly-once, in-order delivery per flow: the packets that reached the receiver include
 * 1 … N, N = the packets the application got (flowStats.deliveredPackets), but not N + 1; the
 * application got N · mss bytes (each packet once; N − 1 when packet 1 is ns-2's payload-free
 * SYN segment, FlowConfig.synSegment); the receiver's cumulative ACKs never go
 * backwards and never cover a packet it has not received.
 */
export function deliveryViolation(t: Trace, cfg: SimConfig): string | null {
  const P = t.packets;
  const X = t.transmissions;
  for (const f of t.flows) {
    const syn = cfg.flows[f.id]?.synSegment === true;
    // PR-SCTP (RFC 3758): FORWARD-TSN moves the cumulative ack past abandoned messages that
    // never arrived, so the receiver's in-order checks below do not hold; its own tests pin it.
    if (cfg.flows[f.id]?.prLifetimeS !== undefined) continue;
    const dsts = new Set(
      [f.dst, ...(f.paths ?? []).map((p) => p.dst)].map((n) => t.nodes.indexOf(n)),
    );
    const received = new Set<number>();
    let next = 1;
    let lastCum = 0;
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (X.flow[u] !== f.id || !dsts.has(P.node[i]!)) continue;
      if (P.kind[i] === PacketEventKind.deliver && X.type[u] === PacketType.data) {
        received.add(X.packet[u]!);
        while (received.has(next)) next++;
      } else if (P.kind[i] === PacketEventKind.send && X.type[u] === PacketType.ack) {
        const cum = X.cumAck[u]!;
        if (cum < lastCum)
          return `flow ${f.id}: ACK at ${P.time[i]} goes back from ${lastCum} to ${cum}`;
        if (cum > next - 1)
          return `flow ${f.id}: ACK at ${P.time[i]} covers ${cum}, receiver holds 1…${next - 1}`;
        lastCum = cum;
      }
    }
    const st = t.flowStats[f.id]!;
    // UDP delivers what arrives, gaps and all: at most the distinct packets that arrived.
    if (cfg.flows[f.id]?.sender === 'udp') {
      if (st.deliveredPackets > received.size)
        return `flow ${f.id}: ${st.deliveredPackets} datagrams delivered, ${received.size} arrived`;
      continue;
    }
    for (let p = 1; p <= st.deliveredPackets; p++) {
      if (!received.has(p))
        return `flow ${f.id}: packet ${p} delivered to the application without arriving`;
    }
    if (received.has(st.deliveredPackets + 1))
      return `flow ${f.id}: packet ${st.deliveredPackets + 1} arrived in order but was not delivered`;
    // With ns-2's SYN segment (profile ns2) packet 1 carries no payload; a file's last packet
    // carries what is left of the file (app/payload.ts).
    const payloadPackets = Math.max(0, st.deliveredPackets - (syn ? 1 : 0));
    let payload = 0;
    for (let k = 1; k <= payloadPackets; k++) payload += appPacketBytes(cfg.flows[f.id]!, k);
    if (st.deliveredBytes !== payload)
      return `flow ${f.id}: ${st.deliveredBytes} bytes delivered for ${st.deliveredPackets} packets of ${f.mssBytes}${syn ? ' (packet 1 a SYN segment)' : ''}`;
    if (lastCum > st.deliveredPackets)
      return `flow ${f.id}: ACKed ${lastCum} > delivered ${st.deliveredPackets}`;
  }
  return null;
}

/** Packet events, decisions and samples in time order, none after the stop time. */
export function timeOrderViolation(t: Trace): string | null {
  const P = t.packets;
  for (let i = 1; i < P.length; i++) {
    if (P.time[i]! < P.time[i - 1]!)
      return `packet event ${i} at ${P.time[i]} before ${P.time[i - 1]}`;
  }
  if (P.length > 0 && P.time[P.length - 1]! > t.stopS) return 'a packet event after the stop time';
  const D = t.decisions;
  for (let i = 1; i < D.length; i++) {
    if (D.time[i]! < D.time[i - 1]!) return `decision ${i} at ${D.time[i]} before ${D.time[i - 1]}`;
  }
  const S = samplesOf(t);
  for (let i = 1; i < S.length; i++) {
    if (S[i]!.time < S[i - 1]!.time) return `sample ${i} at ${S[i]!.time} before ${S[i - 1]!.time}`;
  }
  return null;
}

/** TCP senders whose fast retransmit sets cwnd = ⌊⌊min(cwnd, window)⌋ / 2⌋ (ns-2.35), which is
 * 0 when it happens at cwnd < 2. */
const HALVING_SENDERS = new Set(['reno', 'newreno', 'sack']);

/**
 * Where ns-2.35 lets cwnd reach 0: a Reno-family fast retransmit (cwnd = ⌊window/2⌋) at a cwnd
 * below 2, which needs fast retransmits the default rules do not allow — `bugfix=0` (a second
 * one in the same window) or `frtx` < 3 (one on the 1st or 2nd duplicate ACK); and Vegas, whose
 * new ACK after more than numdupacks_ duplicates sets cwnd to v_newcwnd_, 0 before its first
 * cut and after a timeout (tcp-vegas.cc; fixture vegas-iw4-q3-d5-8-9).
 */
export function zeroCwndAllowed(cfg: SimConfig, flow: number): boolean {
  const f = cfg.flows[flow];
  if (f?.sender === 'vegas') return true; // see below
  return f !== undefined && HALVING_SENDERS.has(f.sender) && (!f.bugfix || f.dupackThreshold < 3);
}

/**
 * cwnd ≥ 1 packet / MTU in every state sample and after every decision, except where
 * zeroCwndAllowed; returns the violation, and the number of allowed samples/decisions below 1.
 */
export function cwndViolation(
  t: Trace,
  cfg: SimConfig,
): { violation: string | null; allowed: number } {
  let allowed = 0;
  const low = (flow: number, cwnd: number, what: string): string | null => {
    if (cwnd >= 1) return null;
    if (zeroCwndAllowed(cfg, flow) && cwnd >= 0) {
      allowed++;
      return null;
    }
    return `flow ${flow}: cwnd ${cwnd} < 1 ${what}`;
  };
  for (const s of samplesOf(t)) {
    const v = low(s.flow, s.cwnd, `in the sample at ${s.time}`);
    if (v) return { violation: v, allowed };
  }
  for (const d of decisionsOf(t)) {
    const v = low(d.flow, d.after.cwnd, `after decision ${d.id} (${d.code}) at ${d.time}`);
    if (v) return { violation: v, allowed };
  }
  return { violation: null, allowed };
}
