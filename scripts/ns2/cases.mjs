// The ns-2 runs kept as test fixtures (tests/fixtures/ns2/). Each case is one run of
// scripts/ns2/ff96.tcl; `params` uses our names (see tests/fixtures/ns2/README.md):
//   variant  tahoe | reno | newreno | sack | fack
//   drops    1-based packet numbers; "15:2" = the 2nd transmission of packet 15
//   window, maxburst, bugfix, queueLimit (R1 towards K1, both directions),
//   bottleneckBps, bottleneckDelayS, minRtoS, dupackThreshold
//                                                          (defaults: 28, 0, true, 8, 800e3, 0.1, 1, 3)
//   stack settings, absent = the Fall & Floyd value (NS2_STACK_DEFAULTS has ns-2.35's own):
//   initialCwndPkts (windowInit_, 1), synSegment (syn_, false), delayGrowth (delay_growth_,
//   false), limitedTransmit (singledup_, false), precisionReduce (precisionReduce_, false),
//   updatedRttvar (updated_rttvar_, false), newrenoImpatient (Newreno newreno_changes1_, false),
//   newrenoPartialWindowDeflation (Newreno partial_window_deflation_, false)

export const DEFAULTS = {
  window: 28,
  maxburst: 0,
  bugfix: true,
  queueLimit: 8,
  bottleneckBps: 800e3,
  bottleneckDelayS: 0.1,
  minRtoS: 1,
  dupackThreshold: 3,
};

/**
 * ns-2.35's own TCP defaults (tcl/lib/ns-default.tcl) where they differ from the Fall & Floyd
 * settings of ff96.tcl. Every other Agent/TCP and TCPSink default is the same in both
 * (tcpTick_ 0.01, bugFix_ true, maxburst_ 0, numdupacks_ 3, rfc2988_ true, rtxcur_init_ 3, ...).
 */
export const NS2_STACK_DEFAULTS = {
  initialCwndPkts: 2,
  synSegment: true,
  delayGrowth: true,
  limitedTransmit: true,
  precisionReduce: true,
  updatedRttvar: true,
  newrenoImpatient: true,
  newrenoPartialWindowDeflation: true,
  minRtoS: 0.2,
};

const VARIANTS = ['tahoe', 'reno', 'newreno', 'sack', 'fack'];

/** Drop lists of Fall & Floyd (d1..d4) and Caro et al. (d5). */
export const FF96_DROPS = [[], [15], [15, 29], [15, 27, 29], [15, 25, 27, 29], [15, 23, 25, 27, 29]];

/**
 * The published runs (ns-2 reference traces tcp-ff96-*): name, our params, and the name of
 * the published trace they reproduce.
 */
export function publishedCases() {
  const series = [
    ['tahoe', 'tahoe', {}],
    ['reno', 'reno', {}],
    ['newreno', 'newreno', {}],
    ['sack1', 'sack', {}],
    ['fack', 'fack', {}],
    ['reno_nobugfix', 'reno', { bugfix: false }],
    ['newreno_mb4', 'newreno', { maxburst: 4 }],
    ['sack1_mb4', 'sack', { maxburst: 4 }],
  ];
  const out = [];
  for (const [nsName, variant, extra] of series) {
    FF96_DROPS.forEach((drops, n) => {
      out.push({
        name: `tcp-ff96-${nsName}-d${n}`,
        set: 'published',
        params: { ...DEFAULTS, variant, drops, ...extra },
      });
    });
  }
  return out;
}

