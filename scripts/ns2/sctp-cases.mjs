// The ns-2.35 Agent/SCTP runs kept as test fixtures (tests/fixtures/ns2-sctp/). Each case is one
// run of scripts/ns2/sctp.tcl; `params` uses our names (see tests/fixtures/ns2-sctp/README.md):
//   sender            sctp-newreno (fastRtxTrigger_ 4) | sctp-4960 (fastRtxTrigger_ 3): the
//                     engine sender that mirrors ns-2's Agent/SCTP with that trigger
//   drops             TSNs dropped at R1; "15:2" = the 2nd transmission of TSN 15
//   window            the receiver's window in chunks (initialRwnd_ = window · chunkBytes)
//   queueLimit, bottleneckBps, bottleneckDelayS       R1–K1 (both directions)
//   and, absent = the value of the published runs (SCTP_DEFAULTS):
//   rwndBytes         initialRwnd_ in bytes, instead of window · chunkBytes
//   mtuBytes          mtu_ (the congestion-control unit is mtuBytes − 32)
//   chunkBytes        dataChunkSize_: DATA chunk length, its 16-byte header included
//   delayedSack       the receiver's useDelayedSacks_ (sackDelay_ 0.2 s, a SACK per 2 packets)
//   maxburst          useMaxBurst_ (Max.Burst 4)
//   minRtoS           minRto_
//   startS            when the FTP source starts (the INIT goes out then)
//   engineSenders     the engine senders this run checks (default [sender]); a run without a
//                     loss is the same for every sender, so it can check all four
//   stopS             when the run ends, seconds (absent = the manifest's stopS, 6.0)
//   hbRecv            false: the receiver sends no HEARTBEATs (heartbeatInterval_ 0 there;
//                     ns-2's receiver heartbeats the sender's idle address from about 32 s)

export const SCTP_DEFAULTS = {
  window: 28,
  queueLimit: 8,
  bottleneckBps: 800e3,
  bottleneckDelayS: 0.1,
  mtuBytes: 1040,
  chunkBytes: 1008,
  delayedSack: false,
  maxburst: true,
  minRtoS: 1,
  startS: 1.0,
};

/**
 * ns-2.35's own Agent/SCTP defaults (tcl/lib/ns-default.tcl) where they differ from the
 * published runs: mtu_ 1500, dataChunkSize_ 1468, initialRwnd_ 65536, useDelayedSacks_ 1
 * (sackDelay_ 0.2), fastRtxTrigger_ 3. The rest is the same in both (useMaxBurst_ 1,
 * initialRto_ 3, minRto_ 1, maxRto_ 60, initialSsthresh_ 65536, initialCwnd_ 2).
 */
export const NS2_SCTP_DEFAULTS = {
  sender: 'sctp-4960',
  mtuBytes: 1500,
  chunkBytes: 1468,
  rwndBytes: 65536,
  delayedSack: true,
};

export const ALL_SCTP_SENDERS = ['sctp-2960', 'sctp-newreno', 'sctp-newreno-ca', 'sctp-4960'];

/** The drop lists of the published runs: d<n> literal, a<n> shifted by −3 TSNs. */
export const PUBLISHED_DROPS = {
  d0: [],
  d1: [15],
  d2: [15, 29],
  d3: [15, 27, 29],
  d4: [15, 25, 27, 29],
  d5: [15, 23, 25, 27, 29],
  a1: [12],
  a2: [12, 26],
  a3: [12, 24, 26],
  a4: [12, 22, 24, 26],
  a5: [12, 20, 22, 24, 26],
};

/** The published runs (the project's ns-2 reference traces sctp-fr4-*, sctp-fr3-*). */
export function publishedSctpCases() {
  const out = [];
  for (const [fr, sender] of [
    [4, 'sctp-newreno'],
    [3, 'sctp-4960'],
  ]) {
    for (const [tag, drops] of Object.entries(PUBLISHED_DROPS)) {
      out.push({
        name: `sctp-fr${fr}-${tag}`,
        set: 'published',
        params: { ...SCTP_DEFAULTS, sender, drops },
      });
    }
  }
  return out;
}

/**
 * The receiver window binds: window < bandwidth-delay product + queue, so once slow start is
 * over the window, not the queue, limits the flight (slow-start bursts may still overflow a
 * small queue: w20-q5, w8-q3). Drops while the receiver holds out-of-order chunks, for both
 * ns-2 triggers; the runs without any loss check all four engine senders, which then behave
 * alike.
 */
