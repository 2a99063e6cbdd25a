import { describe, expect, it } from 'vitest';
import { afterVector, run } from '../../src/engine';
import { transferableCopy } from '../../src/ui/worker/runScenario';
import { fallFloydConfig } from '../helpers/fall-floyd';

describe('transferableCopy (worker → page)', () => {
  it('copies every typed-array column of packets, transmissions, ackBlocks, decisions and samples and lists their buffers for transfer', () => {
    const t = run(fallFloydConfig('sack', [15, 27, 29]));
    const { trace, buffers } = transferableCopy(t);
    // 7 packet-event columns + 7 transmission columns + 3 ACK-block columns (uid, first, last)
    // + 19 decision columns (16, 4 of them the sparse after-vectors, + the note columns noteRow,
    // noteCode, noteValue) + 4 sample columns, and the sparse tables (empty here, transferred all the same): 2 control columns (uid, label), 11
    // path-event columns (9 + the note columns note, noteValue), 6 delivery columns, 2
    // packet-path columns (uid, path).
    expect(buffers.length).toBe(7 + 7 + 3 + 19 + 4 + 2 + 11 + 6 + 2);
    expect(Array.from(trace.decisions.noteRow)).toEqual(Array.from(t.decisions.noteRow));
    expect(Array.from(trace.decisions.afterList)).toEqual(Array.from(t.decisions.afterList));
    expect(afterVector(trace.decisions, 40)).toEqual(afterVector(t.decisions, 40));
    expect(trace.decisions.codes).toEqual(t.decisions.codes);
    expect(Array.from(trace.samples.cwndBytes)).toEqual(Array.from(t.samples.cwndBytes));
    // Exactly the rows recorded, not the recorder's spare capacity.
    expect(trace.decisions.afterMask.buffer.byteLength).toBe(t.decisions.length * 2);
    expect(trace.decisions.afterList.buffer.byteLength).toBe(
      t.decisions.afterStart[t.decisions.length]! * 8,
    );
    expect(trace.transmissions.size.buffer.byteLength).toBe(t.transmissions.length * 2);
    expect(Array.from(trace.transmissions.packet)).toEqual(Array.from(t.transmissions.packet));
    expect(trace.packets.time).not.toBe(t.packets.time);
    expect(Array.from(trace.packets.time)).toEqual(Array.from(t.packets.time));
    expect(t.ackBlocks.length).toBeGreaterThan(0);
    expect(Array.from(trace.ackBlocks.first)).toEqual(Array.from(t.ackBlocks.first));
    expect(buffers).toContain(trace.ackBlocks.uid.buffer);
    expect(buffers).not.toContain(t.packets.uid.buffer);
  });
});
