import { variantReasons } from '../../trace/reasons';
import type { RateInfo } from '../../trace/rates';
import type { CongestionOps } from '../congestion';
import type { AckInfo, TcpSender } from '../sender';
import { flightSize } from '../state';
import { basicWindow, defineTcpVariant } from '../variant';
import { BbrModeIndex, BbrModel, type BbrMode } from './bbr-model';
import { sackOnAck, sackOnTimeout, sackSendMuch, sackState, type SackState } from './sack';

const DRAFT = 'draft-cardwell-iccrg-bbr-congestion-control-00';

const R = variantReasons({
  'bbr.startup': {
    label: 'BBR STARTUP',
    template:
      'ACK for {ack}: BBR STARTUP — cwnd {change.cwnd} (grows by what is delivered, toward 2.89 × BDP); bw estimate {rate.bw}, pacing 2.89 × bw = {rate.pacing}; sends {packets}.',
    source: `${DRAFT} §4.3.2 (Startup: pacing and cwnd gain 2/ln 2), §4.2.3.6 (cwnd grows by the packets delivered)`,
    significant: false,
  },
  'bbr.cwnd': {
    label: 'BBR cwnd',
    template:
      'ACK for {ack}: BBR {rate.state}, cwnd {change.cwnd} (toward cwnd_gain {rate.cwndGain} × BDP + 3 send quanta; BDP = bw {rate.bw} × min_rtt {rate.minRtt}); pacing {rate.pacingGain} × bw = {rate.pacing}; sends {packets}.',
    source: `${DRAFT} §4.2.3.2 (target cwnd), §4.2.3.6 (core cwnd adjustment), §4.2.1 (pacing rate)`,
    significant: false,
  },
  'bbr.bw-update': {
    label: 'BBR bw estimate',
    template:
      'ACK for {ack}: delivery rate {rate.delivery}; bw estimate {rate.bw} (max of the last 10 rounds) → pacing {rate.pacingGain} × bw = {rate.pacing}, cwnd {change.cwnd}; sends {packets}.',
    source: `${DRAFT} §4.1.1 (BtlBw: windowed max of delivery-rate samples over 10 round trips), §4.2.1`,
    significant: false,
  },
  'bbr.min-rtt': {
    label: 'BBR min_rtt',
    template:
      'ACK for {ack}: RTT sample {rate.rtt} is a new min_rtt {rate.minRtt}: BDP = bw {rate.bw} × min_rtt, cwnd {change.cwnd}; sends {packets}.',
    source: `${DRAFT} §4.1.2 (RTprop: min filter of RTT samples over 10 s)`,
    significant: false,
  },
  'bbr.drain': {
    label: 'BBR → DRAIN',
    template:
      'ACK for {ack}: the bw estimate {rate.bw} grew less than 25 % for three rounds — the pipe is full. BBR leaves STARTUP for DRAIN: pacing gain 1/2.89 = {rate.pacingGain} → pacing {rate.pacing}, to empty the queue STARTUP built, until in flight ≤ BDP; sends {packets}.',
    source: `${DRAFT} §4.3.2.2 (estimating when Startup has filled the pipe), §4.3.3 (Drain)`,
    significant: true,
  },
  'bbr.drain-probe-bw': {
    label: 'BBR → DRAIN → PROBE_BW',
    template:
      'ACK for {ack}: the bw estimate {rate.bw} grew less than 25 % for three rounds — the pipe is full — and the packets in flight are already down to one BDP, so BBR passes through DRAIN on this ACK and enters PROBE_BW at phase {rate.phase} of the gain cycle (a random start, never 0.75): pacing gain {rate.pacingGain} → pacing {rate.pacing}, cwnd {change.cwnd}; sends {packets}.',
    source: `${DRAFT} §4.3.2.2 (full pipe), §4.3.3 (Drain: exit once in flight ≤ BDP), §4.3.4.2 (gain cycle randomization)`,
    significant: true,
  },
  'bbr.probe-bw': {
    label: 'BBR → PROBE_BW',
    template:
      'ACK for {ack}: BBR enters PROBE_BW (DRAIN has brought the packets in flight down to one BDP, or PROBE_RTT is done) at phase {rate.phase} of the 8-phase gain cycle (a random start, never the 0.75 phase): pacing gain {rate.pacingGain} → pacing {rate.pacing}, cwnd gain 2, cwnd {change.cwnd}; sends {packets}.',
    source: `${DRAFT} §4.3.3 (Drain exit), §4.3.4 (ProbeBW), §4.3.4.2 (gain cycle randomization)`,
    significant: true,
  },
  'bbr.cycle': {
    label: 'BBR gain cycle',
    template:
      'ACK for {ack}: PROBE_BW phase {rate.phase}: pacing gain {rate.pacingGain} → pacing {rate.pacing} (bw estimate {rate.bw}, max of the last 10 rounds; 1.25 probes for more, 0.75 drains what it queued, 1 cruises); sends {packets}.',
    source: `${DRAFT} §4.3.4.1 (gain cycling: 1.25, 0.75, 1, 1, 1, 1, 1, 1; a phase lasts min_rtt)`,
    significant: false,
  },
  'bbr.probe-rtt': {
    label: 'BBR → PROBE_RTT',
    template:
      'ACK for {ack}: min_rtt {rate.minRtt} has not been seen again for 10 s: BBR enters PROBE_RTT, cwnd {change.cwnd} (4 packets) for at least 200 ms and one round, to measure the path without its queue; sends {packets}.',
    source: `${DRAFT} §4.3.5 (ProbeRTT), §4.2.3.5 (cwnd in ProbeRTT)`,
    significant: true,
  },
  'bbr.startup-again': {
    label: 'BBR → STARTUP',
    template:
      'ACK for {ack}: PROBE_RTT done (min_rtt {rate.minRtt}); the pipe was never found full, so BBR returns to STARTUP; cwnd {change.cwnd}; sends {packets}.',
    source: `${DRAFT} §4.3.5 (ProbeRTT exit: Startup if the pipe is not yet full)`,
    significant: true,
  },
  'bbr.fast-retransmit': {
    label: 'fast retransmit (BBR)',
    template:
      '{dupack}: fast retransmit of {packets}. BBR saves cwnd {old.cwnd} and conserves packets for one round: cwnd = packets in flight + delivered = {new.cwnd}; SACK recovery with pipe = {new.pipe}.',
    source: `${DRAFT} §4.2.3.4 (modulating cwnd in loss recovery: packet conservation); Fall & Floyd 1996 §5 (SACK recovery)`,
    significant: true,
  },
  'bbr.exit-recovery': {
    label: 'exit recovery (BBR)',
    template:
      'ACK for {ack} covers recover: loss recovery ends and BBR restores cwnd to at least its value before ({change.cwnd}); sends {packets}.',
    source: `${DRAFT} §4.2.3.4 (upon exiting loss recovery, restore the saved cwnd)`,
    significant: true,
  },
});