export function rwndCases() {
  const out = [];
  const add = (tag, sender, params) =>
    out.push({
      name: `sctp-rwnd-${tag}`,
      set: 'rwnd',
      params: { ...SCTP_DEFAULTS, sender, ...params },
    });
  const fast = { bottleneckBps: 1.5e6, bottleneckDelayS: 0.05 };
  add('w20-q5-1.5m-d0', 'sctp-newreno', { ...fast, window: 20, queueLimit: 5, drops: [] });
  add('w20-q12-1.5m-d0', 'sctp-newreno', {
    ...fast,
    window: 20,
    queueLimit: 12,
    drops: [],
    engineSenders: ALL_SCTP_SENDERS,
  });
  add('w20-q5-1.5m-d1', 'sctp-newreno', { ...fast, window: 20, queueLimit: 5, drops: [15] });
  add('w20-q5-1.5m-d1-fr3', 'sctp-4960', { ...fast, window: 20, queueLimit: 5, drops: [15] });
  add('w20-q5-1.5m-d3', 'sctp-newreno', {
    ...fast,
    window: 20,
    queueLimit: 5,
    drops: [15, 27, 29],
  });
  add('w20-q5-1.5m-d3-fr3', 'sctp-4960', {
    ...fast,
    window: 20,
    queueLimit: 5,
    drops: [15, 27, 29],
  });
  add('w8-q3-d0', 'sctp-newreno', { window: 8, queueLimit: 3, drops: [] });
  add('w8-q5-d0', 'sctp-newreno', {
    window: 8,
    queueLimit: 5,
    drops: [],
    engineSenders: ALL_SCTP_SENDERS,
  });
  add('w8-q3-d2', 'sctp-4960', { window: 8, queueLimit: 3, drops: [15, 29] });
  add('w12-q8-d1', 'sctp-newreno', { window: 12, queueLimit: 8, drops: [20] });
  add('w12-q8-d3-fr3', 'sctp-4960', { window: 12, queueLimit: 8, drops: [20, 22, 40] });
  add('w16-q10-d40x2', 'sctp-newreno', { window: 16, queueLimit: 10, drops: [40, '40:2'] });
  add('w24-q20-d2', 'sctp-newreno', { window: 24, queueLimit: 20, drops: [30, 31] });
  add('w30-q20-2m-d0', 'sctp-4960', {
    window: 30,
    queueLimit: 20,
    bottleneckBps: 2e6,
    bottleneckDelayS: 0.05,
    drops: [],
    engineSenders: ALL_SCTP_SENDERS,
  });
  add('w30-q20-2m-d3', 'sctp-4960', {
    window: 30,
    queueLimit: 20,
    bottleneckBps: 2e6,
    bottleneckDelayS: 0.05,
    drops: [40, 42, 44],
  });
  add('w40-q15-3m-d2', 'sctp-newreno', {
    window: 40,
    queueLimit: 15,
    bottleneckBps: 3e6,
    bottleneckDelayS: 0.04,
    drops: [50, 60],
  });
  add('w40-q15-3m-d4-fr3', 'sctp-4960', {
    window: 40,
    queueLimit: 15,
    bottleneckBps: 3e6,
    bottleneckDelayS: 0.04,
    drops: [50, 51, 52, 53],
  });
  add('w24-q12-500k-d1', 'sctp-newreno', {
    window: 24,
    queueLimit: 12,
    bottleneckBps: 500e3,
    bottleneckDelayS: 0.2,
    drops: [25],
  });
  return out;
}

/**
 * The receiver window binds under both profiles the fixtures use — the published settings
 * (`sctp-rwg-ff-*`: 1008-byte chunks, fastRtxTrigger_ 4 unless `-fr3`) and ns-2.35's own
 * defaults (`sctp-rwg-ns2-*`: 1468-byte chunks counting their 16-byte header, delayed SACKs,
 * fastRtxTrigger_ 3 unless `-fr4`) — with what the `rwnd` set keeps fixed: Max.Burst off
 * (`-mb0`, as the app's ff96 profile runs), delayed SACKs under the published settings
 * (`-da`), chunks smaller than the MTU (`-c<bytes>`: ns-2's dataChunkSize_ 1016 is the
 * app's 1000-byte mss under the ns2 profile, cwnd still counted in 1468-byte MTUs), an
 * a_rwnd that is not a whole number of chunks (`-r<bytes>`: the last chunk finds no
 * room, the sender probes with one chunk), and a retransmission lost too (`d<tsn>x2`). The
 * scripted drops come once the window binds, so recovery runs while the receiver holds
 * out-of-order chunks and the peer's rwnd, not cwnd, limits what follows. `d<n>`: n drops;
 * `d0`: none scripted (the loss-free ones check all four engine senders). Windows 6–40
 * chunks, queues 3–20, 0.5–3 Mb/s, 40–200 ms; runs on fast links stop early (stopS) to keep
 * the fixtures small.
 */
