/**
 * Query string → SimConfig for the CLI and the bench.
 *
 * TEMPORARY: a minimal stand-in (fall-floyd only) until src/scenarios/index.ts exports
 * parseScenarioQuery/buildSimConfig; then this file only forwards to it.
 */
import { TCP_SENDERS, type SenderId, type SimConfig } from '../engine';

export interface QueryError {
  key: string;
  message: string;
}

export type ResolvedQuery =
  { ok: true; config: SimConfig; warnings: string[] } | { ok: false; errors: QueryError[] };

export function fallFloydConfig(
  sender: SenderId,
  drops: { packet: number; transmission: number }[],
  opts: { stop?: number; loss?: number; seed?: number } = {},
): SimConfig {
  return {
    nodes: ['S1', 'R1', 'K1'],
    links: [
      { a: 'S1', b: 'R1', bandwidthBps: 8e6, delayS: 0, queueLimit: 50 },
      { a: 'R1', b: 'K1', bandwidthBps: 800e3, delayS: 0.1, queueLimit: 8 },
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
      },
    ],
    losses: [
      {
        from: 'R1',
        to: 'K1',
        drops: drops.map((d) => ({ flow: 0, ...d })),
        lossRate: opts.loss ?? 0,
        seed: opts.seed ?? 1,
      },
    ],
    stopS: opts.stop ?? 6,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}

export function resolveQuery(qs: string): ResolvedQuery {
  const params = new URLSearchParams(qs);
  const errors: QueryError[] = [];
  let sender: SenderId = 'reno';
  const drops: { packet: number; transmission: number }[] = [];
  const opts: { stop?: number; loss?: number; seed?: number } = {};
  for (const [key, value] of params) {
    if (key === 'preset') {
      if (value !== 'fall-floyd') errors.push({ key, message: `unknown preset '${value}'` });
    } else if (key === 'sender') {
      if ((TCP_SENDERS as readonly string[]).includes(value)) sender = value as SenderId;
      else errors.push({ key, message: `unknown sender '${value}'` });
    } else if (key === 'drops') {
      for (const part of value.split(',').filter(Boolean)) {
        const m = /^(\d+)(?::(\d+))?$/.exec(part);
        if (!m) errors.push({ key, message: `'${part}' is not a packet number` });
        else drops.push({ packet: Number(m[1]), transmission: Number(m[2] ?? 1) });
      }
    } else if (key === 'stop' || key === 'loss' || key === 'seed') {
      const n = Number(value);
      if (value === '' || !Number.isFinite(n))
        errors.push({ key, message: `'${value}' is not a number` });
      else opts[key] = n;
    } else {
      errors.push({ key, message: 'unknown key' });
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, config: fallFloydConfig(sender, drops, opts), warnings: [] };
}