/** Drop lists and topologies outside the published set (the generalisation check). */
export function generalisationCases() {
  const D3 = [15, 27, 29];
  const out = [];
  const add = (variant, tag, params) =>
    out.push({ name: `gen-${variant}-${tag}`, set: 'generalisation', params: { ...DEFAULTS, variant, ...params } });
  for (const v of VARIANTS) {
    add(v, 'd10', { drops: [10] });
    add(v, 'd20-21', { drops: [20, 21] });
    add(v, 'd14-16-18', { drops: [14, 16, 18] });
    add(v, 'd30-31-32-33', { drops: [30, 31, 32, 33] });
    add(v, 'd5', { drops: [5] });
    add(v, 'd40-50-60', { drops: [40, 50, 60] });
    add(v, 'd15x2', { drops: [15, '15:2'] });
    add(v, 'minrto0.2-d2-3', { minRtoS: 0.2, drops: [2, 3] });
    for (const [tag, p] of [
      ['q5', { queueLimit: 5 }],
      ['q12', { queueLimit: 12 }],
      ['bw1.5m', { bottleneckBps: 1.5e6, bottleneckDelayS: 0.05 }],
      ['w12', { window: 12 }],
      ['w40', { window: 40 }],
      ['minrto0.2', { minRtoS: 0.2 }],
    ]) {
      add(v, `${tag}-d0`, { ...p, drops: [] });
      add(v, `${tag}-d3`, { ...p, drops: D3 });
    }
  }
  for (const v of ['reno', 'fack', 'tahoe']) {
    add(v, 'mb4-d0', { maxburst: 4, drops: [] });
    add(v, 'mb4-d3', { maxburst: 4, drops: D3 });
  }
  for (const v of ['newreno', 'tahoe']) {
    add(v, 'nobugfix-d0', { bugfix: false, drops: [] });
    add(v, 'nobugfix-d3', { bugfix: false, drops: D3 });
  }
  // Fast retransmit on the 1st duplicate ACK right after a timeout: the window is 1, so ns-2's
  // slowdown sets cwnd = ⌊1/2⌋ = 0 (tcp.cc CLOSE_CWND_HALF has no floor).
  const cwnd0 = { bugfix: false, dupackThreshold: 1, queueLimit: 3 };
  add('newreno', 'frtx1-cwnd0-a', { ...cwnd0, window: 10, drops: [5, '5:2'] });
  add('newreno', 'frtx1-cwnd0-b', { ...cwnd0, queueLimit: 5, window: 19, drops: [13, 29, '29:2', 37] });
  add('reno', 'frtx1-cwnd0', { ...cwnd0, window: 16, drops: [5, 29, '29:2', 37] });
  add('reno', 'frtx2-d3', { dupackThreshold: 2, drops: D3 });
  add('sack', 'frtx2-d3', { dupackThreshold: 2, drops: D3 });
  return out;
}

/**
 * Every variant with all of ns-2.35's stack defaults at once (NS2_STACK_DEFAULTS) on the Fall &
 * Floyd topology: no drop, 1 and 3 drops, a packet dropped twice, early losses (the SYN, the
 * first data packet, packets 3 and 4), and queue limit 5. Packet 1 is the SYN here.
 */
export function ns2DefaultCases() {
  const out = [];
  const add = (variant, tag, params) =>
    out.push({
      name: `ns2def-${variant}-${tag}`,
      set: 'ns2-defaults',
      params: { ...DEFAULTS, ...NS2_STACK_DEFAULTS, variant, ...params },
    });
  for (const v of VARIANTS) {
    add(v, 'd0', { drops: [] });
    add(v, 'd1', { drops: [15] });
    add(v, 'd3', { drops: [15, 27, 29] });
    add(v, 'd15x2', { drops: [15, '15:2'] });
    add(v, 'dsyn', { drops: [1] });
    add(v, 'd2', { drops: [2] });
    add(v, 'd3-4', { drops: [3, 4] });
    add(v, 'q5-d0', { queueLimit: 5, drops: [] });
  }
  return out;
}

/**
 * Delayed ACKs (ns-2 TCPSink/DelAck, TCPSink/Sack1/DelAck: interval_ 100 ms, the first segment
 * and gap-filling data acked at once): every variant with the Fall & Floyd settings and with
 * ns-2.35's own stack defaults, no drop, 1 and 3 drops.
 */
export function delayedAckCases() {
  const out = [];
  const add = (variant, tag, params) =>
    out.push({
      name: `delack-${variant}-${tag}`,
      set: 'delayed-ack',
      params: { ...DEFAULTS, variant, delayedAck: true, ...params },
    });
  for (const v of VARIANTS) {
    add(v, 'd0', { drops: [] });
    add(v, 'd1', { drops: [15] });
    add(v, 'd3', { drops: [15, 27, 29] });
    add(v, 'ns2-d0', { ...NS2_STACK_DEFAULTS, drops: [] });
    add(v, 'ns2-d3', { ...NS2_STACK_DEFAULTS, drops: [15, 27, 29] });
  }
  return out;
}

/**
 * Losses among the first packets of a connection with a larger initial window (windowInit_ 4
 * and 10, Fall & Floyd settings otherwise): ns-2's dupack action lets a fast retransmit through
 * while the first ACK has not advanced (bugfix_ss_ with highest_ack_ == 0). Followed by the
 * sample of the wider sweep (earlyLossSweepCases).
 */
export function earlyLossCases() {
  const out = [];
  for (const v of VARIANTS) {
    for (const icwnd of [4, 10]) {
      for (const [tag, drops] of [
        ['d1', [1]],
        ['d2-3-5', [2, 3, 5]],
        ['d1-2-4', [1, 2, 4]],
      ]) {
        out.push({
          name: `early-${v}-iw${icwnd}-${tag}`,
          set: 'early-loss',
          params: { ...DEFAULTS, variant: v, initialCwndPkts: icwnd, drops },
        });
      }
    }
  }
  return [...out, ...earlyLossSweepCases()];
}

