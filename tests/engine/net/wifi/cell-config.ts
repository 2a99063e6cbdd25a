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
  /** Packets per second each station offers. Default well above a saturated share. */
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
      udpFlow(i, s, 'AP', payload, o.pps ?? (o.phy === 'g' ? 8000 : 2000)),
    ),
    losses: [],
    stopS: o.stopS ?? 10,
    router: 'S1',
    bottleneck: { from: 'S1', to: 'AP' },
    seed: o.seed ?? 1,
  };
}
