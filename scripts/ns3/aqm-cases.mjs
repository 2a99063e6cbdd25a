// The ns-3.37 AQM fixture runs (aqm-oracle.cc): one entry per file tests/fixtures/ns3-aqm/<name>.json.
// `args` are aqm-oracle.cc's arguments; `query` is the ackclock scenario of the same path and
// flows. How ns-3's queue disc + device queue maps onto ackclock's one queue (the `queue` and
// target offsets written into every query): tests/fixtures/ns3-aqm/README.md.

/** The bufferbloat topology's path (src/scenarios/topologies/bufferbloat.ts). */
const PATH = { bw: 10e6, delay: 0.019, accessBw: 100e6, accessDelay: 0.001, accessQueue: 100 };

/** Transmission time of one 1040-byte packet at `bw`, s. */
const txS = (bw) => (1040 * 8) / bw;

/** A ping-like thin flow: 100-byte datagrams every 20 ms (40 kb/s). */
const PING = '40000:100';

/**
 * One run. `tcp`: ns-3 senders (newreno → ackclock's SACK TCP under the topology's ff96
 * profile; cubic → cubic); `udp`: rate:payload CBR flows (ackclock app=cbr, pps = rate /
 * (8 · payload), size = payload). ackclock's queue = the queue disc's limit + 2 (the device's
 * one waiting packet and the one in transmission); CoDel's / PIE's target + one packet's
 * transmission time (the device stage ns-3's sojourn does not see).
 */
function run(name, about, o) {
  const p = { ...PATH, ...o.path };
  const tcp = o.tcp ?? [];
  const udp = o.udp ?? [];
  const target = o.target ?? (o.aqm === 'pie' ? 0.015 : 0.005);
  const args = {
    ...p,
    aqm: o.aqm,
    limit: o.limit ?? 1000,
    target: o.target ?? 0,
    interval: o.interval ?? 0.1,
    tupdate: o.tupdate ?? 0.015,
    fqFlows: o.fqFlows ?? 1024,
    quantum: o.quantum ?? 1500,
    ecn: o.ecn ? 1 : 0,
    tcp: tcp.join(','),
    udp: udp.join(','),
    start: (o.start ?? []).join(','),
    stop: o.stop,
    sample: o.sample ?? 0,
    binS: 0.1,
  };
  const senders = [...tcp.map((s) => (s === 'newreno' ? 'sack' : s)), ...udp.map(() => 'udp')];
  const q = [
    'preset=bufferbloat-path',
    `flows=${senders.join(',')}`,
    `bw=${p.bw}`,
    `delay=${p.delay}`,
    `queue=${args.limit + 2}`,
    `stop=${o.stop}`,
    `aqm=${o.aqm === 'fqcodel' ? 'fq-codel' : o.aqm}`,
  ];
  const t = +(target + txS(p.bw)).toFixed(6);
  if (o.aqm === 'codel') q.push(`codel.target=${t}`, `codel.interval=${args.interval}`);
  if (o.aqm === 'fqcodel') {
    q.push(`codel.target=${t}`, `codel.interval=${args.interval}`);
    q.push(`fqcodel.flows=${args.fqFlows}`, `fqcodel.quantum=${args.quantum}`);
  }
  if (o.aqm === 'pie') q.push(`pie.target=${t}`, `pie.tupdate=${args.tupdate}`);
  if (o.ecn) q.push('ecn=1');
  senders.forEach((s, i) => {
    const f = `f${i + 1}.`;
    if (s !== 'udp') q.push(`${f}icwnd=10`, `${f}handshake=1`, `${f}delack=0`);
    if (s === 'udp') {
      const [rate, size] = udp[i - tcp.length].split(':').map(Number);
      q.push(`${f}app=cbr`, `${f}pps=${+(rate / 8 / size).toFixed(6)}`, `${f}size=${size}`);
    }
    if (o.start?.[i]) q.push(`${f}start=${o.start[i]}`);
  });
  return { set: 'ns3-aqm', name, about, args, query: q.join('&') };
}