export function rwndGridCases() {
  const out = [];
  const link = {
    '500k': { bottleneckBps: 500e3, bottleneckDelayS: 0.2 },
    '800k': {},
    '1m': { bottleneckBps: 1e6, bottleneckDelayS: 0.15 },
    '1.5m': { bottleneckBps: 1.5e6, bottleneckDelayS: 0.05 },
    '2m': { bottleneckBps: 2e6, bottleneckDelayS: 0.05 },
    '3m': { bottleneckBps: 3e6, bottleneckDelayS: 0.04 },
  };
  // tag: w<window>-q<queue>-<link>[-c<chunk bytes>][-r<rwnd bytes>]-<drops>[-mb0][-da][-fr3|-fr4]
  const add = (profile, tag, params) => {
    const [w, q, l] = tag.split('-');
    const base =
      profile === 'ns2'
        ? { ...SCTP_DEFAULTS, ...NS2_SCTP_DEFAULTS }
        : { ...SCTP_DEFAULTS, sender: 'sctp-newreno' };
    const p = {
      ...base,
      window: Number(w.slice(1)),
      queueLimit: Number(q.slice(1)),
      ...link[l],
      ...params,
    };
    if (tag.endsWith('-fr3')) p.sender = 'sctp-4960';
    if (tag.endsWith('-fr4')) p.sender = 'sctp-newreno';
    if (tag.includes('-mb0')) p.maxburst = false;
    if (tag.includes('-da')) p.delayedSack = true;
    const c = /-c(\d+)-/.exec(tag);
    if (c) p.chunkBytes = Number(c[1]);
    const r = /-r(\d+)-/.exec(tag);
    p.rwndBytes = r ? Number(r[1]) : p.window * p.chunkBytes;
    out.push({ name: `sctp-rwg-${profile}-${tag}`, set: 'rwnd-grid', params: p });
  };
  const all = { engineSenders: ALL_SCTP_SENDERS };
  // ns-2.35's own defaults
  add('ns2', 'w8-q8-800k-d0', { drops: [], ...all });
  add('ns2', 'w8-q3-800k-d2', { drops: [30, 44] });
  add('ns2', 'w12-q5-1.5m-d1', { drops: [40], stopS: 4 });
  add('ns2', 'w12-q5-1.5m-d1-fr4', { drops: [40], stopS: 4 });
  add('ns2', 'w16-q8-2m-d4', { drops: [60, 61, 62, 63], stopS: 4 });
  add('ns2', 'w20-q12-1.5m-d3-mb0', { drops: [80, 92, 94], stopS: 4 });
  add('ns2', 'w24-q20-3m-d2', { drops: [90, 91], stopS: 3 });
  add('ns2', 'w30-q12-3m-d100x2', { drops: [100, '100:2'], stopS: 4 });
  add('ns2', 'w12-q8-500k-d1-fr4', { drops: [30] });
  add('ns2', 'w14-q8-1.5m-r20000-d1', { drops: [50], stopS: 4 });
  add('ns2', 'w7-q3-800k-r10000-d30x2', { drops: [30, '30:2'] });
  add('ns2', 'w16-q10-1m-d0-mb0', { drops: [], ...all });
  // ns-2.35's defaults with the app's 1000-byte mss: 1016-byte chunks in 1500-byte MTUs
  add('ns2', 'w20-q8-1.5m-c1016-d3', { drops: [80, 92, 94], stopS: 4 });
  add('ns2', 'w12-q5-800k-c1016-d1-mb0', { drops: [40] });
  add('ns2', 'w16-q10-2m-c1016-d60x2', { drops: [60, '60:2'], stopS: 4 });
  // the published settings
  add('ff', 'w8-q3-800k-d1-mb0', { drops: [30] });
  add('ff', 'w20-q5-1.5m-d1-mb0', { drops: [60], stopS: 4 });
  add('ff', 'w20-q5-1.5m-d3-mb0-fr3', { drops: [60, 72, 74], stopS: 4 });
  add('ff', 'w24-q12-2m-d2-da', { drops: [90, 91], stopS: 4 });
  add('ff', 'w30-q20-3m-d3-mb0', { drops: [100, 102, 104], stopS: 3 });
  add('ff', 'w16-q10-800k-r15000-d1', { drops: [40] });
  add('ff', 'w40-q15-3m-d4-mb0-da-fr3', { drops: [150, 151, 152, 153], stopS: 3 });
  add('ff', 'w12-q3-500k-d30x2', { drops: [30, '30:2'] });
  add('ff', 'w8-q5-800k-d0-mb0', { drops: [], ...all });
  add('ff', 'w6-q3-1m-d2-da-fr3', { drops: [20, 21] });
  return out;
}

