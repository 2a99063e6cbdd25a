/**
 * ns-2.35 as the oracle for UDP: Agent/UDP + Application/Traffic/CBR through the Fall & Floyd
 * bottleneck, alone and sharing it with one Reno or SACK flow (tests/fixtures/ns2-udp/,
 * scripts/ns2/udp.tcl). Every data event at R1 (arrival, departure, drop), every arrival at K1
 * and every TCP ACK reaching R1 must equal ns-2's, in order, at the exact double time.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  PacketEventKind as K,
  PacketType,
  run,
  type FlowConfig,
  type SimConfig,
} from '../../../src/engine';
import { fallFloydConfig } from '../../helpers/fall-floyd';
import { flowOf } from './config';

const DIR = new URL('../../fixtures/ns2-udp/', import.meta.url);

interface Case {
  name: string;
  params: {
    pps: number;
    size?: number;
    udpstart?: number;
    tcp?: 'reno' | 'sack';
    tcpstart?: number;
    stop: number;
  };
}

const manifest = JSON.parse(readFileSync(new URL('manifest.json', DIR), 'utf8')) as {
  runs: Case[];
};

function fixture(name: string): string[] {
  const text = strFromU8(gunzipSync(readFileSync(new URL(`${name}.events.csv.gz`, DIR))));
  return text.trim().split('\n').slice(1);
}

/** The case as an engine config: UDP flow 0 (mss = size − 28), TCP flow 1 as Fall & Floyd. */
function configOf(c: Case): SimConfig {
  const p = c.params;
  const base = fallFloydConfig('reno', [], { stopS: p.stop });
  const flows: FlowConfig[] = [
    flowOf(0, { kind: 'cbr', pps: p.pps }, (p.size ?? 1000) - 28, p.udpstart ?? 1),
  ];
  if (p.tcp) flows.push({ ...fallFloydConfig(p.tcp).flows[0]!, id: 1, startS: p.tcpstart ?? 1 });
  return { ...base, flows };
}

/** The engine's rows in the fixture's layout (S1 = 0, R1 = 1, K1 = 2; links 0 S1→R1, 2 R1→K1, 3 K1→R1). */
function engineRows(cfg: SimConfig): string[] {
  const t = run(cfg);
  const p = t.packets;
  const X = t.transmissions;
  const rows: string[] = [];
  const fmt = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));
  for (let i = 0; i < p.length; i++) {
    const kind = p.kind[i]!;
    const u = p.uid[i]!;
    const data = X.type[u] === PacketType.data;
    const row = (ev: string, pkt: number, cause = ''): void => {
      rows.push(`${fmt(p.time[i]!)},${ev},${X.flow[u]! + 1},${pkt},${X.size[u]},${cause}`);
    };
    if (data && kind === K.arrive && p.node[i] === 1 && p.link[i] === 0) row('ARR', X.packet[u]!);
    else if (data && kind === K.depart && p.link[i] === 2) row('DEP', X.packet[u]!);
    else if (data && kind === K.drop && p.link[i] === 2) row('DROP', X.packet[u]!, 'overflow');
    else if (data && kind === K.deliver && p.node[i] === 2) row('RCV', X.packet[u]!);
    else if (X.type[u] === PacketType.ack && kind === K.arrive && p.node[i] === 1)
      row('ACK', X.cumAck[u]!);
  }
  return rows;
}

describe('ns-2.35 UDP + CBR runs', () => {
  it('has the runs the generator lists, alone and with Reno and SACK', () => {
    expect(manifest.runs.length).toBeGreaterThanOrEqual(6);
    expect(new Set(manifest.runs.map((r) => r.params.tcp ?? 'none'))).toEqual(
      new Set(['none', 'reno', 'sack']),
    );
  });

  it.each(manifest.runs.map((r) => [r.name, r] as const))(
    '%s: every router event at the exact time',
    (_name, c) => {
      const want = fixture(c.name);
      const got = engineRows(configOf(c));
      const n = Math.max(want.length, got.length);
      for (let k = 0; k < n; k++) {
        if (want[k] !== got[k]) {
          const from = Math.max(0, k - 3);
          const ctx = Array.from({ length: Math.min(6, n - from) }, (_, j) => {
            const i = from + j;
            return `${i === k ? '>>' : '  '} ${i}  engine: ${got[i] ?? '(none)'}   ns-2: ${want[i] ?? '(none)'}`;
          }).join('\n');
          expect.fail(
            `first divergence at row ${k} of ${got.length} engine / ${want.length} ns-2 rows:\n${ctx}`,
          );
        }
      }
      expect(got.length).toBe(want.length);
    },
  );

  it('the overloaded run drops at R1 and the UDP flow keeps its rate', () => {
    const rows = fixture('udp-150pps');
    const drops = rows.filter((r) => r.includes(',DROP,')).length;
    const arr = rows.filter((r) => r.includes(',ARR,')).length;
    expect(arr).toBe(750); // 150 pps × 5 s
    expect(drops / arr).toBeGreaterThan(0.3);
  });
});
