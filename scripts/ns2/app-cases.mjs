// The ns-2.35 runs of tests/fixtures/ns2-app/: TCP and SCTP senders fed by an application
// other than an infinite FTP (scripts/ns2/app-tcp.tcl, scripts/ns2/app-sctp.tcl). `params` uses
// the names of scripts/ns2/cases.mjs plus:
//   app       'file' (`$ftp send bytes` at start) | 'cbr' (Application/Traffic/CBR, 1000-byte
//             packets at rateBps, stopped at cbrStopS and started again at cbrStartS if given)
//   bytes, rateBps, cbrStopS, cbrStartS, stopS
import { DEFAULTS, NS2_STACK_DEFAULTS } from './cases.mjs';
import { NS2_SCTP_DEFAULTS, SCTP_DEFAULTS } from './sctp-cases.mjs';

const base = { ...DEFAULTS, drops: [], stopS: 8 };

/** TCP runs (app-tcp.tcl). */
export function appTcpCases() {
  const out = [];
  for (const variant of ['reno', 'newreno', 'sack']) {
    // 20 packets (19 500 bytes round up, as sendmsg does): slow start only, no overflow.
    for (const [tag, drops] of [
      ['d0', []],
      ['dmid', [10]],
      ['dlast', [20]],
    ]) {
      out.push({
        name: `file-${variant}-20-${tag}`,
        params: { ...base, variant, app: 'file', bytes: 19500, drops },
      });
    }
    // 60 packets: slow start overflows the queue of 8, then the last packet is lost too.
    out.push({
      name: `file-${variant}-60-dlast`,
      params: { ...base, variant, app: 'file', bytes: 60000, drops: [60] },
    });
  }
  // ns-2.35's own stack defaults: packet 1 is the SYN segment (curseq_ + 1), minrto 0.2 s.
  out.push({
    name: 'file-reno-20-dlast-ns2',
    params: {
      ...base,
      ...NS2_STACK_DEFAULTS,
      variant: 'reno',
      app: 'file',
      bytes: 19500,
      drops: [21],
    },
  });
  out.push({
    name: 'file-fack-20-dlast',
    params: { ...base, variant: 'fack', app: 'file', bytes: 19500, drops: [20] },
  });
  // FACK paced by CBR on slow links with a small window (issue 23 item 9): between duplicate
  // ACKs, outside fast recovery, FackTcpAgent::send_much lets new data out while t_seqno_ ≤
  // fack_ + win − retran_data_, measured from the forward-most SACKed packet, and checks the
  // receiver's window (t_seqno_ ≤ highest_ack_ + wnd_) only in fast recovery: ns-2 sends past
  // the window here. 1000, 50 and 30 packets/s of 1000 bytes.
  const fackWnd = (tag, p) =>
    out.push({ name: `cbr-fack-${tag}`, params: { ...base, variant: 'fack', app: 'cbr', ...p } });
  fackWnd('w6-64k-q3', { window: 6, bottleneckBps: 64e3, queueLimit: 3, rateBps: 8e6 });
  fackWnd('w8-128k-q4', { window: 8, bottleneckBps: 128e3, queueLimit: 4, rateBps: 400e3 });
  fackWnd('w5-100k-q2', { window: 5, bottleneckBps: 100e3, queueLimit: 2, rateBps: 240e3 });
  for (const variant of ['reno', 'sack', 'fack']) {
    out.push({ name: `cbr-${variant}`, params: { ...base, variant, app: 'cbr', rateBps: 200e3 } });
    out.push({
      name: `cbr-gap-${variant}`,
      params: { ...base, variant, app: 'cbr', rateBps: 200e3, cbrStopS: 3, cbrStartS: 5.5 },
    });
  }
  return out;
}

const flag = (b) => (b ? 1 : 0);

