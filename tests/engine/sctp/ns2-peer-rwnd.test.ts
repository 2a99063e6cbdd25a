/**
 * The sender's view of the peer's receiver window against ns-2.35's, after every packet that
 * reaches the sender, in every ns-2 SCTP fixture run (tests/fixtures/ns2-sctp/manifest.json).
 *
 * ns-2 (sctp.cc) keeps uiPeerRwnd, bytes: the a_rwnd of the INIT-ACK, less each chunk's length
 * as it is sent (GenOneDataChunk, RFC 4960 §6.2.1 B), plus each chunk marked for
 * retransmission (MarkChunkForRtx, §6.2.1 C1), less it again when retransmitted
 * (RtxMarkedChunks), and after a SACK's retransmissions a_rwnd − total outstanding bytes
 * (ProcessSackChunk, §6.2.1 D ii), floored at 0; then SendMuch sends new chunks while one fits.
 * The engine's SctpSender.peerRwnd must equal the peerRwnd of ns-2's TraceAll line after the
 * same SACK (its last vars row at or before that instant), including while the receiver holds
 * out-of-order chunks during and after recovery. The trace does not carry peerRwnd, so the test
 * reads it from the sender after each receive().
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { run } from '../../../src/engine';
import { SctpSender } from '../../../src/engine/sctp/sender';
import {
  loadSctpManifest,
  readNs2Vars,
  sctpConfigFor,
  type Ns2SctpParams,
  type Ns2SctpRun,
} from '../../helpers/ns2-sctp';

const manifest = loadSctpManifest();
const stopOf = (r: Ns2SctpRun) =>
  (r.params as Ns2SctpParams & { stopS?: number }).stopS ?? manifest.stopS;

/** [time, peerRwnd bytes] after every packet the run's SCTP sender received. */
function peerRwndAfterEachPacket(r: Ns2SctpRun): Array<[number, number]> {
  const seen: Array<[number, number]> = [];
  const receive = SctpSender.prototype.receive;
  vi.spyOn(SctpSender.prototype, 'receive').mockImplementation(function (
    this: SctpSender,
    ...args: Parameters<SctpSender['receive']>
  ) {
    receive.apply(this, args);
    seen.push([this.sched.now, this.peerRwnd]);
  });
  run(sctpConfigFor(r, r.params.sender, stopOf(r)));
  return seen;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the peer's rwnd as the sender tracks it (RFC 4960 §6.2.1) equals ns-2.35's", () => {
  it.each(manifest.runs.map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const stopS = stopOf(r);
    const vars = readNs2Vars(r.name);
    const ours = peerRwndAfterEachPacket(r).filter(([t]) => t < stopS);
    expect(ours.length).toBeGreaterThan(20);
    let k = 0;
    for (const [t, rwnd] of ours) {
      while (k + 1 < vars.length && vars[k + 1]!.time <= t) k++;
      if (rwnd !== vars[k]!.peerRwnd)
        expect.fail(`after the packet at ${t}: engine peerRwnd ${rwnd}, ns-2 ${vars[k]!.peerRwnd}`);
    }
  });

  it('binds in the rwnd runs: the engine sees the window closed (< one chunk) after some SACK', () => {
    for (const r of manifest.runs.filter((x) => x.set === 'rwnd' || x.set === 'rwnd-grid')) {
      const chunk = r.params.chunkBytes;
      const closed = peerRwndAfterEachPacket(r).some(([, w]) => w < chunk);
      expect(closed, r.name).toBe(true);
      vi.restoreAllMocks();
    }
  });
});
