/**
 * Episodes (src/trace/episodes.ts) on the presets a lecture steps through by episode:
 * sctp-failover from its story window to the failover in six steps (issue 21 item 8: it took
 * 111 "next significant" presses from the start); a UDP flow's loss bursts; every data drop of
 * a multi-homed, two-flow or satellite run inside an episode of its flow.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import { episodes, episodeStops } from '../../src/trace/episodes';
import { PATH_EVENT_NAMES } from '../../src/engine/trace/path-events';
import { buildSimConfig, getPreset, scenarioFromPreset } from '../../src/scenarios';

const runOf = (id: string, extra: Record<string, unknown> = {}) =>
  run(buildSimConfig(scenarioFromPreset(id, extra)));
const at = (t: Trace, e: number) => (t.packets.time[e] as number).toFixed(4);

describe('episodes of the presets', () => {
  it('sctp-failover: from the story window’s start, six steps reach the failover at 8.559 s', () => {
    const t = runOf('sctp-failover');
    const from = getPreset('sctp-failover')!.view!.from;
    const eps = episodes(t).filter((ep) => (t.packets.time[ep.start] as number) >= from);
    expect(eps.slice(0, 7).map((ep) => `${ep.kind} ${at(t, ep.start)}`)).toEqual([
      'loss 4.7374', // queue overflow in congestion avoidance: drops of 1098 and 1130
      'link-down 5.0000', // the primary's A0–B0 fails: packets on it and queued for it are lost
      'timeout 5.3831', // T3-rtx on K0, error count 1
      'loss 5.5097', // new data still sent to K0 while it is the primary, lost on the dead link
      'timeout 6.5002', // T3-rtx on K0, error count 2
      'path 8.5588', // error count 3 > Path.Max.Retrans: K0 inactive …
      'path 8.5588', // … and new data fails over to K1
    ]);
    const stops = [...episodeStops(t)].filter((e) => (t.packets.time[e] as number) >= from);
    expect(stops.slice(0, 6).map((e) => at(t, e))).toEqual([
      '4.7374',
      '5.0000',
      '5.3831',
      '5.5097',
      '6.5002',
      '8.5588',
    ]);
    // The primary returns (recovered, then back to the primary): one step, at that time.
    const E = t.pathEvents!;
    let back = -1;
    for (let k = 0; k < E.length; k++)
      if (PATH_EVENT_NAMES[E.event[k]!] === 'recovered') back = E.time[k]!;
    expect(back).toBeGreaterThan(14);
    expect(stops.map((e) => at(t, e))).toContain(back.toFixed(4));
  });

  it('a UDP flow: one loss episode per burst of drops, until a packet of it is delivered again', () => {
    const t = runOf('dainotti-w2w-ah', { sender: 'udp' });
    const P = t.packets;
    const X = t.transmissions;
    // Bursts counted from the packet events: a drop after a delivery (or the first) starts one.
    let bursts = 0;
    let open = false;
    for (let i = 0; i < P.length; i++) {
      const u = P.uid[i]!;
      if (X.type[u] !== PacketType.data) continue;
      if (P.kind[i] === PacketEventKind.deliver) open = false;
      else if (P.kind[i] === PacketEventKind.drop) {
        if (!open) bursts++;
        open = true;
      }
    }
    expect(bursts).toBeGreaterThan(10);
    const eps = episodes(t);
    expect(eps.every((ep) => ep.kind === 'loss' && ep.flow === 0)).toBe(true);
    expect(eps.length).toBe(bursts);
  });

  it('one flow’s stops (the log’s flow filter): its own episodes only, in a two-flow run', () => {
    const t = runOf('geo-segment-8');
    const eps = episodes(t);
    for (const flow of [0, 1]) {
      const own = new Set(eps.filter((ep) => ep.flow === flow).map((ep) => ep.start));
      const stops = [...episodeStops(t, flow)];
      expect(stops.length).toBeGreaterThan(0);
      for (const e of stops) expect(own.has(e), `flow ${flow} at ${at(t, e)}`).toBe(true);
    }
    expect(episodeStops(t).length).toBe(episodeStops(t, 0).length + episodeStops(t, 1).length);
  });

  for (const id of ['sctp-failover', 'mobile-multihomed', 'hol-streams', 'geo-segment-8'])
    it(`${id}: every data drop of a flow with decisions lies inside an episode of that flow`, () => {
      const t = runOf(id);
      const eps = episodes(t);
      const decides = new Set<number>();
      for (let r = 0; r < t.decisions.length; r++) decides.add(t.decisions.flow[r]!);
      const P = t.packets;
      const X = t.transmissions;
      let drops = 0;
      for (let i = 0; i < P.length; i++) {
        const u = P.uid[i]!;
        if (P.kind[i] !== PacketEventKind.drop || X.type[u] !== PacketType.data) continue;
        const f = X.flow[u]!;
        if (!decides.has(f)) continue;
        drops++;
        const inside = eps.some(
          (ep) =>
            (ep.kind === 'loss' || ep.kind === 'timeout') &&
            ep.flow === f &&
            ep.start <= i &&
            i <= ep.end,
        );
        expect(inside, `${id}: drop at ${at(t, i)}`).toBe(true);
      }
      expect(drops).toBeGreaterThan(0);
      // No more steps than drops (a drop-by-drop level would have at least as many).
      expect(episodeStops(t).length).toBeLessThanOrEqual(drops);
    });
});
