/**
 * Episodes (src/trace/episodes.ts) on the Fall & Floyd runs: every significant reason
 * code has a role; the episodes of each sender on three drops, at exact times; every data drop
 * lies inside an episode of its flow; the stops are sorted, unique and one per time.
 */
import { describe, expect, it } from 'vitest';
import {
  PacketEventKind,
  PacketType,
  reason,
  reasonCodes,
  run,
  TCP_SENDERS,
  type SenderId,
  type Trace,
} from '../../src/engine';
import { EPISODE_ROLES, episodes, episodeStops, type Episode } from '../../src/trace/episodes';
import { fallFloyd, fallFloydTrace } from './fixtures';

const at = (t: Trace, e: number) => (t.packets.time[e] as number).toFixed(4);
const list = (t: Trace) =>
  episodes(t).map((ep) => `${ep.kind} ${at(t, ep.start)}–${at(t, ep.end)}`);

/** Every data drop of a flow that takes decisions lies in one of its episodes. */
function dropsCovered(t: Trace, eps: Episode[]): void {
  const P = t.packets;
  const X = t.transmissions;
  for (let i = 0; i < P.length; i++) {
    if (P.kind[i] !== PacketEventKind.drop) continue;
    const u = P.uid[i]!;
    if (X.type[u] !== PacketType.data) continue;
    const f = X.flow[u]!;
    const inside = eps.some(
      (ep) =>
        (ep.kind === 'loss' || ep.kind === 'timeout') &&
        ep.flow === f &&
        ep.start <= i &&
        i <= ep.end,
    );
    expect(inside, `drop of ${X.packet[u]} at ${at(t, i)}`).toBe(true);
  }
}

describe('episodes', () => {
  it('every significant reason code (and every exit from recovery) has a role', () => {
    fallFloydTrace('reno', [15]); // the variants register their codes when the engine runs
    const missing = reasonCodes().filter(
      (c) => reason(c).significant && EPISODE_ROLES[c] === undefined,
    );
    expect(missing).toEqual([]);
    for (const c of reasonCodes().filter((x) => /exit-recovery$/.test(x)))
      expect(EPISODE_ROLES[c], c).toBe('exit');
    for (const c of reasonCodes().filter((x) => /\.rto$/.test(x)))
      expect(EPISODE_ROLES[c], c).toBe('timeout');
  });

  it('three drops (15, 27, 29): one loss episode from the drop of 15 to the end of recovery; Reno then times out', () => {
    const want: Partial<Record<SenderId, string[]>> = {
      // Tahoe has no fast recovery: the episode ends at its fast retransmit.
      tahoe: ['loss 1.6685–2.0798'],
      reno: ['loss 1.6685–2.2916', 'timeout 3.2916–3.5035'],
      newreno: ['loss 1.6685–2.7154'],
      sack: ['loss 1.6685–2.5662'],
      fack: ['loss 1.6685–2.5662'],
      cubic: ['loss 1.6685–2.5350'],
      // Original SCTP: no fast recovery, one cut per loss, each its own episode.
      'sctp-2960': ['loss 1.6692–2.0807', 'loss 2.2824–2.2824', 'loss 2.3655–2.3655'],
      'sctp-newreno': ['loss 1.6692–2.5152'],
      'sctp-4960': ['loss 1.6692–2.5152'],
    };
    for (const [sender, eps] of Object.entries(want))
      expect(list(fallFloydTrace(sender as SenderId, [15, 27, 29])), sender).toEqual(eps);
  });

  it('every data drop lies in an episode of its flow; stops are sorted, unique, one per time', () => {
    for (const sender of [...TCP_SENDERS, 'sctp-2960', 'sctp-newreno', 'sctp-4960'] as SenderId[])
      for (const drops of [[], [15], [15, 29], [15, 27, 29], [15, 23, 25, 27, 29]]) {
        const t = fallFloydTrace(sender, drops);
        const eps = episodes(t);
        dropsCovered(t, eps);
        const stops = [...episodeStops(t)];
        for (let k = 1; k < stops.length; k++) {
          expect(stops[k]!).toBeGreaterThan(stops[k - 1]!);
          expect(t.packets.time[stops[k]!]).toBeGreaterThan(t.packets.time[stops[k - 1]!]!);
        }
        // Each stop starts an episode; each episode's start time has a stop.
        const starts = new Set(eps.map((ep) => at(t, ep.start)));
        expect(new Set(stops.map((e) => at(t, e)))).toEqual(starts);
      }
  });

  it('no drops and no losses: no episodes', () => {
    // A window of 4 packets: slow start never overflows R1's 8-packet queue.
    expect(episodes(run(fallFloyd('reno', [], 6, { windowPkts: 4 })))).toEqual([]);
  });
});