export const CASES = [
  // CoDel (RFC 8289) — open loop: the drop sequence is CoDel's alone.
  run('codel-cbr12', 'CoDel, one 12 Mb/s UDP flow into 10 Mb/s: the control law', {
    aqm: 'codel',
    udp: ['12000000:1012'],
    stop: 4,
  }),
  run('codel-cbr15-t2-i50', 'CoDel target 2 ms, interval 50 ms, 15 Mb/s UDP into 10 Mb/s', {
    aqm: 'codel',
    udp: ['15000000:1012'],
    target: 0.002,
    interval: 0.05,
    stop: 3,
  }),
  run('codel-newreno-ping', 'CoDel, one NewReno bulk flow and a 50/s ping', {
    aqm: 'codel',
    tcp: ['newreno'],
    udp: [PING],
    stop: 10,
    sample: 0.005,
  }),
  run('codel-cubic-ecn-ping', 'CoDel with ECN, one CUBIC bulk flow (ECT) and a ping', {
    aqm: 'codel',
    tcp: ['cubic'],
    udp: [PING],
    ecn: true,
    stop: 10,
    sample: 0.005,
  }),
  run('codel-cubic2-20m', 'CoDel, two CUBIC flows (0 s, 2 s) on 20 Mb/s, 10 ms', {
    aqm: 'codel',
    tcp: ['cubic', 'cubic'],
    start: [0, 2],
    path: { bw: 20e6, delay: 0.009 },
    stop: 10,
    sample: 0.005,
  }),
  // FQ-CoDel (RFC 8290).
  run(
    'fqcodel-cbr8-cbr4',
    'FQ-CoDel, UDP 8 Mb/s and 4 Mb/s into 10 Mb/s: the 4 Mb/s flow keeps its rate and a short queue',
    {
      aqm: 'fqcodel',
      udp: ['8000000:1012', '4000000:1012'],
      stop: 3,
    },
  ),
  run('fqcodel-newreno-ping', 'FQ-CoDel, one NewReno bulk flow and a ping', {
    aqm: 'fqcodel',
    tcp: ['newreno'],
    udp: [PING],
    stop: 10,
    sample: 0.005,
  }),
  run('fqcodel-cubic2-cbr3', 'FQ-CoDel, two CUBIC flows and an unresponsive 3 Mb/s UDP flow', {
    aqm: 'fqcodel',
    tcp: ['cubic', 'cubic'],
    udp: ['3000000:1012'],
    stop: 10,
    sample: 0.005,
  }),
  // PIE (RFC 8033).
  run('pie-cbr12', 'PIE, one 12 Mb/s UDP flow into 10 Mb/s: the drop probability settles', {
    aqm: 'pie',
    udp: ['12000000:1012'],
    stop: 6,
    sample: 0.002,
  }),
  run('pie-newreno-ping', 'PIE, one NewReno bulk flow and a ping', {
    aqm: 'pie',
    tcp: ['newreno'],
    udp: [PING],
    stop: 10,
    sample: 0.005,
  }),
  run('pie-cubic-ecn-ping', 'PIE with ECN, one CUBIC bulk flow (ECT) and a ping', {
    aqm: 'pie',
    tcp: ['cubic'],
    udp: [PING],
    ecn: true,
    stop: 10,
    sample: 0.005,
  }),
  run('pie-cubic-t5-u30', 'PIE target 5 ms, tupdate 30 ms, one CUBIC flow and a ping', {
    aqm: 'pie',
    tcp: ['cubic'],
    udp: [PING],
    target: 0.005,
    tupdate: 0.03,
    stop: 10,
    sample: 0.005,
  }),
  // Held-out checks (issue 26: other loads and parameters than the runs above): other rates and
  // delays, small and large targets, another interval / quantum / tupdate, several flows, ECN
  // with CoDel / FQ-CoDel and several TCP flows.
  run(
    'codel-cbr6-5m-t1-i200',
    'CoDel target 1 ms, interval 200 ms, 6 Mb/s UDP into 5 Mb/s, 30 ms',
    {
      aqm: 'codel',
      udp: ['6000000:1012'],
      target: 0.001,
      interval: 0.2,
      path: { bw: 5e6, delay: 0.03 },
      stop: 5,
    },
  ),
  run('codel-cbr25-20m-t20', 'CoDel target 20 ms, 25 Mb/s UDP into 20 Mb/s, 5 ms', {
    aqm: 'codel',
    udp: ['25000000:1012'],
    target: 0.02,
    path: { bw: 20e6, delay: 0.005 },
    stop: 3,
  }),
  run(
    'fqcodel-cbr3x-q300',
    'FQ-CoDel, 64 queues, quantum 300: UDP 6, 3 and 2.5 Mb/s into 10 Mb/s',
    {
      aqm: 'fqcodel',
      udp: ['6000000:1012', '3000000:1012', '2500000:1012'],
      fqFlows: 64,
      quantum: 300,
      stop: 3,
    },
  ),
  run('pie-cbr15-t30-u30', 'PIE target 30 ms, tupdate 30 ms, 15 Mb/s UDP into 10 Mb/s', {
    aqm: 'pie',
    udp: ['15000000:1012'],
    target: 0.03,
    tupdate: 0.03,
    stop: 6,
    sample: 0.002,
  }),
  run('pie-cbr22-20m-t5', 'PIE target 5 ms, 22 Mb/s UDP into 20 Mb/s, 5 ms', {
    aqm: 'pie',
    udp: ['22000000:1012'],
    target: 0.005,
    path: { bw: 20e6, delay: 0.005 },
    stop: 6,
    sample: 0.002,
  }),
  run('codel-cubic2-ecn', 'CoDel with ECN, two CUBIC flows (ECT; 0 s, 1 s)', {
    aqm: 'codel',
    tcp: ['cubic', 'cubic'],
    start: [0, 1],
    ecn: true,
    stop: 10,
    sample: 0.005,
  }),
  run('fqcodel-newreno2-ecn-ping', 'FQ-CoDel with ECN, two NewReno flows (ECT) and a ping', {
    aqm: 'fqcodel',
    tcp: ['newreno', 'newreno'],
    udp: [PING],
    ecn: true,
    stop: 10,
    sample: 0.005,
  }),
  run('pie-newreno2-t30', 'PIE target 30 ms, two NewReno flows', {
    aqm: 'pie',
    tcp: ['newreno', 'newreno'],
    target: 0.03,
    stop: 10,
    sample: 0.005,
  }),
  run(
    'codel-newreno-5m-t20',
    'CoDel target 20 ms, interval 200 ms, NewReno + ping on 5 Mb/s, 30 ms',
    {
      aqm: 'codel',
      tcp: ['newreno'],
      udp: [PING],
      target: 0.02,
      interval: 0.2,
      path: { bw: 5e6, delay: 0.03 },
      stop: 10,
      sample: 0.005,
    },
  ),
];
