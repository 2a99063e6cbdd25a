/**
 * An 802.11 cell as an inline SimConfig for the engine's wifi tests: `n` stations S1…Sn, each
 * sending saturated UDP (CBR far above the cell's capacity) to the access point AP, in one cell.
 */
import type { FlowConfig, SimConfig, WifiCellConfig } from '../../../../src/engine';

export interface CellOptions {
  n: number;
  /** UDP payload, bytes (IP packet = payload + 28). */
  payloadBytes?: number;
  phy?: 'b' | 'g';
  rtsThresholdBytes?: number;
  frameErrorRate?: number;
  /**
   * Packets per second each station offers. Default three times a station's share of what the
   * cell carries at 1000-byte payloads (about 720 packets a second on 802.11b, 2700 on
   * 802.11g): 2160 / n and 8100 / n, so every queue stays full without a flood of overflow
   * drops to simulate.
   */
  pps?: number;
  stopS?: number;
  seed?: number;
  queueLimit?: number;
}

export function udpFlow(
  id: number,
  src: string,
  dst: string,
  payload: number,
  pps: number,
): FlowConfig {
  return {
    id,
    sender: 'udp',
    src,
    dst,
    startS: 0,
    app: { kind: 'cbr', pps },
    mssBytes: payload,
    headerBytes: 28,
    windowPkts: 1,
    initialCwndPkts: 1,
    maxburst: 0,
    bugfix: true,
    dupackThreshold: 3,
    delayedAck: false,
    handshake: false,
    firstPacketWithoutHeader: false,
    minRtoS: 1,
    tickS: 0.01,
    initialRtoS: 3,
  };
}

export function saturatedCell(o: CellOptions): SimConfig {
  const stations = Array.from({ length: o.n }, (_, i) => `S${i + 1}`);
  const payload = o.payloadBytes ?? 1000;
  const cell: WifiCellConfig = {
    kind: 'wifi',
    phy: o.phy ?? 'b',
    nodes: ['AP', ...stations],
    ap: 'AP',
    queueLimit: o.queueLimit ?? 50,
    ...(o.rtsThresholdBytes !== undefined ? { rtsThresholdBytes: o.rtsThresholdBytes } : {}),
    ...(o.frameErrorRate !== undefined ? { frameErrorRate: o.frameErrorRate } : {}),
  };
  return {
    nodes: ['AP', ...stations],
    links: [],
    media: [cell],
    flows: stations.map((s, i) =>
      udpFlow(i, s, 'AP', payload, o.pps ?? (o.phy === 'g' ? 8100 : 2160) / o.n),
    ),
    losses: [],
    stopS: o.stopS ?? 10,
    router: 'S1',
    bottleneck: { from: 'S1', to: 'AP' },
    seed: o.seed ?? 1,
  };
}

/** Sum of every flow's delivered payload over the run, bit/s. */
export function cellThroughputBps(t: {
  flowStats: { deliveredBytes: number }[];
  stopS: number;
}): number {
  return (8 * t.flowStats.reduce((s, f) => s + f.deliveredBytes, 0)) / t.stopS;
}

/**
 * The per-packet MAC service times of a saturated cell, seconds: the time between two
 * consecutive deliveries of one station's packets at the AP (what the ns-3 fixtures measure),
 * from `fromS` on, all stations together.
 */
export function serviceTimes(
  t: {
    packets: { length: number; time: Float64Array; kind: Uint8Array; uid: Int32Array };
    transmissions: { flow: Uint16Array };
  },
  deliverKind: number,
  fromS: number,
): number[] {
  const last = new Map<number, number>();
  const out: number[] = [];
  const p = t.packets;
  for (let i = 0; i < p.length; i++) {
    if (p.kind[i] !== deliverKind || p.time[i]! < fromS) continue;
    const flow = t.transmissions.flow[p.uid[i]!]!;
    const prev = last.get(flow);
    if (prev !== undefined) out.push(p.time[i]! - prev);
    last.set(flow, p.time[i]!);
  }
  return out;
}

/** The q-quantile of `v` (linear interpolation, as the ns-3 oracle's). */
export function quantile(v: readonly number[], q: number): number {
  const s = [...v].sort((a, b) => a - b);
  const pos = q * (s.length - 1);
  const i = Math.floor(pos);
  const f = pos - i;
  return i + 1 < s.length ? s[i]! * (1 - f) + s[i + 1]! * f : s[i]!;
}
