/**
 * The Fall & Floyd setup (REFERENCE.md) as an inline SimConfig, independent of the scenario
 * presets in src/scenarios so the engine tests pin the engine alone.
 */
import { NS2_TICK_PHASE_S, type FlowConfig, type LinkConfig, type ScriptedDrop, type SenderId, type SimConfig } from '../../src/engine';

/** A scripted drop: packet number (1st transmission), "15:2" (2nd transmission of 15), or explicit. */
export type DropSpec = number | string | { packet: number; transmission?: number };

export interface FallFloydOverrides {
  /** Any flow field except identity (id, sender, src, dst). */
  flow?: Partial<Omit<FlowConfig, 'id' | 'sender' | 'src' | 'dst'>>;
  /** R1–K1 link. */
  bottleneck?: Partial<Pick<LinkConfig, 'bandwidthBps' | 'delayS' | 'queueLimit'>>;
  /** S1–R1 link. */
  access?: Partial<Pick<LinkConfig, 'bandwidthBps' | 'delayS' | 'queueLimit'>>;
  /** Bernoulli loss at the loss point R1→K1 and its seed. */
  lossRate?: number;
  seed?: number;
  stopS?: number;
}

/** Parse drop specs into ScriptedDrops of flow 0. */
export function parseDrops(drops: readonly DropSpec[]): ScriptedDrop[] {
  return drops.map((d) => {
    if (typeof d === 'number') return { flow: 0, packet: d, transmission: 1 };
    if (typeof d === 'string') {
      const m = /^\s*(\d+)\s*(?::\s*(\d+)\s*)?$/.exec(d);
      if (!m) throw new Error(`bad drop spec '${d}' (want "15" or "15:2")`);
      return { flow: 0, packet: Number(m[1]), transmission: m[2] ? Number(m[2]) : 1 };
    }
    return { flow: 0, packet: d.packet, transmission: d.transmission ?? 1 };
  });
}

/**
 * S1 –8 Mb/s, 0 s, queue 50– R1 –800 kb/s, 0.1 s, queue 8– K1; flow 0 S1→K1 from 1.0 s with
 * ns-2's Fall & Floyd settings; scripted drops in front of R1's queue towards K1; stop 6 s.
 */
export function fallFloydConfig(
  sender: SenderId,
  drops: readonly DropSpec[] = [],
  overrides: FallFloydOverrides = {},
): SimConfig {
  return {
    nodes: ['S1', 'R1', 'K1'],
    links: [
      { a: 'S1', b: 'R1', bandwidthBps: 8e6, delayS: 0, queueLimit: 50, ...overrides.access },
      { a: 'R1', b: 'K1', bandwidthBps: 800e3, delayS: 0.1, queueLimit: 8, ...overrides.bottleneck },
    ],
    flows: [
      {
        id: 0,
        sender,
        src: 'S1',
        dst: 'K1',
        startS: 1.0,
        mssBytes: 1000,
        headerBytes: 40,
        windowPkts: 28,
        initialCwndPkts: 1,
        maxburst: 0,
        bugfix: true,
        dupackThreshold: 3,
        delayedAck: false,
        handshake: false,
        firstPacketWithoutHeader: true,
        minRtoS: 1,
        tickS: 0.01,
        initialRtoS: 3,
        tickPhaseS: NS2_TICK_PHASE_S,
        ...overrides.flow,
      },
    ],
    losses: [
      {
        from: 'R1',
        to: 'K1',
        drops: parseDrops(drops),
        lossRate: overrides.lossRate ?? 0,
        seed: overrides.seed ?? 1,
      },
    ],
    stopS: overrides.stopS ?? 6,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}
