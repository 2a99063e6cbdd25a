import { variantReasons } from '../../trace/reasons';
import { aimdGrowth, ns2Cut, type CongestionOps } from '../congestion';
import { CwndAction, type TcpSender } from '../sender';
import { basicWindow, defineTcpVariant } from '../variant';

/** ns-2.35's Vegas thresholds (tcl/lib/ns-default.tcl: v_alpha_ 1, v_beta_ 3, v_gamma_ 1), packets. */
export const VEGAS_DEFAULTS = { alpha: 1, beta: 3, gamma: 1 } as const;

/** cwnd after a retransmission timeout (tcp-vegas.cc v_slowstart_), packets. */
const VEGAS_RTO_CWND = 2;

/** Vegas' own reason codes (the reason catalog's entries for its rules). */
export const VEGAS_REASONS = variantReasons({
  'vegas.slow-start': {
    label: 'Vegas slow start',
    template:
      'New ACK for {ack}: Vegas slow start, cwnd {old.cwnd} → {new.cwnd} (+1 per ACK, in every other RTT only); sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.3 (exponential growth every other RTT); ns-2 tcp-vegas.cc recv (v_incr_ = 1)',
    significant: false,
  },
  'vegas.slow-start-hold': {
    label: 'Vegas slow start (hold RTT)',
    template:
      'New ACK for {ack} ends an RTT. In slow start Vegas grows cwnd only every other RTT, so that it can compare the Expected rate (window / BaseRTT) with the Actual one in between: cwnd stays {cwnd} for this RTT; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.3 (cwnd fixed every other RTT so Expected and Actual can be compared); ns-2 tcp-vegas.cc recv (v_inc_flag_)',
    significant: false,
  },
  'vegas.slow-start-grow': {
    label: 'Vegas slow start (grow RTT)',
    template:
      'New ACK for {ack} ends an RTT: Vegas compares the Expected rate (window / BaseRTT) with the Actual rate (packets sent in that RTT / RTT); diff = (Expected − Actual) × BaseRTT is the number of its packets queued in the network. It is at most γ = {vegas.gamma}, so slow start goes on, cwnd growing by one per ACK in the next RTT: {old.cwnd} → {new.cwnd}; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.3 (leave slow start when Actual falls below Expected by γ); ns-2 tcp-vegas.cc recv (delta ≤ v_gamma_)',
    significant: false,
  },
  'vegas.slow-start-exit': {
    label: 'Vegas leaves slow start',
    template:
      'New ACK for {ack} ends an RTT: Vegas compares the Expected rate (window / BaseRTT) with the Actual rate (packets sent in that RTT / RTT); diff = (Expected − Actual) × BaseRTT is the number of its packets queued in the network. It is above γ = {vegas.gamma}: a queue is building, so Vegas leaves slow start, cwnd {old.cwnd} → {new.cwnd} (one eighth less, at least 2) and ssthresh {old.ssthresh} → {new.ssthresh}; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.3 (switch to linear increase/decrease when diff > γ); ns-2 tcp-vegas.cc recv (cwnd_ −= cwnd_/8, ssthresh_ = 2)',
    significant: true,
  },
  'vegas.increase': {
    label: 'Vegas increase',
    template:
      'New ACK for {ack} ends an RTT: Vegas compares the Expected rate (window / BaseRTT) with the Actual rate (packets sent in that RTT / RTT); diff = (Expected − Actual) × BaseRTT is the number of its packets queued in the network. It is below α = {vegas.alpha}: too little queued, so cwnd grows by one packet over the next RTT (+1/cwnd per ACK): {old.cwnd} → {new.cwnd}; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.2 (diff < α: increase linearly); ns-2 tcp-vegas.cc recv (v_incr_ = 1/cwnd_)',
    significant: false,
  },
  'vegas.decrease': {
    label: 'Vegas decrease',
    template:
      'New ACK for {ack} ends an RTT: Vegas compares the Expected rate (window / BaseRTT) with the Actual rate (packets sent in that RTT / RTT); diff = (Expected − Actual) × BaseRTT is the number of its packets queued in the network. It is above β = {vegas.beta}: too much queued, so cwnd {old.cwnd} → {new.cwnd} (one packet less, at least 2); sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.2 (diff > β: decrease linearly); ns-2 tcp-vegas.cc recv (--cwnd_)',
    significant: true,
  },
  'vegas.hold': {
    label: 'Vegas hold',
    template:
      'New ACK for {ack} ends an RTT: Vegas compares the Expected rate (window / BaseRTT) with the Actual rate (packets sent in that RTT / RTT); diff = (Expected − Actual) × BaseRTT is the number of its packets queued in the network. It lies between α = {vegas.alpha} and β = {vegas.beta}, so cwnd stays {cwnd} for the next RTT; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.2 (α ≤ diff ≤ β: leave cwnd unchanged); ns-2 tcp-vegas.cc recv (v_incr_ = 0)',
    significant: false,
  },
  'vegas.grow': {
    label: 'Vegas linear increase',
    template:
      'New ACK for {ack}: Vegas adds this RTT’s increment, cwnd {old.cwnd} → {new.cwnd}; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.2 (one packet per RTT while diff < α); ns-2 tcp-vegas.cc recv (cwnd_ += v_incr_)',
    significant: false,
  },
  'vegas.ack': {
    label: 'new ACK',
    template:
      'New ACK for {ack}: cwnd stays {cwnd} (Vegas changes it only as decided at the end of the last RTT, and not while it cannot keep the window full); sends {packets}.',
    source: 'Brakmo & Peterson 1995 §3.2; ns-2 tcp-vegas.cc recv (cwnd_ − in flight ≤ 2)',
    significant: false,
  },
  'vegas.fast-retransmit': {
    label: 'Vegas retransmit',
    template:
      '{dupack}: Vegas retransmits {packets} (the oldest unacknowledged packet is older than its fine-grained timeout, or this is duplicate ACK number {threshold}) and cuts the window it was sent in to three quarters (half after a retransmission, 2 from 3 or less), then adds one per duplicate ACK: cwnd {old.cwnd} → {new.cwnd}.',
    source:
      'Brakmo & Peterson 1995 §3.1 (retransmit on the first duplicate ACK when the fine-grained timeout expired; cut only for losses sent after the last decrease); ns-2 tcp-vegas.cc recv',
    significant: true,
  },
  'vegas.retransmit': {
    label: 'Vegas retransmit (no cut)',
    template:
      '{dupack}: Vegas retransmits {packets} (its fine-grained timeout expired); the packet was sent before the window was last cut, so cwnd is not cut again ({cwnd}).',
    source:
      'Brakmo & Peterson 1995 §3.1 (decrease cwnd only for losses after the last decrease); ns-2 tcp-vegas.cc recv (t_cwnd_changed_ ≥ send time)',
    significant: true,
  },
  'vegas.retransmit-after-ack': {
    label: 'Vegas retransmit after a new ACK',
    template:
      'New ACK for {ack} after a retransmission: the next packet is older than Vegas’ fine-grained timeout, so Vegas retransmits it at once without waiting for more duplicate ACKs; sends {packets}.',
    source:
      'Brakmo & Peterson 1995 §3.1 (check the first or second non-duplicate ACK after a retransmission); ns-2 tcp-vegas.cc recv (v_worried_, vegas_expire)',
    significant: true,
  },
  'vegas.inflate': {
    label: 'window inflation',
    template:
      '{dupack}: another packet has left the network, so Vegas inflates cwnd by one: {old.cwnd} → {new.cwnd}; {windowCheck}.',
    source: 'RFC 2581 §3.2 step 3 (as Reno); ns-2 tcp-vegas.cc recv (++cwnd_ beyond numdupacks_)',
    significant: false,
  },
  'vegas.deflate': {
    label: 'Vegas deflate',
    template:
      'New ACK for {ack} after duplicate ACKs: Vegas removes the inflation, cwnd {old.cwnd} → {new.cwnd} (the reduced window), ssthresh → {new.ssthresh} (Vegas uses ssthresh only to leave slow start); sends {packets}.',
    source: 'ns-2 tcp-vegas.cc recv (cwnd_ = v_newcwnd_, ssthresh_ = 2)',
    significant: true,
  },
  'vegas.rto': {
    label: 'Vegas RTO',
    template:
      'The coarse retransmission timer expired: ssthresh {old.ssthresh} → {new.ssthresh} (half the window), cwnd {old.cwnd} → {new.cwnd} (Vegas restarts from 2), resends from {ack1}.',
    source:
      'RFC 2988 §5, RFC 2581 §3.1 (ssthresh = window/2); ns-2 tcp-vegas.cc timeout (cwnd_ = v_slowstart_ = 2)',
    significant: true,
  },
});

