/**
 * Where was the capture taken? Each end answers its peer at once, so the capture point sees
 * a short gap for the loop through its own end and a long one for the loop through the far
 * end:
 * 1. handshake: SYN → SYN-ACK is the loop through the server, SYN-ACK → ACK the loop through
 *    the client; the short one names the nearby end;
 * 2. when the handshake does not decide (none captured, or gaps too alike — a LAN's stack
 *    delays are as long as its wires), timestamps (RFC 7323): the smallest delay from a TSval
 *    first seen to its echo in the other direction, for each direction's values; queueing on
 *    the path shows up in the loop through the far end only.
 * One loop at least 4 times the other decides; otherwise the capture is 'middle'.
 */
import type { Normalised } from './columns';
import type { CaptureSide } from './types';

const SYN = 0x02;
const ACK = 0x10;
const RATIO = 4;

export interface SideFinding {
  side: CaptureSide;
  evidence: string;
  /** SYN → ACK of the SYN-ACK at the capture point, seconds; null without a handshake. */
  handshakeRtt: number | null;
  /** The handshake's loop through the data sender (capture point → sender → capture point:
   * SYN-ACK → ACK when the client sends the data, SYN → SYN-ACK when the server does),
   * seconds; null without a handshake. */
  senderLoop: number | null;
}

const ms = (s: number) => `${(s * 1000).toFixed(3)} ms`;

function decide(senderLoop: number, receiverLoop: number): CaptureSide {
  if (receiverLoop > RATIO * senderLoop) return 'sender';
  if (senderLoop > RATIO * receiverLoop) return 'receiver';
  return 'middle';
}

export function captureSide(p: Normalised): SideFinding {
  const hs = handshake(p);
  let hsSide: CaptureSide = 'unknown';
  let hsText = 'no handshake in the capture';
  if (hs) {
    const [synToSynAck, synAckToAck, clientIsSender] = hs;
    // SYN → SYN-ACK loops through the server, SYN-ACK → ACK through the client.
    const viaReceiver = clientIsSender ? synToSynAck : synAckToAck;
    const viaSender = clientIsSender ? synAckToAck : synToSynAck;
    hsSide = decide(viaSender, viaReceiver);
    hsText =
      `handshake: SYN → SYN-ACK ${ms(synToSynAck)}, SYN-ACK → ACK ${ms(synAckToAck)}, ` +
      `the ${clientIsSender ? 'client' : 'server'} sends the data`;
  }
  const handshakeRtt = hs ? hs[0] + hs[1] : null;
  const senderLoop = hs ? (hs[2] ? hs[1] : hs[0]) : null;
  if (hsSide === 'sender' || hsSide === 'receiver')
    return {
      side: hsSide,
      handshakeRtt,
      senderLoop,
      evidence: `${hsText}: the loop through the ${hsSide} is the short one`,
    };
  if (p.hasTs) {
    const viaReceiver = echoDelay(p, 0);
    const viaSender = echoDelay(p, 1);
    if (Number.isFinite(viaReceiver) && Number.isFinite(viaSender)) {
      const side = decide(viaSender, viaReceiver);
      return {
        side,
        handshakeRtt,
        senderLoop,
        evidence:
          `${hsText}${hs ? ` (neither gap ${RATIO}× the other)` : ''}; timestamps: the sender's ` +
          `TSval comes back echoed after ${ms(viaReceiver)} (median), the receiver's after ` +
          `${ms(viaSender)}` +
          (side === 'middle'
            ? `: neither ${RATIO}× the other`
            : `: the loop through the ${side} is the short one`),
      };
    }
  }
  return {
    side: hs ? 'middle' : 'unknown',
    handshakeRtt,
    senderLoop,
    evidence: hs
      ? `${hsText}: neither gap ${RATIO}× the other`
      : 'no handshake and no timestamps in the capture',
  };
}

/** [SYN → SYN-ACK, SYN-ACK → ACK, client is the sender] or null. */
function handshake(p: Normalised): [number, number, boolean] | null {
  let syn = -1;
  let synAck = -1;
  for (let i = 0; i < p.n; i++) {
    const f = p.flags[i]!;
    if ((f & (SYN | ACK)) === SYN) {
      syn = i;
      synAck = -1;
    } else if ((f & (SYN | ACK)) === (SYN | ACK) && syn >= 0 && p.dir[i] !== p.dir[syn]) {
      synAck = i;
    } else if (synAck >= 0 && p.dir[i] === p.dir[syn] && f & ACK) {
      return [p.time[synAck]! - p.time[syn]!, p.time[i]! - p.time[synAck]!, p.dir[syn] === 0];
    }
  }
  return null;
}

/** Median over the TSvals sent in direction `d` of the delay from a value's first sight to its
 * first echo by the other direction, seconds (Infinity without such a pair). */
function echoDelay(p: Normalised, d: number): number {
  const first = new Map<number, number>();
  const delays: number[] = [];
  for (let i = 0; i < p.n; i++) {
    if (p.dir[i] === d) {
      if (!first.has(p.tsVal[i]!)) first.set(p.tsVal[i]!, p.time[i]!);
    } else {
      const t0 = first.get(p.tsEcr[i]!);
      if (t0 !== undefined && t0 >= 0) {
        delays.push(p.time[i]! - t0);
        first.set(p.tsEcr[i]!, -1);
      }
    }
  }
  if (delays.length === 0) return Infinity;
  delays.sort((x, y) => x - y);
  return delays[delays.length >> 1]!;
}
