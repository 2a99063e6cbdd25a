/**
 * "Replay in the simulator" (issue 27 item 5): an analysed connection → the query string of a
 * scenario that puts a simulated sender on a path like the captured one. Pure; the browser
 * wires it to compare mode (`compare=` is the caller's to add).
 *
 * The path is the `bufferbloat-path` preset's dumbbell (100 Mb/s, 1 ms access links each side), so
 * a capture faster than about 100 Mb/s replays at the access links' rate. From the capture:
 * - `bw`: the bottleneck rate from the ACK clock — the 75th percentile of the delivery rate
 *   over 8 successive ACKs that advance (ACK compression pushes single gaps both ways), scaled
 *   from payload to the link's bytes (mss + 40);
 * - `delay`: half the base RTT (the handshake's, else the smallest sample) less the access
 *   links' 2 ms each way;
 * - `queue`: the largest RTT − the base RTT, as packets at `bw` (at least 2);
 * - `drops`: the first-transmission packet numbers of the retransmitted segments (not the
 *   spurious ones), 1-based in units of the MSS: what was lost, as a drop list;
 * - `mss`, `window` (the largest receive window, in packets) and the transfer as `app=file`
 *   with the bytes delivered; `stop` after the capture's duration with room to finish (start 1 s + 4 × the duration + 5 s: a sender with timeouts takes longer).
 * What the capture cannot show (the sender's variant, cross traffic, delayed ACKs) is left at
 * the preset's values; `sender` is the caller's choice.
 */
import type { ConnectionAnalysis } from './types';

const HEADER = 40;
const ACCESS_ONE_WAY = 0.002;
const WINDOW = 8;

export interface ReplayOptions {
  /** Sender id for flow 1 (default 'cubic', Linux's default). */
  sender?: string;
}

export interface Replay {
  /** The scenario query string (no leading '?'). */
  query: string;
  /** What each value was estimated from, for the UI to show. */
  notes: string[];
}

/** Bottleneck delivery rate from the ACK clock, bit/s of payload; null with too few ACKs. */
export function ackClockRate(a: ConnectionAnalysis): number | null {
  const P = a.packets;
  const t: number[] = [];
  const ack: number[] = [];
  for (let i = 0; i < P.length; i++) {
    if (P.dir[i] !== 1 || !(P.flags[i]! & 0x10)) continue;
    if (ack.length && P.ack[i]! <= ack[ack.length - 1]!) continue;
    t.push(P.time[i]!);
    ack.push(P.ack[i]!);
  }
  const rates: number[] = [];
  for (let k = WINDOW; k < t.length; k++) {
    const dt = t[k]! - t[k - WINDOW]!;
    if (dt > 0) rates.push(((ack[k]! - ack[k - WINDOW]!) * 8) / dt);
  }
  if (rates.length < 4) return null;
  rates.sort((x, y) => x - y);
  return rates[Math.floor(rates.length * 0.75)]!;
}

const round = (x: number, digits: number) => Number(x.toPrecision(digits));

export function replayScenario(a: ConnectionAnalysis, options: ReplayOptions = {}): Replay {
  const s = a.summary;
  const mss = Math.min(9000, Math.max(64, s.mss));
  const notes: string[] = [];
  const payloadRate =
    ackClockRate(a) ?? (s.duration > 0 ? (s.goodput_bytes * 8) / s.duration : 1e6);
  const bw = round(Math.min(1e10, Math.max(1000, (payloadRate * (mss + HEADER)) / mss)), 4);
  notes.push(
    `bw ${bw} bit/s from the ACK clock (delivery rate over ${WINDOW} ACKs, 75th percentile)`,
  );
  const rtts = a.rtt.map((r) => r.rtt);
  const base = s.handshake_rtt ?? s.min_rtt ?? 0.1;
  const delay = round(Math.max(0, base / 2 - ACCESS_ONE_WAY), 4);
  notes.push(
    `delay ${delay} s: half the ${s.handshake_rtt !== null ? 'handshake' : 'smallest'} RTT (${(base * 1000).toFixed(3)} ms) less the access links`,
  );
  const maxRtt = rtts.reduce((m, r) => Math.max(m, r), base);
  const queue = Math.min(
    10000,
    Math.max(2, Math.ceil(((maxRtt - base) * bw) / ((mss + HEADER) * 8)) + 1),
  );
  notes.push(`queue ${queue} packets: the largest RTT less the base RTT, at bw`);
  const first = firstDataSeq(a);
  const drops = new Set<number>();
  for (const r of a.retransmissions) {
    if (r.spurious) continue;
    const p = Math.floor((r.seq - first) / mss) + 1;
    if (p >= 1 && p <= 100000) drops.add(p);
  }
  const dropList = [...drops].sort((x, y) => x - y).slice(0, 1000);
  notes.push(
    `drops: ${dropList.length} segment(s) the sender retransmitted (spurious ones left out)`,
  );
  let maxWin = 0;
  for (let i = 0; i < a.packets.length; i++)
    if (a.packets.dir[i] === 1) maxWin = Math.max(maxWin, a.packets.win[i]!);
  const window = Math.min(10000, Math.max(1, Math.floor(maxWin / mss) || 28));
  const bytes = Math.min(1e9, Math.max(1, s.goodput_bytes || s.bytes));
  const stop = Math.min(2000, Math.max(2, Math.ceil(1 + 4 * s.duration + 5)));
  const parts = [
    'preset=bufferbloat-path',
    `sender=${options.sender ?? 'cubic'}`,
    `bw=${bw}`,
    `delay=${delay}`,
    `queue=${queue}`,
    `mss=${mss}`,
    `window=${window}`,
    'app=file',
    `bytes=${bytes}`,
    `stop=${stop}`,
  ];
  if (dropList.length) parts.push(`drops=${dropList.join(',')}`);
  return { query: parts.join('&'), notes };
}

function firstDataSeq(a: ConnectionAnalysis): number {
  const P = a.packets;
  for (let i = 0; i < P.length; i++) if (P.dir[i] === 0 && P.len[i]! > 0) return P.seq[i]!;
  return 1;
}