/**
 * Vegas' per-sender record: ns-2 VegasTcpAgent's variables (tcp-vegas.cc, tcp.h). Times are
 * ns-2's vegastime(), seconds since `firstsent` (the send_much call that found t_seqno_ 0);
 * rates in packets per second; sequence numbers 0-based.
 */
export interface VegasState {
  /** firstsent_: simulated time of the last send_much with t_seqno_ 0, s. */
  firstsent: number;
  /** firstrecv_: vegastime of the first ACK, −1 before it. */
  firstrecv: number;
  /** t_cwnd_changed_: vegastime of the last cut (retransmission or timeout). */
  tCwndChanged: number;
  /** v_sa_, v_sd_: smoothed fine-grained RTT ×8 and mean deviation ×4, s. */
  sa: number;
  sd: number;
  /** v_rtt_: the last fine-grained RTT sample, s. */
  rtt: number;
  /** v_timeout_: the fine-grained timeout, s. */
  timeout: number;
  /** v_worried_: new ACKs after a retransmission still to check for expired packets (≤ 2). */
  worried: number;
  /** v_begseq_, v_begtime_: first seqno and vegastime of the RTT being measured. */
  begseq: number;
  begtime: number;
  /** v_cntRTT_, v_sumRTT_: the fine-grained samples of this RTT. */
  cntRTT: number;
  sumRTT: number;
  /** v_baseRTT_: BaseRTT, the smallest RTT measured, s. */
  baseRTT: number;
  /** v_incr_: what each ACK of this RTT adds to cwnd (1, 1/cwnd or 0), packets. */
  incr: number;
  /** v_inc_flag_: slow start grows in RTTs where this is true (every other RTT). */
  incFlag: boolean;
  /** v_newcwnd_: the cut window of the last retransmission (cwnd without inflation), packets. */
  newcwnd: number;
  /** v_maxwnd_ and the ring of send times / transmission counts indexed by seqno mod it. */
  maxwnd: number;
  sendtime: Float64Array;
  transmits: Int32Array;
}