const MODE_CODE: Record<BbrMode, (typeof R)[keyof typeof R]> = {
  STARTUP: R['bbr.startup-again'],
  DRAIN: R['bbr.drain'],
  PROBE_BW: R['bbr.probe-bw'],
  PROBE_RTT: R['bbr.probe-rtt'],
};

/** The ops' record: the model, made by the variant's init (it needs the run's seed). */
interface BbrHolder {
  m: BbrModel | null;
}

/**
 * BBR's congestion ops: the model (bbr-model.ts) has set cwnd before the SACK rules run, so a
 * new ACK's growth keeps it and names it; a fast retransmit saves cwnd and conserves packets
 * (cwnd = in flight + delivered, in flight taken as SACK's pipe = FlightSize − dupack
 * threshold); an RTO sets cwnd 1 with cwnd saved; ssthresh is never used (Linux bbr_ssthresh
 * returns "infinite"): it keeps its value.
 */
const bbrOps: CongestionOps<BbrHolder> = {
  id: 'bbr',
  cutRule: R['bbr.fast-retransmit'],
  init: () => ({ m: null }),
  grow(s, c) {
    const startup = c.m!.mode === 'STARTUP';
    return {
      cwnd: s.cwnd,
      rule: startup ? R['bbr.startup'] : R['bbr.cwnd'],
      phase: startup ? 'slow-start' : 'congestion-avoidance',
    };
  },
  cut(s, c) {
    const a = s.ackSample;
    const inflight = flightSize(s) - s.cfg.dupackThreshold;
    const cwnd = c.m!.onRecovery(s.cwnd, inflight, a.ackedPkts + a.sackedPkts, a.delivered);
    return { ssthresh: s.ssthresh, cwnd };
  },
  rto(s, c) {
    c.m!.onRto(s.cwnd, s.maxseq);
    return { ssthresh: s.ssthresh, cwnd: 1 };
  },
  exit: () => null,
};

/** BBR's per-sender record: SACK recovery's and the model. */
export interface BbrState {
  sack: SackState;
  m: BbrModel;
  /** The rate trace's values, reused per ACK. */
  info: RateInfo;
}

