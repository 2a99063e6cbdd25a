import { TCP_APP_REASONS as R } from './app-reasons';
import type { TcpShell } from './shell';

/**
 * What an application-limited or idle TCP sender does to its window, per rule set
 * (FlowConfig.rules). Only a sender whose application has offered a finite amount can be in
 * either state, so a bulk flow never reaches these rules.
 *
 * `ns2` (ns-2.35 tcp.cc with ns-default.tcl's values): slow_start_restart_ and restart_bugfix_
 * are true, QOption_ (RFC 2861) and control_increase_ are 0. So the retransmission timer keeps
 * running after the last ACK when nothing more is offered (newtimer: t_seqno_ > ack), and each
 * expiry with nothing outstanding sets cwnd = 1, keeps ssthresh and rearms the timer without
 * backoff (TcpAgent::timeout → slowdown(CLOSE_CWND_ONE | NO_OUTSTANDING_DATA)): an idle period
 * longer than the RTO restarts slow start from 1. While application-limited, cwnd keeps growing
 * with every ACK (opencwnd; no cwnd validation).
 *
 * `rfc`: the timer stops when everything is acknowledged (RFC 6298 §5.2); before sending after
 * an idle period longer than the RTO, cwnd = min(RW, cwnd) with RW = min(IW, cwnd) (RFC 5681
 * §4.1); every RTO during which the application left part of cwnd unused, ssthresh =
 * max(ssthresh, ¾·cwnd) and cwnd = (cwnd + W_used)/2, W_used the most packets in flight in that
 * period (RFC 2861 §3).
 */
export class TcpIdleRules {
  /** Time of the last data packet sent, seconds (−Infinity before any). */
  lastSendS = -Infinity;
  /** RFC 2861: start of the current application-limited period, seconds. */
  private periodS = -Infinity;
  /** RFC 2861: most packets in flight during the period (W_used). */
  private used = 0;

  constructor(private readonly s: TcpShell) {}

  /**
   * `rfc`, before the application's new data goes out: the restart window after an idle period
   * longer than the RTO (RFC 5681 §4.1). Returns whether cwnd changed.
   */
  beforeSend(): boolean {
    const s = this.s;
    if (s.rules !== 'rfc' || s.highestAck !== s.maxseq) return false;
    if (!(s.now - this.lastSendS > s.rtoSeconds())) return false;
    const rw = Math.min(s.cfg.initialCwndPkts, s.cwnd);
    this.periodS = s.now;
    this.used = 0;
    if (rw >= s.cwnd) return false;
    s.cwnd = rw;
    s.phase = s.cwnd < s.ssthresh ? 'slow-start' : 'congestion-avoidance';
    s.rule(R['tcp.idle-restart']);
    return true;
  }

  /**
   * `rfc`, after a decision sent what it could: RFC 2861 §3's application-limited check (ns-2's
   * process_qoption_after_send with EnblRTTCtr_ 0, in RFC terms). A full window restarts the
   * period; an application-limited sender that has not filled cwnd for an RTO validates it.
   */
  afterSend(appLimited: boolean): boolean {
    const s = this.s;
    if (s.rules !== 'rfc') return false;
    const flight = s.maxseq - s.highestAck;
    if (!appLimited || flight >= Math.trunc(s.cwnd)) {
      this.periodS = s.now;
      this.used = 0;
      return false;
    }
    if (flight > this.used) this.used = flight;
    if (this.periodS === -Infinity) this.periodS = s.now;
    if (s.now - this.periodS < s.rtoSeconds()) return false;
    const cwnd = s.cwnd;
    const ssthresh = Math.max(s.ssthresh, Math.trunc((3 * cwnd) / 4));
    const next = Math.max((cwnd + this.used) / 2, 1);
    this.periodS = s.now;
    this.used = 0;
    if (next >= cwnd) return false;
    s.ssthresh = ssthresh;
    s.cwnd = next;
    s.phase = s.cwnd < s.ssthresh ? 'slow-start' : 'congestion-avoidance';
    s.rule(R['tcp.cwnd-validation']);
    return true;
  }

  /**
   * `ns2`: whether this expiry of the retransmission timer finds the sender idle — everything
   * sent is acknowledged and nothing more is offered — so that its cwnd = 1 is ns-2's slow-start
   * restart rather than a loss (read before the variant's timeout rule runs).
   */
  idleAtTimeout(limit: number): boolean {
    const s = this.s;
    return s.highestAck === s.maxseq && s.tSeqno >= limit;
  }
}
