/**
 * The `{prr.…}` placeholders of PRR's log rows (the engine's tcp/prr.ts reason codes): PRR's
 * variables behind a decision, read from Trace.prr (the engine's trace/prr-rows.ts; packets).
 * Used by explain.ts. A decision without a PRR row (a hand-made one) gets "–" for the numbers,
 * the plain ACK phrase and "sndcnt not recorded".
 *
 * {prr.recoverFS}, {prr.delivered} (DeliveredData), {prr.prrDelivered}, {prr.prrOut} (after
 * this ACK's transmissions), {prr.prrOutBefore}, {prr.pipe} (RFC 6675 pipe before them),
 * {prr.sndcnt}; {prr.ack}: the ACK with what it delivered ("3rd duplicate ACK for 13 (1 packet
 * newly SACKed)", "Partial ACK for 20 (3 packets newly acknowledged, 1 newly SACKed)",
 * "Partial ACK for 40 (20 packets newly acknowledged; the SACKed count falls by 18: packets
 * SACKed before are now covered)");
 * {prr.rule}: which rule set sndcnt, with its arithmetic in bytes (RFC 9937 §6.2). The other
 * numbers are packets (SMSS); sndcnt may be a fraction of one.
 */
import { PrrBound, prrRowOf, type Decision, type PrrColumns, type Trace } from '../engine';
import { fmtNum } from './format';

/** The placeholders this module fills (without the `prr.` prefix). */
export const PRR_PLACEHOLDERS = [
  'recoverFS',
  'delivered',
  'prrDelivered',
  'prrOut',
  'prrOutBefore',
  'pipe',
  'sndcnt',
  'ack',
  'rule',
] as const;

const plural = (n: number, what: string) => `${fmtNum(n)} ${what}${n === 1 ? '' : 's'}`;

/** "a 3rd duplicate ACK"-style phrase of the ACK and what it delivered. */
function ackPhrase(c: PrrColumns, r: number, d: Decision, dupack: () => string): string {
  const cum = c.cumAcked[r]!;
  const sacked = c.delivered[r]! - cum;
  const ack = d.trigger.kind === 'ack' ? d.trigger.cumAck : d.after.highestAck;
  if (cum > 0) {
    // DeliveredData counts the change in SACKed packets (RFC 9937 §6.2), which falls when the
    // cumulative ACK covers packets SACKed before.
    const more =
      sacked > 0
        ? `, ${fmtNum(sacked)} newly SACKed`
        : sacked < 0
          ? `; the SACKed count falls by ${fmtNum(-sacked)}: packets SACKed before are now covered`
          : '';
    return `Partial ACK for ${ack} (${plural(cum, 'packet')} newly acknowledged${more})`;
  }
  return `${dupack()} (${plural(sacked, 'packet')} newly SACKed)`;
}

/**
 * Which rule set sndcnt on this ACK, with the numbers (RFC 9937 §6.2): in bytes, the RFC's unit
 * (the engine works it out so: tcp/prr.ts), with the packets it makes.
 */
function rulePhrase(c: PrrColumns, r: number, mss: number): string {
  const d = c.prrDelivered[r]! * mss;
  const ss = Math.round(c.ssthresh[r]! * mss);
  const R = c.recoverFS[r]! * mss;
  const out = c.prrOutBefore[r]! * mss;
  const pipe = c.pipe[r]! * mss;
  const D = c.delivered[r]! * mss;
  const snd = c.sndcnt[r]! * mss;
  const pk = c.sndcnt[r]!;
  const packets =
    pk === Math.trunc(pk)
      ? `${plural(pk, 'packet')}`
      : `${fmtNum(pk)} packets: ${plural(Math.trunc(pk), 'whole packet')} may leave`;
  const forced =
    c.forced[r] === 1
      ? `, raised to one SMSS (${mss} B) to force the fast retransmit (nothing sent yet in this recovery)`
      : '';
  const n = fmtNum;
  switch (c.bound[r]) {
    case PrrBound.proportional: {
      const raw = Math.ceil((d * ss) / R) - out;
      const clamp = c.forced[r] !== 1 && raw !== snd ? `, at least 0: ${n(snd)}` : '';
      return `pipe ${n(pipe)} B > ssthresh ${n(ss)} B, so the proportional part: sndcnt = ⌈prr_delivered × ssthresh / RecoverFS⌉ − prr_out = ⌈${n(d)} × ${n(ss)} / ${n(R)}⌉ − ${n(out)} = ${n(raw)} B${clamp}${forced} (${packets})`;
    }
    case PrrBound.crb: {
      const why =
        c.cumAcked[r]! > 0
          ? `this ACK marks ${plural(c.newlyLost[r]!, 'more packet')} lost (no safeACK)`
          : 'snd.una did not advance (no safeACK)';
      return `pipe ${n(pipe)} B ≤ ssthresh ${n(ss)} B and ${why}, so PRR-CRB: sndcnt = min(ssthresh − pipe, max(prr_delivered − prr_out, DeliveredData)) = min(${n(ss - pipe)}, max(${n(d - out)}, ${n(D)})) = ${n(snd)} B${forced} (${packets})`;
    }
    case PrrBound.ssrb:
      return `pipe ${n(pipe)} B ≤ ssthresh ${n(ss)} B on a safeACK (snd.una advanced, no further loss), so PRR-SSRB: sndcnt = min(ssthresh − pipe, max(prr_delivered − prr_out, DeliveredData) + SMSS) = min(${n(ss - pipe)}, max(${n(d - out)}, ${n(D)}) + ${n(mss)}) = ${n(snd)} B${forced} (${packets})`;
    default:
      return 'sndcnt unchanged';
  }
}

/**
 * `{prr.name}` for decision `d`: its value (see the module comment without a PRR row),
 * undefined for a name this module does not know. `dupack` words a duplicate ACK as explain.ts does.
 */
export function prrPlaceholder(
  name: string,
  d: Decision,
  trace: Trace,
  dupack: () => string,
): string | undefined {
  if (!(PRR_PLACEHOLDERS as readonly string[]).includes(name)) return undefined;
  const c = trace.prr;
  const r = c ? prrRowOf(c, d.id) : -1;
  if (!c || r < 0) {
    if (name === 'ack') return dupack();
    return name === 'rule' ? 'sndcnt not recorded' : '–';
  }
  switch (name as (typeof PRR_PLACEHOLDERS)[number]) {
    case 'ack':
      return ackPhrase(c, r, d, dupack);
    case 'rule':
      return rulePhrase(c, r, trace.flows[d.flow]?.mssBytes ?? 1);
    default:
      return fmtNum(c[name as 'pipe'][r]!);
  }
}