function makeState(s: TcpSender): VegasState {
  const maxwnd = Math.trunc(s.wnd);
  return {
    firstsent: 0,
    firstrecv: -1,
    tCwndChanged: 0,
    sa: 0,
    sd: 0,
    rtt: 0,
    timeout: 1000,
    worried: 0,
    begseq: 0,
    begtime: 0,
    cntRTT: 0,
    sumRTT: 0,
    baseRTT: 1e9,
    incr: 0,
    incFlag: true,
    // ns-2 leaves v_newcwnd_ uninitialised until the first cut; 0 as a fresh heap object has it.
    newcwnd: 0,
    maxwnd,
    sendtime: new Float64Array(maxwnd).fill(-1),
    transmits: new Int32Array(maxwnd),
  };
}

/** ns-2 vegastime(): seconds since firstsent_. */
const vegastime = (s: TcpSender, x: VegasState): number => s.now - x.firstsent;

/** The flow's α, β, γ (FlowConfig.vegas), packets. */
function thresholds(s: TcpSender): { alpha: number; beta: number; gamma: number } {
  return s.cfg.vegas ?? VEGAS_DEFAULTS;
}

/**
 * ns-2 VegasTcpAgent::output: note the send time and count the transmission of `seqno` (the
 * ring is rebuilt, v_maxwnd_ = wnd_, whenever seqno 0 goes out), then send it.
 */
