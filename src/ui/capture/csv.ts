/**
 * A captured connection's packets as CSV, for the time–sequence plot's CSV export: one row per
 * packet in capture order, `time_s` since the connection's first packet, `dir` (`data` from
 * the sender, `ack` from the receiver), relative `seq` / `end` / `ack`, payload `len`, the
 * receive window `win` (bytes, scaled), `inflight` after the packet (bytes) and the analysis's
 * `kinds` (the capture module's names joined by '+', as the CLI's `--out router` prints them).
 */
import { kindNames, type ConnectionAnalysis } from '../deps/capture';

export const CAPTURE_CSV_HEADER = 'time_s,dir,seq,end,len,ack,win,inflight,kinds';

export function captureCsv(a: ConnectionAnalysis): string {
  const P = a.packets;
  const lines = [CAPTURE_CSV_HEADER];
  for (let i = 0; i < P.length; i++)
    lines.push(
      `${P.time[i]},${P.dir[i] === 0 ? 'data' : 'ack'},${P.seq[i]},${P.end[i]},${P.len[i]},` +
        `${P.ack[i]},${P.win[i]},${P.inflight[i]},${kindNames(P.kind[i]!)}`,
    );
  return lines.join('\n') + '\n';
}
