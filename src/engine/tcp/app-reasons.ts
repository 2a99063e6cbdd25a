import { variantReasons } from '../trace/reasons';

/**
 * The TCP sender's reason codes for what its application does to it (app-feed.ts, close.ts,
 * idle.ts): new data offered, an application-limited window, the idle rules of both rule sets
 * and the close. Registered in the reason catalog like a variant's own codes.
 */
export const TCP_APP_REASONS = variantReasons({
  'tcp.app-send': {
    label: 'application data',
    template: 'The application offers more data: sends {packets}.',
    source:
      'RFC 793 §3.7 (SEND: data handed to TCP is sent as the window allows); ns-2 tcp.cc sendmsg / advanceby → send_much',
    significant: false,
  },
  'tcp.app-limited': {
    label: 'application-limited',
    template:
      'ACK for {ack}, cwnd {change.cwnd}: application-limited — nothing offered beyond packet {lastSent}, so nothing new goes out although the window has room.',
    source:
      'RFC 2861 §1 (an application-limited sender does not use its whole cwnd); ns-2 tcp.cc send_much (t_seqno_ < curseq_)',
    significant: false,
  },
  'tcp.idle-restart': {
    label: 'idle restart',
    template:
      'Idle for longer than the RTO: cwnd {old.cwnd} → {new.cwnd}, the restart window min(initial window, cwnd), before sending {packets}.',
    source: 'RFC 5681 §4.1 (restarting idle connections: cwnd = min(RW, cwnd), RW = min(IW, cwnd))',
    significant: true,
  },
  'tcp.idle-restart-ns2': {
    label: 'idle restart (ns-2)',
    template:
      'The retransmission timer expired with everything acknowledged and nothing more offered: ns-2 restarts slow start, cwnd {old.cwnd} → {new.cwnd}, ssthresh kept at {ssthresh}, and rearms the timer.',
    source:
      'ns-2 tcp.cc TcpAgent::timeout (slow_start_restart_ and restart_bugfix_ true: slowdown(CLOSE_CWND_ONE | NO_OUTSTANDING_DATA), timer not backed off); RFC 5681 §4.1 in spirit',
    significant: true,
  },
  'tcp.cwnd-validation': {
    label: 'cwnd validation',
    template:
      'Application-limited for an RTO: cwnd {old.cwnd} → {new.cwnd}, halfway down to the most packets it had in flight, ssthresh {old.ssthresh} → {new.ssthresh} (at least ¾ of the old cwnd).',
    source:
      'RFC 2861 §3 (application-limited periods: cwnd = (cwnd + W_used)/2, ssthresh = max(ssthresh, 3/4·cwnd))',
    significant: true,
  },
  'tcp.rto-tail': {
    label: 'retransmission timeout (tail)',
    template:
      'Retransmission timer expired (RTO {old.rto} s) with nothing more to send: the lost packet {ack1} is among the last the application offered, so no later packet could bring duplicate ACKs and only the timer recovers it; ssthresh {old.ssthresh} → {new.ssthresh}, cwnd {old.cwnd} → {new.cwnd}; sends {packets}.',
    source:
      'RFC 6298 §5 (the timer recovers what duplicate ACKs cannot); RFC 5681 §3.2 (fast retransmit needs 3 duplicate ACKs); RFC 5681 §3.1 (cwnd = 1 after the RTO)',
    significant: true,
  },
  'tcp.close': {
    label: 'FIN',
    template:
      'Transfer complete: all {ack} packets acknowledged at {time} s; FIN sent, the retransmission timer stops.',
    source:
      'RFC 793 §3.5 (CLOSE: a FIN after the last data, once the application has nothing more)',
    significant: true,
  },
  'tcp.fin-rto': {
    label: 'FIN retransmitted',
    template:
      'No ACK of the FIN within the RTO ({old.rto} s): FIN sent again, RTO doubled to {new.rto} s.',
    source: 'RFC 793 §3.5 (the FIN is retransmitted like data); RFC 6298 §5.5 (back off the timer)',
    significant: true,
  },
  'tcp.closed': {
    label: 'closed',
    template:
      'The receiver acknowledged the FIN at {time} s: the connection is closed, nothing more is sent.',
    source:
      "RFC 793 §3.5 (FIN-WAIT: the peer's ACK of the FIN; the passive side's own FIN is not modelled)",
    significant: true,
  },
});
