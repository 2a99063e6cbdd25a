// The ns-3.37 fixture runs: one entry per fixture file tests/fixtures/<set>/<name>.json.
// `args` are oracle.cc's command-line arguments; `query` is the ackclock scenario of the same
// path and flows (tests/fixtures/ns3/README.md: how each ns-3 setting maps onto a key). Keys
// the engine does not have yet (sender=bbr, recovery=prr) are written as issue 25 names them.

/** Fall & Floyd's path (src/scenarios/topologies/fall-floyd.ts): S1 –8 Mb/s, 0 ms– R1 –800 kb/s, 100 ms, 8 packets– K1. */
const FALL_FLOYD = {
  bw: 800e3,
  delay: 0.1,
  queue: 8,
  accessBw: 8e6,
  accessDelay: 0,
  accessQueue: 50,
  window: 28,
  start: 1,
  stop: 8,
};

/** The long-fat topology's access links (src/scenarios/topologies/long-fat.ts): 100 Mb/s, 1 ms, 100 packets. */
const LONG_FAT_ACCESS = { accessBw: 100e6, accessDelay: 0.001, accessQueue: 100, window: 1000 };

/**
 * PRR runs: ns-3's TcpNewReno (ssthresh = max(FlightSize/2, 2 segments), like ackclock's `rfc`
 * profile) with TcpPrrRecovery, SACK, limited transmit (RFC 3042, as `rfc`), cwnd starting at 1
 * so the drops fall in slow start as in Fall & Floyd, every segment ACKed. The ackclock
 * sender is SACK TCP under the `rfc` profile.
 */
function prr(
  name,
  drops,
  bound,
  about,
  path = FALL_FLOYD,
  query = 'preset=fall-floyd',
  recovery = 'prr',
) {
  const args = {
    ...path,
    flows: 'newreno',
    recovery,
    prrBound: bound,
    icwnd: 1,
    limitedTransmit: 1,
    drops,
  };
  const sender = query.includes('flows=') ? '' : '&sender=sack';
  const q = `${query}${sender}&profile=rfc&recovery=${recovery}&icwnd=1&handshake=1&stop=${path.stop}&drops=${drops}`;
  return { set: 'ns3-prr', name, about, args, query: q };
}

const bbrPath = (bw, delay, queue) => ({ ...LONG_FAT_ACCESS, bw, delay, queue, start: 0 });
const lf = (bw, delay, queue, stop) =>
  `preset=long-fat&bw=${bw}&delay=${delay}&queue=${queue}&stop=${stop}&icwnd=10&handshake=1`;