/**
 * Set "early-loss-sweep" (`early-sweep-<variant>-iw<k>-<tag>[-ns2][-da]`): a representative
 * sample of a sweep over every variant × windowInit_ 1–10 × losses among the first 10 packets
 * (every single loss, pairs to quadruples, consecutive and spread, a lost retransmission
 * `k:2`) × delayed ACK off/on × Fall & Floyd settings / ns-2.35's stack defaults. Picked for
 * different paths: the first packet lost (with SYN: packet 2, the first data packet; packet 1
 * is the SYN), losses before and after the first ACK advances, too few duplicate ACKs for a
 * fast retransmit, a retransmission lost again. `ns2` = NS2_STACK_DEFAULTS with the given
 * windowInit_; `da` = the DelAck sink. Drops are packet numbers as everywhere (SYN included).
 */
export function earlyLossSweepCases() {
  // [variant, windowInit_, drops, ns-2.35 stack defaults, delayed ACK]
  const picks = [
    ['tahoe', 1, [1], false, false],
    ['tahoe', 3, [2], false, false],
    ['tahoe', 7, [1, 2, 3, 4], false, false],
    ['tahoe', 5, [3], false, true],
    ['tahoe', 10, [1, '1:2'], false, false],
    ['reno', 2, [1], false, false],
    ['reno', 3, [2, 3], false, false],
    ['reno', 5, [2, 7, 9], false, false],
    ['reno', 7, [1, 10], false, true],
    ['reno', 10, [9, 10], false, false],
    ['newreno', 1, [2], false, false],
    ['newreno', 5, [1], false, false],
    ['newreno', 3, [1, 3], false, true],
    ['newreno', 7, [5, 6, 7, 8], false, false],
    ['newreno', 10, [2, '2:2'], false, false],
    ['sack', 2, [2], false, false],
    ['sack', 3, [1, 3], false, false],
    ['sack', 5, [3, 5, 6], false, false],
    ['sack', 7, [2, 5, 7, 8], false, true],
    ['sack', 10, [1], false, false],
    ['fack', 2, [1], false, false],
    ['fack', 5, [2, 3, 4], false, false],
    ['fack', 3, [4, 9], false, true],
    ['fack', 7, [2, 3, '3:2'], false, false],
    ['fack', 10, [1, 2, 3, 4], false, false],
    ['tahoe', 1, [1], true, false],
    ['tahoe', 5, [3, 4], true, true],
    ['tahoe', 10, [2, 3, 4, 5], true, false],
    ['reno', 2, [2], true, false],
    ['reno', 3, [3, 4, 8], true, true],
    ['reno', 7, [2, '2:2'], true, false],
    ['newreno', 3, [2, 3], true, false],
    ['newreno', 5, [6, 7, 8, 9], true, false],
    ['newreno', 10, [2], true, true],
    ['sack', 1, [2], true, false],
    ['sack', 7, [3, 4, 8, 10], true, true],
    ['sack', 10, [3, 4, 8, 10], true, false],
    ['fack', 2, [2, 3], true, false],
    ['fack', 5, [2], true, true],
    ['fack', 10, [1, 3, 4], true, false],
    // Two receiver rules the wider sweep found (8 100 runs; the engine follows ns-2 since):
    // last_ack_sent_ starts at 0, so packet 2's timestamp is echoed before any ACK and FACK's
    // duplicate ACK samples the RTT from it (tcp-sink.cc Acker, tcp-fack.cc oldack) …
    ['fack', 3, [1], false, false],
    ['fack', 7, [1, 9], false, true],
    // … and the DelAck sink delays a duplicate of the highest in-order segment like new data
    // (DelAckSink::recv tests only seqno == Seqno()).
    ['reno', 2, [2, 3], false, true],
    ['newreno', 4, [2, 3], true, true],
  ];
  return picks.map(([variant, icwnd, drops, ns2, delack]) => ({
    name: `early-sweep-${variant}-iw${icwnd}-d${drops.map((d) => String(d).replace(':', 'x')).join('-')}${ns2 ? '-ns2' : ''}${delack ? '-da' : ''}`,
    set: 'early-loss-sweep',
    params: {
      ...DEFAULTS,
      ...(ns2 ? NS2_STACK_DEFAULTS : {}),
      variant,
      initialCwndPkts: icwnd,
      drops,
      ...(delack ? { delayedAck: true } : {}),
    },
  }));
}