function send(s: TcpSender, x: VegasState, seqno: number): void {
  if (seqno === 0) {
    x.maxwnd = Math.trunc(s.wnd);
    x.sendtime = new Float64Array(x.maxwnd).fill(-1);
    x.transmits = new Int32Array(x.maxwnd);
  }
  const i = seqno % x.maxwnd;
  x.sendtime[i] = vegastime(s, x);
  x.transmits[i]!++;
  s.output(seqno);
}

/** ns-2 vegas_expire: the packet after `ackSeqno` if its fine-grained timeout expired, else −1. */
function expired(s: TcpSender, x: VegasState, ackSeqno: number): number {
  const elapse = vegastime(s, x) - x.sendtime[(ackSeqno + 1) % x.maxwnd]!;
  return elapse >= x.timeout ? ackSeqno + 1 : -1;
}

/**
 * The once-per-RTT decision (Brakmo & Peterson 1995 §3.2–3.3; tcp-vegas.cc recv): the RTT of
 * the round ending now, BaseRTT, Expected, Actual and diff, and from them v_incr_ (slow start:
 * grow every other RTT unless diff > γ; congestion avoidance: +1/cwnd per ACK when diff < α,
 * −1 at once when diff > β, else hold).
 */
function endOfRtt(s: TcpSender, x: VegasState, now: number): void {
  const rtt = x.cntRTT > 0 ? x.sumRTT / x.cntRTT : now - x.begtime;
  x.sumRTT = 0;
  x.cntRTT = 0;
  const rttLen = s.tSeqno - x.begseq;
  if (rtt > 0) {
    const { alpha, beta, gamma } = thresholds(s);
    if (rtt < x.baseRTT || rttLen <= 1) x.baseRTT = rtt;
    const actual = rttLen / rtt;
    const expected = (s.tSeqno - s.lastAck) / x.baseRTT;
    const diff = Math.trunc((expected - actual) * x.baseRTT + 0.5);
    if (s.cwnd < s.ssthresh) {
      s.phase = 'slow-start';
      x.incFlag = !x.incFlag;
      if (!x.incFlag) {
        x.incr = 0;
        s.rule(VEGAS_REASONS['vegas.slow-start-hold']);
      } else if (diff > gamma) {
        s.ssthresh = 2;
        s.cwnd -= s.cwnd / 8;
        if (s.cwnd < 2) s.cwnd = 2;
        x.incr = 0;
        s.phase = 'congestion-avoidance';
        s.rule(VEGAS_REASONS['vegas.slow-start-exit']);
      } else {
        x.incr = 1;
        s.rule(VEGAS_REASONS['vegas.slow-start-grow']);
      }
    } else {
      s.phase = 'congestion-avoidance';
      if (diff > beta) {
        --s.cwnd;
        if (s.cwnd < 2) s.cwnd = 2;
        x.incr = 0;
        s.rule(VEGAS_REASONS['vegas.decrease']);
      } else if (diff < alpha) {
        x.incr = 1 / s.cwnd;
        s.rule(VEGAS_REASONS['vegas.increase']);
      } else {
        x.incr = 0;
        s.rule(VEGAS_REASONS['vegas.hold']);
      }
    }
  }
  x.begseq = s.tSeqno;
  x.begtime = now;
}

/**
 * A fine-grained RTT sample from the packet this ACK acknowledges, if it was sent once (Karn):
 * into this RTT's mean, BaseRTT, and the fine-grained timeout (Jacobson's estimator in seconds,
 * (sa/4 + sd)/2 plus 1/16). Then forget the send times of everything acked.
 */
