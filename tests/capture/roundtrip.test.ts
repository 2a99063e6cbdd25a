/**
 * The project's own pcap export read back (the long tier, tests/tables/capture-roundtrip,
 * runs every preset with TCP flows): the counts the capture analysis finds are the run's own.
 */
import { describe, expect, it } from 'vitest';
import { roundTrip } from './roundtrip-helpers';

describe('export → import gives the run its own counts', () => {
  it.each([
    ['preset=ff-3-drops', 4, 17, 1, 1],
    ['preset=ff-5-drops', 9, 16, 1, 1],
    ['preset=ff-3-drops&sender=sack', 3, 17, 1, 0],
    ['preset=prr-vs-reno', 4, 20, 1, 1],
    ['preset=alamgir-fig8', 1, 7, 1, 0],
    ['preset=hol-streams', 1, 20, 1, 0],
  ])(
    '%s: retransmissions, duplicate ACKs, fast retransmits, timeouts',
    (q, retx, dup, fast, rto) => {
      const [f] = roundTrip(q);
      expect(f!.retransmissions).toEqual([retx, retx]);
      expect(f!.duplicateAcks).toEqual([dup, dup]);
      expect(f!.fastRetransmits).toEqual([fast, fast]);
      expect(f!.timeouts).toEqual([rto, rto]);
    },
  );
});