export const CASES = [
  // PRR on the Fall & Floyd drop lists (both reduction bounds) and two lists of our own.
  prr('prr-ff-d1', '15', 'SSRB', 'PRR-SSRB, one drop (15) in slow start'),
  prr('prr-ff-d2', '15,29', 'SSRB', 'PRR-SSRB, two drops (15, 29)'),
  prr('prr-ff-d3', '15,27,29', 'SSRB', 'PRR-SSRB, three drops (15, 27, 29)'),
  prr('prr-ff-d4', '15,25,27,29', 'SSRB', 'PRR-SSRB, four drops (15, 25, 27, 29)'),
  prr('prr-ff-d1-crb', '15', 'CRB', 'PRR-CRB, one drop (15)'),
  prr('prr-ff-d2-crb', '15,29', 'CRB', 'PRR-CRB, two drops (15, 29)'),
  prr('prr-ff-d3-crb', '15,27,29', 'CRB', 'PRR-CRB, three drops (15, 27, 29)'),
  prr('prr-ff-d4-crb', '15,25,27,29', 'CRB', 'PRR-CRB, four drops (15, 25, 27, 29)'),
  prr('prr-ff-burst', '15,16,17,18,19', 'SSRB', 'PRR-SSRB, a burst of five consecutive drops'),
  prr(
    'prr-ff-rexmit',
    '15,27,15:2',
    'SSRB',
    'PRR-SSRB, 15 lost twice (its fast retransmission too) and 27',
  ),
  prr(
    'prr-10m-d4',
    '60,64,68,72',
    'SSRB',
    'PRR-SSRB on a 10 Mb/s, 20 ms path with a 30-packet queue: four drops in a 60-packet window',
    {
      ...LONG_FAT_ACCESS,
      window: 200,
      bw: 10e6,
      delay: 0.02,
      queue: 30,
      start: 0,
      stop: 4,
      sample: 0.02,
    },
    'preset=long-fat&flows=sack&bw=10000000&delay=0.02&queue=30&window=200&start=0',
  ),
  prr(
    'prr-10m-d4-crb',
    '60,64,68,72',
    'CRB',
    'PRR-CRB on the same 10 Mb/s, 20 ms path and drops as prr-10m-d4',
    {
      ...LONG_FAT_ACCESS,
      window: 200,
      bw: 10e6,
      delay: 0.02,
      queue: 30,
      start: 0,
      stop: 4,
      sample: 0.02,
    },
    'preset=long-fat&flows=sack&bw=10000000&delay=0.02&queue=30&window=200&start=0',
  ),
  prr(
    'classic-ff-d3',
    '15,27,29',
    'SSRB',
    'the same path and drops as prr-ff-d3 with ns-3 classic recovery (RFC 6675 with cwnd = ssthresh), for contrast',
    FALL_FLOYD,
    'preset=fall-floyd',
    'classic',
  ),
  prr(
    'classic-ff-d4',
    '15,25,27,29',
    'SSRB',
    'the same path and drops as prr-ff-d4 with ns-3 classic recovery, for contrast',
    FALL_FLOYD,
    'preset=fall-floyd',
    'classic',
  ),

  // BBR v1 (TcpBbr): one flow on several paths, two flows, BBR vs CUBIC, one scripted loss.
  {
    set: 'ns3-bbr',
    name: 'bbr-10m-40ms-q100',
    about:
      'one BBR flow, 10 Mb/s, 40 ms, 100-packet queue, 25 s: STARTUP, DRAIN, PROBE_BW, PROBE_RTT twice',
    args: { ...bbrPath(10e6, 0.04, 100), flows: 'bbr', exactLoss: 0, stop: 25, sample: 0.05 },
    query: `${lf(10e6, 0.04, 100, 25)}&flows=bbr`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-5m-100ms-q50',
    about: 'one BBR flow, 5 Mb/s, 100 ms, 50-packet queue, 25 s',
    args: { ...bbrPath(5e6, 0.1, 50), flows: 'bbr', exactLoss: 0, stop: 25, sample: 0.1 },
    query: `${lf(5e6, 0.1, 50, 25)}&flows=bbr`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-5m-100ms-q150',
    about:
      'one BBR flow, 5 Mb/s, 100 ms, 150-packet queue, 25 s (no timeout, unlike bbr-5m-100ms-q50)',
    args: { ...bbrPath(5e6, 0.1, 150), flows: 'bbr', exactLoss: 0, stop: 25, sample: 0.1 },
    query: `${lf(5e6, 0.1, 150, 25)}&flows=bbr`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-50m-20ms-q100',
    about: 'one BBR flow, 50 Mb/s, 20 ms, 100-packet queue, 15 s',
    args: { ...bbrPath(50e6, 0.02, 100), flows: 'bbr', exactLoss: 0, stop: 15, sample: 0.05 },
    query: `${lf(50e6, 0.02, 100, 15)}&flows=bbr`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-10m-40ms-q10',
    about: 'one BBR flow on a shallow 10-packet queue, 10 Mb/s, 40 ms, 25 s',
    args: { ...bbrPath(10e6, 0.04, 10), flows: 'bbr', exactLoss: 0, stop: 25, sample: 0.1 },
    query: `${lf(10e6, 0.04, 10, 25)}&flows=bbr`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-10m-40ms-q300-drop',
    about:
      'one BBR flow, a queue deep enough that STARTUP loses nothing (300 packets), one scripted loss: packet 3000',
    args: {
      ...bbrPath(10e6, 0.04, 300),
      flows: 'bbr',
      exactLoss: 0,
      stop: 10,
      sample: 0.05,
      drops: '3000',
    },
    query: `${lf(10e6, 0.04, 300, 10)}&flows=bbr&drops=3000`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr2-10m-40ms-q100',
    about: 'two BBR flows, the second starting at 5 s, 10 Mb/s, 40 ms, 100-packet queue, 30 s',
    args: {
      ...bbrPath(10e6, 0.04, 100),
      flows: 'bbr,bbr',
      exactLoss: 0,
      start: '0,5',
      stop: 30,
      sample: 0.1,
      tputFrom: 10,
    },
    query: `${lf(10e6, 0.04, 100, 30)}&flows=bbr,bbr&f2.start=5`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr2-10m-40ms-q300',
    about: 'two BBR flows, the second starting at 5 s, on a 300-packet queue (no timeout), 30 s',
    args: {
      ...bbrPath(10e6, 0.04, 300),
      flows: 'bbr,bbr',
      exactLoss: 0,
      start: '0,5',
      stop: 30,
      sample: 0.1,
      tputFrom: 10,
    },
    query: `${lf(10e6, 0.04, 300, 30)}&flows=bbr,bbr&f2.start=5`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-cubic-10m-40ms-q10',
    about:
      'BBR vs CUBIC on a shallow 10-packet queue, 10 Mb/s, 40 ms, 30 s (BBR takes more than its share)',
    args: {
      ...bbrPath(10e6, 0.04, 10),
      flows: 'bbr,cubic',
      exactLoss: 0,
      stop: 30,
      sample: 0.1,
      tputFrom: 10,
    },
    query: `${lf(10e6, 0.04, 10, 30)}&flows=bbr,cubic`,
  },
  {
    set: 'ns3-bbr',
    name: 'bbr-cubic-10m-40ms-q300',
    about: 'BBR vs CUBIC on a deep 300-packet queue (3.6 BDP), 10 Mb/s, 40 ms, 30 s',
    args: {
      ...bbrPath(10e6, 0.04, 300),
      flows: 'bbr,cubic',
      exactLoss: 0,
      stop: 30,
      sample: 0.1,
      tputFrom: 10,
    },
    query: `${lf(10e6, 0.04, 300, 30)}&flows=bbr,cubic`,
  },

  // CUBIC (TcpCubic, HyStart off) with scripted drops, classic recovery and PRR.
  {
    set: 'ns3-cubic',
    name: 'cubic-10m-40ms-q100-d',
    about:
      'one CUBIC flow, 10 Mb/s, 40 ms, 100-packet queue, drops 200 and 4000, classic recovery, 15 s',
    args: {
      ...bbrPath(10e6, 0.04, 100),
      flows: 'cubic',
      stop: 15,
      sample: 0.05,
      drops: '200,4000',
    },
    query: `${lf(10e6, 0.04, 100, 15)}&flows=cubic&drops=200,4000`,
  },
  {
    set: 'ns3-cubic',
    name: 'cubic-10m-40ms-q100-d-prr',
    about: 'the same CUBIC run with TcpPrrRecovery (SSRB)',
    args: {
      ...bbrPath(10e6, 0.04, 100),
      flows: 'cubic',
      recovery: 'prr',
      stop: 15,
      sample: 0.05,
      drops: '200,4000',
    },
    query: `${lf(10e6, 0.04, 100, 15)}&flows=cubic&recovery=prr&drops=200,4000`,
  },
  {
    set: 'ns3-cubic',
    name: 'cubic-10m-40ms-q100',
    about:
      "one CUBIC flow alone on bbr-10m-40ms-q100's path, no scripted drops, 25 s: its standing queue for comparison with BBR's",
    args: { ...bbrPath(10e6, 0.04, 100), flows: 'cubic', exactLoss: 0, stop: 25, sample: 0.1 },
    query: `${lf(10e6, 0.04, 100, 25)}&flows=cubic`,
  },
  {
    set: 'ns3-cubic',
    name: 'cubic-ff-d3',
    about: 'CUBIC on the Fall & Floyd path with drops 15, 27, 29 (every event)',
    args: { ...FALL_FLOYD, flows: 'cubic', icwnd: 1, drops: '15,27,29' },
    query: 'preset=fall-floyd&sender=cubic&icwnd=1&handshake=1&stop=8&drops=15,27,29',
  },
];