function sampleRtt(x: VegasState, ackSeqno: number, oldack: number, now: number): void {
  const sendTime = x.sendtime[ackSeqno % x.maxwnd]!;
  const transmits = x.transmits[ackSeqno % x.maxwnd]!;
  // tcp-vegas.cc's loop as written: it stops when the ring index passes ackSeqno's (so a range
  // that starts above it clears nothing).
  let range = ackSeqno - oldack;
  for (
    let k = (oldack + 1) % x.maxwnd;
    k <= ackSeqno % x.maxwnd && range > 0;
    k = (k + 1) % x.maxwnd, range--
  ) {
    x.sendtime[k] = -1;
    x.transmits[k] = 0;
  }
  if (sendTime !== 0 && transmits === 1) {
    const rtt = now - sendTime;
    x.sumRTT += rtt;
    ++x.cntRTT;
    if (rtt > 0) {
      x.rtt = rtt;
      if (x.rtt < x.baseRTT) x.baseRTT = x.rtt;
      let n = x.rtt - x.sa / 8;
      x.sa += n;
      n = n < 0 ? -n : n;
      n -= x.sd / 4;
      x.sd += n;
      x.timeout = (x.sa / 4 + x.sd) / 2;
      x.timeout += x.timeout / 16;
    }
  }
}

/**
 * A duplicate ACK whose next packet's fine-grained timeout expired, or the threshold-th one
 * (tcp-vegas.cc recv): unless the bugfix rule holds it back after a timeout, retransmit it,
 * back off the fine-grained timeout (×2 for a retransmission, else +1/8), restart the coarse
 * timer, and — only if cwnd was not cut since the packet was sent — cut the window it was sent
 * in (≤ 3 → 2, a retransmission → half, else three quarters) and inflate by the duplicate ACKs.
 */
function retransmitOnDupack(s: TcpSender, x: VegasState, exp: number, now: number): void {
  const thr = s.cfg.dupackThreshold;
  const idx = (s.lastAck + 1) % x.maxwnd;
  const sendTime = x.sendtime[idx]!;
  const transmits = x.transmits[idx]!;
  if (s.cfg.bugfix && !(s.highestAck > s.recover) && s.lastCwndAction === CwndAction.timeout) {
    s.rule('tcp.dupack-ignored');
    return;
  }
  let win = s.window();
  s.lastCwndAction = CwndAction.dupack;
  s.recover = s.maxseq;
  x.worried = Math.min(2, s.tSeqno - s.lastAck);
  if (transmits > 1) x.timeout *= 2;
  else x.timeout += x.timeout / 8;
  s.phase = 'fast-recovery';
  if (x.tCwndChanged < sendTime) {
    if (win <= 3) win = 2;
    else if (transmits > 1) win >>= 1;
    else win -= win >> 2;
    x.newcwnd = win;
    s.cwnd = x.newcwnd + s.dupacks;
    x.tCwndChanged = now;
    s.rule(VEGAS_REASONS['vegas.fast-retransmit']);
  } else {
    s.rule(VEGAS_REASONS['vegas.retransmit']);
  }
  s.fastRetransmits++;
  s.resetRtxTimer(true, true);
  send(s, x, exp >= 0 ? exp : s.lastAck + 1);
  if (transmits === 1) s.dupacks = thr;
}

/**
 * Vegas' congestion ops: only the timeout's cut is the shell's to apply (ns-2 slowdown
 * CLOSE_SSTHRESH_HALF, then cwnd = v_slowstart_ = 2). Vegas' growth and its cuts on duplicate
 * ACKs are decided in the variant's ACK rules from its own per-packet send times (endOfRtt,
 * retransmitOnDupack), which the ops do not see; `grow` and `cut` are Reno's and never called.
 */
export const vegasOps: CongestionOps<null> = {
  id: 'vegas',
  init: () => null,
  grow: aimdGrowth,
  cut: ns2Cut,
  rto: (s) => ({ ssthresh: ns2Cut(s).ssthresh, cwnd: VEGAS_RTO_CWND }),
  exit: () => null,
};

