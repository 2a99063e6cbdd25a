import type { SourceContext } from './context';
import type { AppSource } from './source';
import type { FileApp } from './types';

/**
 * One finite transfer: ⌈bytes / mssBytes⌉ packets offered at the flow's start (ns-2 `$ftp send
 * bytes` → TcpAgent::sendmsg, which rounds up to whole packets the same way; SctpAgent::sendmsg
 * makes the last chunk shorter, payload.ts appPacketBytes), nothing after. finished() is true
 * from the start, so the transport closes (TCP FIN, SCTP SHUTDOWN) once all of it is
 * acknowledged. offeredBytes() is the file's size in bytes, not whole packets.
 * @throws Error when bytes is not a positive integer, or the flow's mssBytes is not positive.
 */
export function fileSource(app: FileApp, ctx: SourceContext): AppSource {
  const flow = ctx.flow.id + 1;
  if (!Number.isInteger(app.bytes) || app.bytes <= 0) {
    throw new Error(
      `flow ${flow}: a file transfer needs a positive whole number of bytes, got ${app.bytes}`,
    );
  }
  if (!(ctx.flow.mssBytes > 0)) throw new Error(`flow ${flow}: mssBytes must be positive`);
  const packets = Math.ceil(app.bytes / ctx.flow.mssBytes);
  let started = false;
  return {
    offered: () => (started ? packets : 0),
    finished: () => started,
    start: () => {
      started = true;
    },
    drained: () => {},
    offeredBytes: () => (started ? app.bytes : 0),
  };
}