/** The receiver's delayed SACK (useDelayedSacks_ 1, sackDelay_ 0.2 s), otherwise as published. */
export function delayedSackCases() {
  const out = [];
  for (const [fr, sender] of [
    [4, 'sctp-newreno'],
    [3, 'sctp-4960'],
  ]) {
    for (const tag of ['d0', 'd1', 'd3']) {
      out.push({
        name: `sctp-delack-fr${fr}-${tag}`,
        set: 'delayed-sack',
        params: { ...SCTP_DEFAULTS, sender, drops: PUBLISHED_DROPS[tag], delayedSack: true },
      });
    }
  }
  return out;
}

/**
 * All of ns-2.35's own Agent/SCTP defaults at once (NS2_SCTP_DEFAULTS) on the Fall & Floyd
 * topology: 1468-byte chunks in 1500-byte packets, a 64 KB receiver window, delayed SACKs,
 * 3 missing reports, an initial cwnd of RFC 4960's 4380 bytes.
 */
export function ns2DefaultSctpCases() {
  const out = [];
  const add = (tag, params) =>
    out.push({
      name: `sctp-ns2def-${tag}`,
      set: 'ns2-defaults',
      params: { ...SCTP_DEFAULTS, ...NS2_SCTP_DEFAULTS, ...params },
    });
  add('d0', { drops: [] });
  add('d1', { drops: [15] });
  add('d3', { drops: [15, 27, 29] });
  add('d15x2', { drops: [15, '15:2'] });
  add('q20-d0', { queueLimit: 20, drops: [] });
  add('start0-d1', { startS: 0, drops: [15] });
  return out;
}

/**
 * The peer's window closes to 0 with no scripted drop (issue 23 item 1): a fast bottleneck with
 * a small queue overflows in slow start, the receiver holds the chunks above each lost TSN until
 * its a_rwnd is 0, and the sender may only send again when a SACK reopens it (RFC 4960 §6.1 A;
 * sctp.cc SendMuch probes with one chunk only when nothing at all is outstanding). Both
 * triggers, the published settings and ns-2.35's defaults (1468- and 1016-byte chunks), Max.Burst
 * on and off; 10 s each with the receiver's HEARTBEATs off (hbRecv false), so that the window
 * closes and reopens several times.
 */
export function zeroRwndCases() {
  const out = [];
  const fast = {
    bottleneckBps: 1.5e6,
    bottleneckDelayS: 0.05,
    drops: [],
    stopS: 10,
    hbRecv: false,
  };
  const add = (tag, params) =>
    out.push({ name: `sctp-zw-${tag}`, set: 'zero-rwnd', params: { ...SCTP_DEFAULTS, ...params } });
  add('fr3-w24-q4-1.5m', { ...fast, sender: 'sctp-4960', window: 24, queueLimit: 4 });
  add('fr4-w18-q4-1m-mb0', {
    ...fast,
    sender: 'sctp-newreno',
    window: 18,
    queueLimit: 4,
    bottleneckBps: 1e6,
    maxburst: false,
  });
  add('ns2-w20-q5-1.5m', {
    ...fast,
    ...NS2_SCTP_DEFAULTS,
    window: 20,
    rwndBytes: 20 * 1468,
    queueLimit: 5,
  });
  add('ns2-c1016-w18-q4-1m', {
    ...fast,
    ...NS2_SCTP_DEFAULTS,
    chunkBytes: 1016,
    delayedSack: false,
    window: 18,
    rwndBytes: 18 * 1016,
    queueLimit: 4,
    bottleneckBps: 1e6,
  });
  return out;
}

export const allSctpCases = () => [
  ...publishedSctpCases(),
  ...rwndCases(),
  ...delayedSackCases(),
  ...ns2DefaultSctpCases(),
  ...rwndGridCases(),
  ...zeroRwndCases(),
];

const FAST_RTX_TRIGGER = { 'sctp-newreno': 4, 'sctp-4960': 3 };

/** Bytes of the receiver window a case advertises. */
export const rwndBytesOf = (p) => p.rwndBytes ?? p.window * p.chunkBytes;

/** sctp.tcl arguments for a case. */
export function sctpTclArgs(p) {
  const fr = FAST_RTX_TRIGGER[p.sender];
  if (!fr) throw new Error(`no ns-2 Agent/SCTP setting mirrors sender ${p.sender}`);
  return [
    `fr=${fr}`,
    `drops=${p.drops.join(',')}`,
    `mtu=${p.mtuBytes}`,
    `chunk=${p.chunkBytes}`,
    `rwnd=${rwndBytesOf(p)}`,
    `delack=${p.delayedSack ? 1 : 0}`,
    `maxburst=${p.maxburst ? 1 : 0}`,
    `minrto=${p.minRtoS}`,
    `qlimit=${p.queueLimit}`,
    `bw=${p.bottleneckBps}`,
    `delay=${p.bottleneckDelayS}`,
    `start=${p.startS}`,
    ...(p.stopS !== undefined ? [`stop=${p.stopS}`] : []),
    ...(p.hbRecv === false ? ['hbrecv=0'] : []),
  ];
}