/**
 * TCP Vegas (Brakmo & Peterson, "TCP Vegas: End to End Congestion Avoidance on a Global
 * Internet", IEEE JSAC 13(8), 1995) as ns-2.35's Agent/TCP/Vegas (tcp-vegas.cc, the fixtures'
 * oracle: tests/engine/ns2-vegas.test.ts). Every detail below is ns-2's:
 *
 * - **Times.** vegastime() = now − firstsent_ (firstsent_ is set by every send_much that finds
 *   t_seqno_ 0). Each transmission's vegastime and count are kept in a ring of wnd_ entries
 *   indexed by seqno mod wnd_, rebuilt whenever seqno 0 is sent.
 * - **BaseRTT and the fine-grained RTT (§3.1, §3.2).** The first ACK sets BaseRTT = v_rtt_ =
 *   its vegastime and the fine-grained timeout to (8·rtt/4 + rtt)/2. On each new ACK, the packet
 *   it acknowledges, if sent once and not at vegastime 0, gives a sample: it joins this RTT's
 *   mean, lowers BaseRTT if smaller, and updates the timeout (Jacobson: sa += rtt − sa/8, sd +=
 *   |·| − sd/4, timeout = (sa/4 + sd)/2 · 17/16).
 * - **Once per RTT (§3.2).** When a new ACK reaches v_begseq_ (the t_seqno_ noted at the
 *   previous such ACK): RTT = the mean of the round's samples (or the time since the round
 *   began); BaseRTT = RTT if smaller or if at most one packet was sent in the round; Actual =
 *   packets sent in the round / RTT; Expected = (t_seqno_ − last_ack_) / BaseRTT; diff =
 *   ⌊(Expected − Actual)·BaseRTT + 0.5⌋ packets (truncated toward zero).
 *   Congestion avoidance (cwnd ≥ ssthresh): diff > β → cwnd − 1 now (≥ 2); diff < α → +1/cwnd
 *   per ACK during the next RTT; else hold.
 * - **Slow start (§3.3).** While cwnd < ssthresh, only every other RTT grows (+1 per ACK);
 *   at the end of a growing RTT's predecessor, diff > γ ends slow start: ssthresh = 2, cwnd −=
 *   cwnd/8 (≥ 2). Growth stops as soon as cwnd reaches ssthresh.
 * - **Growth per ACK.** cwnd += v_incr_ only while cwnd − (t_seqno_ − last_ack_) ≤ 2 (the
 *   sender keeps up with its window). Vegas never calls opencwnd().
 * - **Retransmission (§3.1).** On a duplicate ACK, if the next packet is older than the
 *   fine-grained timeout, or on the numdupacks_-th duplicate, it is retransmitted
 *   (retransmitOnDupack) — unless bugFix_ holds it back after a timeout (highest_ack_ ≤
 *   recover_). The window it was sent in is cut only if cwnd was not cut since the packet was
 *   sent (t_cwnd_changed_): ≤ 3 → 2, a retransmission → half, else −¼; then cwnd = that +
 *   dupacks (inflated). The coarse timer is restarted and backed off. On the next one or two
 *   new ACKs (v_worried_), an expired next packet is retransmitted at once. Further duplicates
 *   inflate cwnd by one; the first new ACK after more than numdupacks_ duplicates deflates it
 *   to the cut window and sets ssthresh = 2.
 * - **Timeout.** ssthresh = ⌊window/2⌋ (≥ 2), cwnd = 2, go back to highest_ack_ + 1; the next
 *   send_much ignores maxburst_.
 * - **On the wire.** VegasTcpAgent::output sends every segment as packetSize_ bytes, with no
 *   TCP/IP header added (`ns2Headerless`; syn_ does not change that either).
 * Not modelled: maxcwnd_ (0 = off in ns-2.35), ECN, the idle check of slow_start_restart_
 * false, and that VegasTcpAgent::output does not restart a pending timer when nothing was
 * outstanding (the shell's output does; for a bulk transfer newtimer has just set it at the
 * same instant, so nothing differs — an application-limited source could). Uses the plain
 * TCPSink (no SACK). The shell's per-ACK `ackSample` is not used: ns-2 samples the highest
 * packet an ACK covers if that packet was sent once, and needs the next packet's send time.
 */
