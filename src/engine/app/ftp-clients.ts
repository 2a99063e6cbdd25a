import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { FtpClientsApp } from './types';

/** One file an FTP client asked for. */
export interface FtpFile {
  /** When it was offered to the transport, seconds. */
  readonly atS: number;
  /** Its Pareto-drawn size, bytes (rounded up to a whole byte). */
  readonly bytes: number;
  /** ⌈bytes / mssBytes⌉: the packets it adds to offered(). */
  readonly packets: number;
}

/** An FTP-clients source with its history (for tests and the explanation of a run). */
export interface FtpClientsSource extends AppSource {
  /** The files offered so far, in order. */
  readonly files: readonly FtpFile[];
}

/**
 * An FTP client (Vicuña et al. 003_… §3, after Noel and Tang): files one at a time over the
 * same connection. At the start it offers a file of Pareto size (mean meanBytes, shape `shape`:
 * RandomStream.pareto); when the transport reports the file drained (every packet acknowledged)
 * it waits an exponential think time (mean thinkS) and offers the next one; it never finishes.
 *
 * Sizes come from the flow's stream 'ftp.size', think times from 'ftp.think' (core/streams.ts,
 * index = flow id): two streams, so a size never shifts a think time, and no other flow's draws
 * change when a flow is added.
 *
 * One connection for all files: after a think time longer than the RTO the next file starts
 * under the sender's idle rule (ns-2: the retransmission timer's slow-start restart to cwnd 1;
 * RFC 5681 §4.1: the restart window), not from a fresh handshake. 003_… opens a new FTP session
 * per file instead, so each of its files starts with connection setup, the initial window and
 * the initial ssthresh (slow start to the first loss) and a fresh RTT estimate; here the
 * ssthresh and the RTT estimate learnt by earlier files carry over, and a think time shorter
 * than the RTO keeps the whole cwnd.
 * @throws Error for a non-positive mean or think time, or shape ≤ 1 (no finite mean).
 */
export function ftpClientsSource(app: FtpClientsApp, ctx: SourceContext): FtpClientsSource {
  const flow = ctx.flow.id + 1;
  if (!(app.meanBytes > 0))
    throw new Error(`flow ${flow}: ftp-clients meanBytes must be positive, got ${app.meanBytes}`);
  if (!(app.shape > 1))
    throw new Error(
      `flow ${flow}: ftp-clients shape must exceed 1 (finite mean), got ${app.shape}`,
    );
  if (!(app.thinkS > 0))
    throw new Error(`flow ${flow}: ftp-clients thinkS must be positive, got ${app.thinkS}`);
  const mss = ctx.flow.mssBytes;
  const sizes = ctx.stream('ftp.size');
  const thinks = ctx.stream('ftp.think');
  const files: FtpFile[] = [];
  let offered = 0;
  let wake: () => void = () => {};
  let thinking = false;

  const next = (): void => {
    const bytes = Math.ceil(sizes.pareto(app.meanBytes, app.shape));
    const packets = Math.max(1, Math.ceil(bytes / mss));
    files.push({ atS: ctx.sched.now, bytes, packets });
    offered += packets;
    wake();
  };

  return {
    files,
    offered: () => offered,
    finished: () => false,
    start(w) {
      wake = w;
      next();
    },
    drained() {
      if (thinking || offered === 0) return;
      thinking = true;
      ctx.sched.at(ctx.sched.now + thinks.exponential(app.thinkS), () => {
        thinking = false;
        next();
      });
    },
    offeredBytes: () => offered * mss,
  };
}
