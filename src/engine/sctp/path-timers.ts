import { TriggerKind } from '../trace/types';
import { retransmitMarked } from './output';
import type { SctpPath } from './path';
import { Mark } from './queue';
import type { SctpShell } from './shell';
import { applyCut, applyDegrade } from './congestion';

/** A path's own timers at the sender: T3-rtx expiry and the idle cwnd decay. Functions of the
 * sender shell (sender.ts), which owns the state. */

/**
 * T3-rtx expiry on path `p` (RFC 4960 §6.3.3 E1–E3, §7.2.3, §8.2; ns-2 Timeout + TimeoutRtx;
 * rules.ts 5): cut the path's window, double its RTO (at most RTO.Max), one strike on the path
 * (path-manager.ts: inactive after Path.Max.Retrans + 1, failover, abort after
 * Association.Max.Retrans), mark the chunks sent to it and resend one packet of them — to an
 * alternate active path (§6.4). Under `ns2` a path just made inactive gets a HEARTBEAT at once
 * (ns-2 Timeout).
 */
export function onT3Expiry(s: SctpShell, p: SctpPath): void {
  s.begin();
  s.rule('sctp.rto');
  p.t3Running = false;
  const cut = s.cc.t3(p, s.mtu, s.rules);
  if (cut) {
    applyCut(p, cut);
  } else {
    // RFC 4960 §6.3.3 E1 cuts at cwnd ≤ 1 MTU too (a second timeout in a row).
    const alt = s.cc.t3(p, s.mtu, 'rfc')!;
    if (alt.ssthresh !== p.ssthresh) s.noteRfc('rfc.sctp-rto-ssthresh', alt.ssthresh);
  }
  p.degrade.cancel();
  p.rtoPending = false;
  s.backoffRto(p);
  s.timeouts++;
  const wasActive = p.active;
  // ns-2 counts a strike on an inactive path toward neither count; RFC 4960 §8.1 counts every
  // retransmission toward the association's (single-homed: always, as before).
  if (!wasActive && (s.rules === 'rfc' || !s.pm.multi)) s.pm.assocErrors++;
  if (s.pm.strike(p, 't3-expiry') || s.pm.assocErrors > s.pm.assocMaxRetrans) {
    s.abort();
    s.end('sctp.abort', TriggerKind.rto);
    return;
  }
  const inactiveNow = s.pm.multi && wasActive && !p.active;
  if (inactiveNow) s.rule('sctp.path-inactive');
  s.pr.onT3(); // RFC 3758 §3.5: abandon expired chunks before marking
  for (const c of s.queue) {
    if (c.gapAcked || c.path !== p) continue;
    s.mark(c, Mark.timeout);
    c.missingReports = 0;
  }
  s.timedOut = s.markedPending;
  if (s.markedPending) retransmitMarked(s, 'one');
  s.noteMarked();
  if (!p.active && s.rules === 'ns2') s.hb.send(p, { code: 'rfc.sctp-hb-on-t3', value: p.rto });
  s.end(inactiveNow ? 'sctp.path-inactive' : 'sctp.rto', TriggerKind.rto);
}

/** Cwnd validation while path `p` is idle (RFC 2960 §7.2.1; ns-2 CwndDegradeTimer, above 2·MTU). */
export function onDegrade(s: SctpShell, p: SctpPath): void {
  const cwnd = s.cc.degrade(p, s.mtu);
  // An idle application's path at the floor: no row per RTO (bulk keeps its rows).
  if (p.cwnd > 2 * s.mtu && (cwnd !== p.cwnd || !s.feed.finite)) {
    s.begin();
    s.rule('sctp.cwnd-degrade');
    applyDegrade(p, cwnd);
    s.end('sctp.cwnd-degrade', TriggerKind.rto);
  }
  p.degrade.resched(p.rto);
}