export const vegas = defineTcpVariant({
  id: 'vegas',
  meta: {
    label: 'Vegas TCP',
    name: 'Vegas',
    color: '#CC79A7',
    dash: '8 3 2 3',
    frtx: 3,
    frtxSource:
      'Brakmo & Peterson 1995 §3.1 (ns-2 numdupacks_; Vegas also retransmits on the 1st or 2nd duplicate ACK when its fine-grained timeout expired)',
  },
  sack: false,
  // Fast recovery ends on the first new ACK, as Reno's (the inflation is in cwnd itself).
  recovery: 'reno',
  ns2Headerless: true,
  congestion: { ns2: vegasOps, rfc: vegasOps },
  init: makeState,
  window: basicWindow,
  onAck(s, ack, x) {
    const thr = s.cfg.dupackThreshold;
    const now = vegastime(s, x);
    if (x.firstrecv < 0) {
      x.firstrecv = now;
      x.baseRTT = x.rtt = x.firstrecv;
      x.sa = x.rtt * 8;
      x.sd = x.rtt;
      x.timeout = (x.sa / 4 + x.sd) / 2;
    }
    if (ack.seqno > s.lastAck) {
      s.rule(VEGAS_REASONS['vegas.ack']);
      if (s.lastAck === 0 && s.cfg.delayGrowth) {
        s.cwnd = s.wndInit;
        s.rule('tcp.initial-window');
      }
      const deflate = s.dupacks > thr && s.cwnd > x.newcwnd;
      if (deflate) {
        s.cwnd = x.newcwnd;
        s.ssthresh = 2;
      }
      if (s.lastCwndAction === CwndAction.dupack) s.phase = 'congestion-avoidance';
      const oldack = s.lastAck;
      s.newack(ack);
      const measured = ack.seqno >= x.begseq;
      if (measured) endOfRtt(s, x, now);
      // The end of recovery names the ACK (its cwnd change is the larger one).
      if (deflate) s.rule(VEGAS_REASONS['vegas.deflate']);
      if (x.incr === 1 && s.cwnd >= s.ssthresh) x.incr = 0;
      if (x.incr > 0 && s.cwnd - (s.tSeqno - s.lastAck) <= 2) {
        s.cwnd = s.cwnd + x.incr;
        // An ACK that ends an RTT keeps the measurement's rule (its sentence gives the increase).
        if (!measured && !deflate)
          s.rule(VEGAS_REASONS[x.incr === 1 ? 'vegas.slow-start' : 'vegas.grow']);
      }
      sampleRtt(x, ack.seqno, oldack, now);
      if (x.worried > 0) {
        --x.worried;
        const exp = expired(s, x, ack.seqno);
        if (exp >= 0) {
          s.dupacks = thr;
          s.rule(VEGAS_REASONS['vegas.retransmit-after-ack']);
          send(s, x, exp);
        } else {
          x.worried = 0;
        }
      }
    } else if (ack.seqno === s.lastAck) {
      ++s.dupacks;
      const exp = expired(s, x, ack.seqno);
      if (exp >= 0 || s.dupacks === thr) {
        retransmitOnDupack(s, x, exp, now);
      } else if (s.dupacks > thr) {
        ++s.cwnd;
        s.rule(VEGAS_REASONS['vegas.inflate']);
      } else {
        s.rule('tcp.dupack');
      }
    }
    if (s.dupacks === 0 || s.dupacks > thr - 1) this.sendMuch(s, false, s.cfg.maxburst, x);
  },
  onTimeout(s, x) {
    s.rule(VEGAS_REASONS['vegas.rto']);
    s.phase = 'rto-recovery';
    s.dupacks = 0;
    s.recover = s.maxseq;
    s.lastCwndAction = CwndAction.timeout;
    s.resetRtxTimer(false, true);
    s.cutOnRto();
    x.newcwnd = 0;
    x.tCwndChanged = vegastime(s, x);
    this.sendMuch(s, false, 0, x);
  },
  sendMuch(s, _force, maxburst, x) {
    if (s.tSeqno === 0) x.firstsent = s.now;
    let win = s.window();
    let n = 0;
    while (s.tSeqno <= s.highestAck + win && s.tSeqno < s.sendLimit) {
      if (s.pacer?.holding) break;
      send(s, x, s.tSeqno);
      n++;
      s.tSeqno++;
      win = s.window();
      if (maxburst && n === maxburst) break;
    }
  },
});
