/**
 * A multi-homed SCTP association laid over a real trace for the UI tests: the Fall & Floyd run
 * (flow 0) given two paths, S1→K1 (primary) and S1→K1b, and a hand-written table of path events
 * — HEARTBEATs on the idle alternate, six T3-rtx expiries on the primary, inactive, failover,
 * recovery and the return to the primary — with some packets marked as sent on path 1. The
 * numbers are chosen by hand; the tests check what the UI reads from them.
 */
import type { Trace } from '../../../src/engine';
import {
  PathEvent,
  PathEventTable,
  type PathEventRow,
} from '../../../src/engine/trace/path-events';
import { PacketPathTable } from '../../../src/engine/trace/packet-paths';
import { renoThreeDrops } from '../panels/fixtures';

/** [time, path, event, state, cwnd, ssthresh, rto, errorCount] */
type Row = [number, number, keyof typeof PathEvent, 0 | 1, number, number, number, number];

export const PATH_ROWS: Row[] = [
  [0.0, 0, 'change', 0, 3000, 64000, 3, 0],
  [0.0, 1, 'change', 0, 3000, 64000, 3, 0],
  [0.5, 1, 'heartbeat', 0, 3000, 64000, 3, 0],
  [0.6, 1, 'heartbeat-ack', 0, 3000, 64000, 1, 0],
  [1.0, 0, 'change', 0, 6000, 64000, 1, 0],
  [1.5, 0, 't3-expiry', 0, 1000, 3000, 2, 1],
  [1.7, 0, 't3-expiry', 0, 1000, 1500, 4, 2],
  [1.9, 0, 't3-expiry', 0, 1000, 1500, 8, 3],
  [2.1, 0, 't3-expiry', 0, 1000, 1500, 16, 4],
  [2.3, 0, 't3-expiry', 0, 1000, 1500, 32, 5],
  [2.5, 0, 't3-expiry', 0, 1000, 1500, 60, 6],
  [2.5, 0, 'inactive', 1, 1000, 1500, 60, 6],
  [2.5, 0, 'failover', 1, 1000, 1500, 60, 6],
  [2.8, 1, 'change', 0, 4000, 64000, 1, 0],
  [4.0, 0, 'heartbeat', 1, 1000, 1500, 60, 6],
  [4.2, 0, 'heartbeat-ack', 0, 1000, 1500, 1, 0],
  [4.2, 0, 'recovered', 0, 1000, 1500, 1, 0],
  [4.2, 0, 'primary', 0, 1000, 1500, 1, 0],
];

/** uids sent on path 1 (the alternate). */
export const PATH1_UIDS = new Set<number>();

/** The Fall & Floyd trace with flow 0 multi-homed over two paths. */
export function multiHomedTrace(): Trace {
  const base = renoThreeDrops();
  const table = new PathEventTable();
  for (const [time, path, ev, state, cwnd, ssthresh, rto, errorCount] of PATH_ROWS) {
    const r: PathEventRow = {
      time,
      flow: 0,
      path,
      event: PathEvent[ev],
      state,
      cwnd,
      ssthresh,
      rto,
      errorCount,
    };
    table.add(r);
  }
  // Data packets sent between 2.5 s and 4.2 s went on path 1, the others on path 0.
  const pp = new PacketPathTable();
  const P = base.packets;
  const seen = new Set<number>();
  for (let i = 0; i < P.length; i++) {
    const uid = P.uid[i]!;
    if (seen.has(uid)) continue;
    seen.add(uid);
    const p = P.time[i]! >= 2.5 && P.time[i]! < 4.2 ? 1 : 0;
    if (p === 1) PATH1_UIDS.add(uid);
    pp.add(uid, p);
  }
  return {
    ...base,
    flows: base.flows.map((f) => ({
      ...f,
      paths: [
        { src: 'S1', dst: 'K1' },
        { src: 'S1', dst: 'K1b' },
      ],
    })),
    pathEvents: table.columns(),
    packetPaths: pp.columns(),
  };
}