/** app-tcp.tcl arguments for a case. */
export function appTcpArgs(p) {
  return [
    `variant=${p.variant}`,
    `drops=${p.drops.join(',')}`,
    `window=${p.window}`,
    `maxburst=${p.maxburst}`,
    `bugfix=${flag(p.bugfix)}`,
    `qlimit=${p.queueLimit}`,
    `bw=${p.bottleneckBps}`,
    `delay=${p.bottleneckDelayS}`,
    `minrto=${p.minRtoS}`,
    `numdupacks=${p.dupackThreshold}`,
    `windowinit=${p.initialCwndPkts ?? 1}`,
    `syn=${flag(p.synSegment)}`,
    `delaygrowth=${flag(p.delayGrowth)}`,
    `singledup=${flag(p.limitedTransmit)}`,
    `precision=${flag(p.precisionReduce)}`,
    `rttvar=${flag(p.updatedRttvar)}`,
    `nrchanges1=${flag(p.newrenoImpatient)}`,
    `pwd=${flag(p.newrenoPartialWindowDeflation)}`,
    `stop=${p.stopS}`,
    `app=${p.app}`,
    `bytes=${p.bytes ?? 0}`,
    `rate=${p.rateBps ?? 0}`,
    `cbrstop=${p.cbrStopS ?? 0}`,
    `cbrstart=${p.cbrStartS ?? 0}`,
  ];
}

/**
 * SCTP runs (app-sctp.tcl): one finite transfer of 30 chunks (29 760 bytes = 30 × 992) with the
 * published comparisons' settings (scripts/ns2/sctp-cases.mjs SCTP_DEFAULTS; fastRtxTrigger_ 4 =
 * the engine's sctp-newreno) and with ns-2.35's own Agent/SCTP defaults (30 × 1452 bytes):
 * no loss, a lost middle TSN, a lost last TSN.
 */
export function appSctpCases() {
  const out = [];
  for (const [tag, drops] of [
    ['d0', []],
    ['dmid', [15]],
    ['dlast', [30]],
  ]) {
    out.push({
      name: `sctp-file-30-${tag}`,
      set: 'app-file',
      params: { ...SCTP_DEFAULTS, sender: 'sctp-newreno', drops, bytes: 30 * 992, stopS: 8 },
    });
    out.push({
      name: `sctp-file-30-${tag}-ns2`,
      set: 'app-file',
      params: { ...SCTP_DEFAULTS, ...NS2_SCTP_DEFAULTS, drops, bytes: 30 * 1452, stopS: 8 },
    });
  }
  // Files that are not a whole number of chunks: SctpAgent::sendmsg cuts the message into
  // pieces of mtu_ - 48 bytes and the last piece is what is left, a shorter DATA chunk (its
  // length counts in outstanding bytes and the receiver's window; the packet is padded to 4
  // bytes, RFC 4960 §3.3.1). 5000 = 3 x 1452 + 644 (ns-2's defaults); 20001 = 20 x 992 + 161
  // (published settings, the short last chunk padded from 177 to 180 bytes and lost: T3-rtx);
  // 10001 = 6 x 1452 + 1289 (padded 1305 -> 1308) with TSN 3 lost; 45000 = 30 x 1452 + 1440
  // with an a_rwnd of 8000 bytes (the short chunk fits where a whole one does not).
  const partial = (name, params) => out.push({ name, set: 'app-file-partial', params });
  partial('sctp-file-5000-d0-ns2', {
    ...SCTP_DEFAULTS,
    ...NS2_SCTP_DEFAULTS,
    drops: [],
    bytes: 5000,
    stopS: 8,
  });
  partial('sctp-file-20001-dlast', {
    ...SCTP_DEFAULTS,
    sender: 'sctp-newreno',
    drops: [21],
    bytes: 20001,
    stopS: 8,
  });
  partial('sctp-file-10001-dmid-ns2', {
    ...SCTP_DEFAULTS,
    ...NS2_SCTP_DEFAULTS,
    drops: [3],
    bytes: 10001,
    stopS: 8,
  });
  partial('sctp-file-45000-r8000-ns2', {
    ...SCTP_DEFAULTS,
    ...NS2_SCTP_DEFAULTS,
    rwndBytes: 8000,
    drops: [],
    bytes: 45000,
    stopS: 8,
  });
  // CBR of one 992-byte chunk every 7936 / 200 000 s, without and with an idle gap.
  const cbr = {
    ...SCTP_DEFAULTS,
    sender: 'sctp-newreno',
    drops: [],
    app: 'cbr',
    rateBps: 200e3,
    stopS: 8,
  };
  out.push({ name: 'sctp-cbr', set: 'app-cbr', params: cbr });
  out.push({
    name: 'sctp-cbr-gap',
    set: 'app-cbr',
    params: { ...cbr, cbrStopS: 3, cbrStartS: 5.5 },
  });
  return out;
}
