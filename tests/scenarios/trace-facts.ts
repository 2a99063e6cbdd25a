/**
 * Small readers over an engine Trace used to check the presets' "what to notice" claims:
 * they return plain strings such as "27@2.174" (packet @ time, 3 decimals) so expectations read
 * like the notice text.
 */
import { decisionsOf } from '../../src/engine';
import { PacketEventKind, type Trace } from '../../src/engine';
import { buildSimConfig, scenarioFromPreset } from '../../src/scenarios';
import { run, type SenderId } from '../../src/engine';

const cache = new Map<string, Trace>();

/** Run a preset with a sender (and optional overrides), memoised per test file. */
export function runPreset(
  preset: string,
  sender: SenderId,
  extra: Record<string, unknown> = {},
): Trace {
  const key = `${preset}|${sender}|${JSON.stringify(extra)}`;
  let t = cache.get(key);
  if (!t) {
    t = run(buildSimConfig(scenarioFromPreset(preset, { sender, ...extra })));
    cache.set(key, t);
  }
  return t;
}

const at = (time: number) => time.toFixed(3);

/** Retransmissions of flow 0 as "packet@time", in order. */
export function retransmissions(t: Trace): string[] {
  const P = t.packets;
  const X = t.transmissions;
  const out: string[] = [];
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (
      P.kind[i] === PacketEventKind.send &&
      X.flow[u] === 0 &&
      X.retx[u] === 1 &&
      X.type[u] === 0
    ) {
      out.push(`${X.packet[u]}@${at(P.time[i]!)}`);
    }
  }
  return out;
}

/** Drops at the router as "packet@time". */
export function drops(t: Trace): string[] {
  const P = t.packets;
  const X = t.transmissions;
  const out: string[] = [];
  for (let i = 0; i < P.length; i++) {
    if (P.kind[i] === PacketEventKind.drop) out.push(`${X.packet[P.uid[i]!]}@${at(P.time[i]!)}`);
  }
  return out;
}

/** Decisions with a code matching `re`, as "time code [packets] cwnd ssthresh". */
export function decisions(t: Trace, re: RegExp): string[] {
  return decisionsOf(t)
    .filter((d) => re.test(d.code))
    .map(
      (d) =>
        `${at(d.time)} ${d.code} [${d.packets.join(',')}] cwnd ${+d.after.cwnd.toFixed(3)} ssthresh ${d.after.ssthresh}`,
    );
}

/** Times of decisions with exactly this code. */
export function timesOf(t: Trace, code: string): string[] {
  return decisionsOf(t)
    .filter((d) => d.code === code)
    .map((d) => at(d.time));
}

/** Data packets of flow 0 sent (first transmissions and retransmissions) in [from, to). */
export function sendsBetween(t: Trace, from: number, to: number): number[] {
  const P = t.packets;
  const X = t.transmissions;
  const out: number[] = [];
  for (let i = 0; i < P.length; i++) {
    const time = P.time[i]!;
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.send && X.type[u] === 0 && time >= from && time < to)
      out.push(X.packet[u]!);
  }
  return out;
}

/** The first ACK decision at or after `from` whose cumulative ACK exceeds `cumAck`. */
export function firstNewAck(
  t: Trace,
  from: number,
  cumAck: number,
): { time: string; cumAck: number } | null {
  for (const d of decisionsOf(t)) {
    if (d.time >= from && d.trigger.kind === 'ack' && d.trigger.cumAck > cumAck) {
      return { time: at(d.time), cumAck: d.trigger.cumAck };
    }
  }
  return null;
}

/** Duplicate-ACK decisions (cumAck unchanged) for `cumAck` after `from`. */
export function dupacksFor(t: Trace, from: number, cumAck: number): string[] {
  return decisionsOf(t)
    .filter(
      (d) =>
        d.time > from &&
        d.trigger.kind === 'ack' &&
        d.trigger.cumAck === cumAck &&
        d.trigger.dupacks > 0,
    )
    .map((d) => at(d.time));
}
