/**
 * The grid the run-cost estimate (src/scenarios/cost.ts) is held to: N-flow dumbbells from 1 to
 * 128 flows — several bandwidths, delays, queues and stops, every TCP variant and SCTP sender,
 * UDP and paced applications, the stack profiles, random loss — on the Fall & Floyd network and
 * the other dumbbell topologies. Each point is a scenario link; tests/scenarios/cost-grid.test.ts
 * runs the unit tier (`COST_GRID`, about 10 M packet events in all) and bench/cost-table.ts prints
 * the ratio table of it and of the long tier (`COST_GRID_LONG`: every combination, long runs,
 * the regimes where the bound is loose).
 */
const TCP = ['reno', 'newreno', 'sack', 'fack', 'tahoe', 'cubic'] as const;
const SCTP = ['sctp-2960', 'sctp-newreno', 'sctp-4960'] as const;
/** Every TCP variant and SCTP sender, in the order the grid rotates through them. */
export const GRID_SENDERS: readonly string[] = [...TCP, ...SCTP];

/** Flow counts of the grid. */
export const GRID_FLOWS: readonly number[] = [1, 2, 3, 5, 8, 16, 32, 64, 128];

/** Networks of the Fall & Floyd dumbbell: bottleneck bandwidth, delay, queue, and a stop. */
export const GRID_NETS: readonly string[] = [
  'bw=8e5&delay=0.1&queue=8&stop=100',
  'bw=8e6&delay=0.01&queue=100&stop=20',
  'bw=8e6&delay=0.05&queue=50&stop=30',
  'bw=2e6&delay=0.02&queue=25&stop=100',
  'bw=3e7&delay=0.005&queue=200&stop=8',
  'bw=2e5&delay=0.2&queue=20&stop=300',
];

/** Paced applications, with their keys. */
export const GRID_APPS: readonly string[] = [
  'cbr&pps=30',
  'cbr&pps=300',
  'onoff',
  'voip',
  'ftp-clients&think=2',
  'file&bytes=50000',
];

/** The senders taken in turn, so every count meets every sender across the grid. */
function rotation(): () => string {
  let k = 0;
  return () => GRID_SENDERS[k++ % GRID_SENDERS.length]!;
}

/**
 * The unit tier: every flow count on two of the networks (rotating), every topology at three
 * counts, UDP and TCP/SCTP under each application at three counts, TCP beside UDP, the ns2 and
 * rfc profiles with and without delayed ACKs, 0.3 % and 1 % random loss. Runs long enough that
 * the first slow start is a small part of them (how a sender recovers from it is what a bound
 * cannot know: COST_GRID_LONG), and about 10 M packet events in all (16 s on one core).
 */
export const COST_GRID: readonly string[] = (() => {
  const next = rotation();
  const out: string[] = [];
  GRID_FLOWS.forEach((n, i) => {
    for (let j = 0; j < 2; j++) {
      const net = GRID_NETS[(i + 3 * j) % GRID_NETS.length]!;
      out.push(`preset=fall-floyd&flows=${n}*${next()}&${net}&window=${n === 1 ? 1000 : 200}`);
    }
  });
  for (const topo of ['satellite-dumbbell', 'geo-shared', 'vicuna-wired', 'long-fat']) {
    for (const n of [2, 16, 128]) {
      out.push(`preset=${topo}&flows=${n}*${next()}&stop=${topo === 'long-fat' ? 20 : 100}`);
    }
  }
  for (const n of [1, 8, 128]) {
    for (const app of GRID_APPS) {
      // (many UDP sources of 300 packets a second: 0.6 M packet events in a minute with 8, 9 M
      // with 128; 128 of 30 a second: 0.9 M)
      if (!(n > 1 && app === 'cbr&pps=300') && !(n === 128 && app.startsWith('cbr'))) {
        out.push(`preset=fall-floyd&flows=${n}*udp&app=${app}&stop=60`);
      }
      // (128 file transfers through 800 kb/s time out for most of a minute: COST_GRID_LONG)
      if (!(n === 128 && app.startsWith('file'))) {
        out.push(`preset=fall-floyd&flows=${n}*${next()}&app=${app}&stop=60`);
      }
    }
  }
  for (const n of [2, 8, 32]) {
    out.push(`preset=fall-floyd&flows=${n / 2}*${next()},${n / 2}*udp&app=cbr&pps=20&stop=100`);
  }
  for (const n of [1, 16]) {
    for (const profile of ['ns2', 'rfc']) {
      for (const delack of [0, 1]) {
        out.push(
          `preset=fall-floyd&flows=${n}*${next()}&profile=${profile}&delack=${delack}&stop=100`,
        );
      }
    }
  }
  for (const n of [8, 64]) {
    for (const loss of [0.003, 0.01]) {
      out.push(`preset=fall-floyd&flows=${n}*${next()}&loss=${loss}&bw=2e6&window=200&stop=100`);
      out.push(`preset=satellite-dumbbell&flows=${n}*${next()}&loss=${loss}&stop=100`);
    }
  }
  return out;
})();

/**
 * The long tier (bench/cost-table.ts): every flow count × network × sender on the Fall & Floyd
 * dumbbell, the four other dumbbells at every count, 0.03–10 % random loss on one flow, and the
 * regimes where the bound is known to be loose: short runs of a large bandwidth-delay product
 * (how a sender recovers from its first slow start decides them), queues of two packets, 128
 * finite transfers through one slow link.
 */
export const COST_GRID_LONG: readonly string[] = (() => {
  const out: string[] = [];
  for (const n of GRID_FLOWS) {
    for (const net of GRID_NETS) {
      for (const s of GRID_SENDERS) {
        out.push(`preset=fall-floyd&flows=${n}*${s}&${net}&window=${n === 1 ? 1000 : 200}`);
      }
    }
  }
  for (const topo of ['satellite-dumbbell', 'geo-shared', 'vicuna-wired', 'long-fat']) {
    for (const n of GRID_FLOWS) {
      for (const s of GRID_SENDERS) {
        out.push(`preset=${topo}&flows=${n}*${s}&stop=${topo === 'long-fat' ? 20 : 100}`);
      }
    }
  }
  for (const p of [0.0003, 0.001, 0.003, 0.01, 0.03, 0.1]) {
    for (const delay of [0.005, 0.05, 0.25]) {
      for (const s of GRID_SENDERS) {
        // about 60 000 packets at the loss-limited rate
        const stop = Math.round(
          Math.min(300, Math.max(20, 30000 * (4 * delay + 0.004) * Math.sqrt(p))),
        );
        out.push(
          `preset=long-fat&flows=1*${s}&bw=1e9&delay=${delay}&queue=1000&window=10000&loss=${p}&stop=${stop}`,
        );
      }
    }
  }
  for (const s of GRID_SENDERS) {
    out.push(`preset=fall-floyd&flows=1*${s}&bw=1e8&delay=0.1&queue=100&stop=5&window=1000`);
    out.push(`preset=fall-floyd&flows=64*${s}&bw=1e8&delay=0.1&queue=100&stop=5&window=100`);
    out.push(`preset=long-fat&flows=1*${s}&bw=8e5&delay=0.001&queue=2&window=28&stop=300`);
    out.push(`preset=fall-floyd&flows=128*${s}&app=file&bytes=50000&stop=60`);
  }
  return out;
})();