/**
 * Set "vegas" (`vegas-<tag>`): TCP Vegas (ns-2 Agent/TCP/Vegas, tcp-vegas.cc) with the Fall &
 * Floyd settings: the Fall & Floyd drop lists d0–d5, a packet dropped on its first and second
 * transmission, another bottleneck (1.5 Mb/s, 50 ms), a smaller queue (5), smaller windows (8
 * and 12; Vegas' own window stays below the default 28), minimum RTO 0.2 s, other thresholds
 * (α 2, β 4; γ 2), a cwnd deflated to 0 (iw4-q3-d5-8-9), and window 5 runs for three
 * quirks of tcp-vegas.cc (w5-*). Vegas' own parameters are
 * vegasAlpha / vegasBeta / vegasGamma (v_alpha_, v_beta_, v_gamma_, packets; absent = ns-2.35's
 * 1, 3, 1).
 */
export function vegasCases() {
  const out = [];
  const add = (tag, params) =>
    out.push({ name: `vegas-${tag}`, set: 'vegas', params: { ...DEFAULTS, variant: 'vegas', ...params } });
  FF96_DROPS.forEach((drops, n) => add(`d${n}`, { drops }));
  const D3 = [15, 27, 29];
  add('d15x2', { drops: [15, '15:2'] });
  add('bw1.5m-d0', { bottleneckBps: 1.5e6, bottleneckDelayS: 0.05, drops: [] });
  add('bw1.5m-d3', { bottleneckBps: 1.5e6, bottleneckDelayS: 0.05, drops: D3 });
  add('q5-d0', { queueLimit: 5, drops: [] });
  add('w8-d0', { window: 8, drops: [] });
  add('w12-d3', { window: 12, drops: D3 });
  add('minrto0.2-d4', { minRtoS: 0.2, drops: [15, 25, 27, 29] });
  add('a2b4-d0', { vegasAlpha: 2, vegasBeta: 4, drops: [] });
  add('a2b4-d3', { vegasAlpha: 2, vegasBeta: 4, drops: D3 });
  // v_newcwnd_ is 0 until the first cut (tcp-vegas.cc leaves it unset; 0 here), so duplicate
  // ACKs past numdupacks_ before any cut deflate cwnd to 0 on the next new ACK.
  add('iw4-q3-d5-8-9', { initialCwndPkts: 4, queueLimit: 3, drops: [5, 8, 9] });
  // Quirks of tcp-vegas.cc each of these runs needs: the send-time ring of wnd_ entries is
  // cleared only up to the ACK's slot (a range that wraps keeps its counts), a packet sent at
  // vegastime 0 gives no RTT sample, and firstsent_ restarts when t_seqno_ is 0 again.
  add('w5-q3-d15', { window: 5, queueLimit: 3, drops: [15] });
  add('w5-q3-d2', { window: 5, queueLimit: 3, drops: [2] });
  add('w5-d1-15', { window: 5, drops: [1, 15] });
  add('a2b4g2-bw1.5m-d1', { vegasAlpha: 2, vegasBeta: 4, vegasGamma: 2, bottleneckBps: 1.5e6, bottleneckDelayS: 0.05, drops: [15] });
  return out;
}

const flag = (b) => (b ? 1 : 0);

/** ff96.tcl arguments for a case. */
export function tclArgs(p) {
  return [
    `variant=${p.variant}`,
    `drops=${p.drops.join(',')}`,
    `window=${p.window}`,
    `maxburst=${p.maxburst}`,
    `bugfix=${p.bugfix ? 1 : 0}`,
    `qlimit=${p.queueLimit}`,
    `bw=${p.bottleneckBps}`,
    `delay=${p.bottleneckDelayS}`,
    `minrto=${p.minRtoS}`,
    `numdupacks=${p.dupackThreshold ?? 3}`,
    `windowinit=${p.initialCwndPkts ?? 1}`,
    `syn=${flag(p.synSegment)}`,
    `delaygrowth=${flag(p.delayGrowth)}`,
    `singledup=${flag(p.limitedTransmit)}`,
    `precision=${flag(p.precisionReduce)}`,
    `rttvar=${flag(p.updatedRttvar)}`,
    `nrchanges1=${flag(p.newrenoImpatient)}`,
    `pwd=${flag(p.newrenoPartialWindowDeflation)}`,
    `delack=${flag(p.delayedAck)}`,
    `valpha=${p.vegasAlpha ?? 1}`,
    `vbeta=${p.vegasBeta ?? 3}`,
    `vgamma=${p.vegasGamma ?? 1}`,
  ];
}
