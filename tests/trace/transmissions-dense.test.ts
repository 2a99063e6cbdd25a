/**
 * Trace.transmissions has one row per transmission, indexed by uid with no holes (trace/types.ts,
 * transmissions.ts): every uid below its length belongs to a packet that was sent, so every row
 * has at least one packet event. Found by the scenario fuzz: with delayed ACKs (delack=1) 214 of
 * 1,600 random scenarios had empty rows — an ACK held for the delayed-ACK timer took a uid and
 * was then replaced by the next packet's ACK without being sent.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../src/scenarios';

/** The uids below transmissions.length that no packet event names. */
function emptyRows(q: string): number[] {
  const p = parseScenarioQuery(q);
  if (!p.ok) throw new Error(`${q}: ${JSON.stringify(p.errors)}`);
  const t = run(buildSimConfig(p.scenario));
  const used = new Uint8Array(t.transmissions.length);
  for (let i = 0; i < t.packets.length; i++) used[t.packets.uid[i]!] = 1;
  const out: number[] = [];
  for (let u = 0; u < used.length; u++) if (!used[u]) out.push(u);
  return out;
}

describe('transmissions: one row per sent packet, no empty rows', () => {
  it.each([
    'preset=ff-3-drops&sender=reno&delack=1',
    'preset=ff-5-drops&sender=sack&delack=1',
    'preset=fall-floyd&flows=reno,newreno,fack&delack=1&loss=0.02&seed=4&stop=20',
    'preset=fall-floyd&sender=sack&delack=1&profile=ns2&loss=0.01&stop=30',
    'preset=fall-floyd&sender=sctp-4960&profile=ns2&loss=0.02&stop=20',
    'preset=mobile-multihomed-cmt&stop=10',
    'preset=fall-floyd&flows=reno,udp&f2.app=cbr&f2.pps=50&delack=1&stop=10',
  ])('%s', (q) => {
    expect(emptyRows(q)).toEqual([]);
  });
});