/** Packets in flight: SACK's pipe in recovery, else FlightSize. */
function inflight(s: TcpSender): number {
  return s.fastrecov ? s.pipe : s.maxseq - s.highestAck;
}

/**
 * An ACK: the model first (filters, state machine, pacing rate, cwnd — Linux's bbr_main, here
 * before the ACK's sends), then SACK recovery's rules (loss detection, recovery, sending), then
 * the row's name: the fast retransmit, the end of recovery, a mode change, a gain-cycle step,
 * a new min_rtt, a new bw estimate — the first that applies.
 */
function bbrOnAck(s: TcpSender, ack: AckInfo, x: BbrState): void {
  const m = x.m;
  const before = inflight(s);
  const exits = s.fastrecov && ack.seqno >= s.recover;
  const recovery = s.fastrecov && !exits;
  const a = s.ackSample;
  const after = recovery
    ? s.pipe - 1
    : Math.max(s.maxseq - Math.max(s.highestAck, ack.seqno) - a.sackedPkts, 0);
  const cwnd = m.onAck(
    { now: s.now, sample: a, inflightBefore: before, inflightAfter: after, cwnd: s.cwnd, recovery },
    ack.seqno,
    s.cfg.initialCwndPkts,
  );
  if (m.probingRtt) s.sampler.markAppLimited(after);
  s.cwnd = cwnd;
  if (s.pacer) s.pacer.rateBps = m.pacingRateBps;
  const retransmits = s.fastRetransmits;
  sackOnAck(s, ack, x.sack);
  const ev = m.events;
  // A fast retransmit and the end of recovery keep their own rows (a loss episode's start and
  // end); a mode change on the same ACK is still in the rate trace's state column.
  if (s.fastRetransmits !== retransmits) return;
  if (exits) s.rule(R['bbr.exit-recovery']);
  else if (ev.drainedAtOnce) s.rule(R['bbr.drain-probe-bw']);
  else if (ev.mode) s.rule(MODE_CODE[ev.mode]);
  else if (ev.cycle) s.rule(R['bbr.cycle']);
  else if (ev.minRtt) s.rule(R['bbr.min-rtt']);
  else if (ev.bw && !s.fastrecov) s.rule(R['bbr.bw-update']);
}

/**
 * TCP BBR v1 (Cardwell et al. 2016; draft-cardwell-iccrg-bbr-congestion-control-00) as Linux
 * 4.9's tcp_bbr.c and ns-3.37's TcpBbr: the model-based congestion control of bbr-model.ts
 * (every choice documented there, with the draft's sections) over SACK loss recovery (the
 * scoreboard and pipe rules of tcp/variants/sack.ts, as CUBIC uses them), paced by default
 * (FlowConfig.pacing; tcp/pacing.ts) at pacing_gain × bw. The PROBE_BW phase is drawn from the
 * flow's seeded stream 'tcp.bbr'.
 */
export const bbr = defineTcpVariant({
  id: 'bbr',
  meta: {
    label: 'BBR (v1)',
    name: 'BBR',
    color: '#E69F00',
    dash: '8 3',
    frtx: 3,
    frtxSource: 'RFC 5681 §3.2 (Linux BBR keeps TCP’s loss detection)',
  },
  congestion: { ns2: bbrOps, rfc: bbrOps },
  sack: true,
  recovery: 'sack',
  ownPacing: true,
  init(s, cc): BbrState {
    const holder = cc as BbrHolder;
    holder.m = new BbrModel(s.cfg.mssBytes, s.cfg.initialCwndPkts, s.seed, s.cfg.id);
    const info = { bwEstimate: 0, minRtt: NaN, state: 0, pacingGain: 0, cwndGain: 0, phase: -1 };
    return { sack: sackState(), m: holder.m, info };
  },
  window: basicWindow,
  onStart(s, x) {
    x.m.onStart(s.now, s.cwnd, s.synRttS);
    if (s.pacer) s.pacer.rateBps = x.m.pacingRateBps;
  },
  onAck: bbrOnAck,
  onTimeout: (s, x) => sackOnTimeout(s, x.sack),
  sendMuch: (s, force, maxburst, x) => sackSendMuch(s, force, maxburst, x.sack),
  rateInfo(x): RateInfo {
    const m = x.m;
    const r = x.info;
    r.bwEstimate = m.bits(m.bwPps);
    r.minRtt = m.minRttS === Infinity ? NaN : m.minRttS;
    r.state = BbrModeIndex[m.mode];
    r.pacingGain = m.pacingGain;
    r.cwndGain = m.cwndGain;
    r.phase = m.cycleIdx;
    return r;
  },
});
