/**
 * The MAC panel's model (MacPanel.tsx): for each shared medium of a run (Trace.media — an
 * 802.11 or 802.16 cell), each member's airtime, attempts, collisions and retries up to a time,
 * who is on the air at that time and each member's last backoff counter, read from the MAC rows
 * (Trace.mac, full trace); a trace without rows (metrics only) gives the whole run's counters
 * (MediumInfo.stats) whatever the time. Nothing is recomputed: every number is the engine's.
 */
import { MacEvent, type Trace } from '../../engine';
import { memo } from './traceCache';

/** One member of a medium at a time. */
export interface MacMemberState {
  node: string;
  /** Seconds of air its own transmissions took up to the time. */
  airtimeS: number;
  /** airtimeS over the time elapsed (0 at t = 0), 0–1. */
  share: number;
  attempts: number;
  collisions: number;
  /** Attempts after the first of a frame (attempt > 1). */
  retries: number;
  /** Frames dropped at the retry limit. */
  retryDrops: number;
  /** Transmitting at the time. */
  onAir: boolean;
  /** Its backoff counter as last drawn or frozen before the time, slots (null: none, or 802.16). */
  backoff: number | null;
}

export interface MediumState {
  index: number;
  kind: string;
  label: string;
  /** The AP / base station, if any. */
  hub?: string;
  members: MacMemberState[];
  /** Σ members' airtime over the time elapsed: how busy the air was, 0–1 (beyond 1: collisions overlap). */
  busy: number;
}

/** Per member of a medium: its row indices into Trace.mac, in time order, with running sums. */
interface MemberRows {
  time: Float64Array;
  /** After each row: airtime, attempts, collisions, retries, retry drops so far. */
  air: Float64Array;
  attempts: Uint32Array;
  collisions: Uint32Array;
  retries: Uint32Array;
  drops: Uint32Array;
  /** The backoff counter after each row (−1: unchanged by this row's kind). */
  backoff: Int32Array;
  /** End of the last transmission at or before each row (to tell who is on the air). */
  txEnd: Float64Array;
}

function rowsOf(trace: Trace): MemberRows[][] {
  const media = trace.media ?? [];
  const mac = trace.mac;
  return media.map((m, k) => {
    const nodes = m.nodes.map((n) => trace.nodes.indexOf(n));
    const idx: number[][] = nodes.map(() => []);
    if (mac) {
      for (let i = 0; i < mac.length; i++) {
        if (mac.medium[i] !== k) continue;
        const j = nodes.indexOf(mac.node[i]!);
        if (j >= 0) idx[j]!.push(i);
      }
    }
    return idx.map((rows) => {
      const n = rows.length;
      const r: MemberRows = {
        time: new Float64Array(n),
        air: new Float64Array(n),
        attempts: new Uint32Array(n),
        collisions: new Uint32Array(n),
        retries: new Uint32Array(n),
        drops: new Uint32Array(n),
        backoff: new Int32Array(n),
        txEnd: new Float64Array(n),
      };
      let air = 0;
      let att = 0;
      let col = 0;
      let ret = 0;
      let drp = 0;
      let bo = -1;
      let end = -Infinity;
      rows.forEach((i, q) => {
        const ev = mac!.event[i]!;
        const t = mac!.time[i]!;
        if (ev === MacEvent.tx) {
          air += mac!.airtimeS[i]!;
          att++;
          if (mac!.attempt[i]! > 1) ret++;
          end = Math.max(end, t + mac!.airtimeS[i]!);
        } else if (ev === MacEvent.collision) col++;
        else if (ev === MacEvent.drop) drp++;
        if (ev === MacEvent.backoff || ev === MacEvent.freeze) bo = mac!.slots[i]!;
        r.time[q] = t;
        r.air[q] = air;
        r.attempts[q] = att;
        r.collisions[q] = col;
        r.retries[q] = ret;
        r.drops[q] = drp;
        r.backoff[q] = bo;
        r.txEnd[q] = end;
      });
      return r;
    });
  });
}

/** Index of the last row at or before t (−1: none). */
function lastAt(time: Float64Array, t: number): number {
  let lo = 0;
  let hi = time.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (time[mid]! <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** Whether the run has shared media (the MAC panel has something to show). */
export function hasMedia(trace: Trace): boolean {
  return (trace.media?.length ?? 0) > 0;
}

/** Every medium's state at time `t`, s (whole-run counters when the trace has no MAC rows). */
export function macState(trace: Trace, t: number): MediumState[] {
  const media = trace.media ?? [];
  const rows = memo(trace, 'mac-rows', () => rowsOf(trace));
  const withRows = trace.mac !== undefined;
  const span = withRows ? Math.max(t, 0) : trace.stopS;
  return media.map((m, k) => {
    const members = m.nodes.map((node, j): MacMemberState => {
      const s = m.stats[j]!;
      if (!withRows) {
        return {
          node,
          airtimeS: s.airtimeS,
          share: span > 0 ? s.airtimeS / span : 0,
          attempts: s.attempts,
          collisions: s.collisions,
          retries: s.retries,
          retryDrops: s.retryDrops,
          onAir: false,
          backoff: null,
        };
      }
      const r = rows[k]![j]!;
      const q = lastAt(r.time, t);
      const at = <T>(a: ArrayLike<T>, none: T): T => (q >= 0 ? a[q]! : none);
      // A transmission that started before t and ends after it: its airtime counts up to t only.
      const end = at(r.txEnd, -Infinity);
      const over = end > t ? end - t : 0;
      const airtimeS = Math.max(0, at(r.air, 0) - over);
      const bo = at(r.backoff, -1);
      return {
        node,
        airtimeS,
        share: span > 0 ? airtimeS / span : 0,
        attempts: at(r.attempts, 0),
        collisions: at(r.collisions, 0),
        retries: at(r.retries, 0),
        retryDrops: at(r.drops, 0),
        onAir: end > t,
        backoff: m.kind === 'wimax' || bo < 0 ? null : bo,
      };
    });
    return {
      index: k,
      kind: m.kind,
      label: m.label,
      ...(m.ap !== undefined ? { hub: m.ap } : {}),
      members,
      busy: members.reduce((a, x) => a + x.share, 0),
    };
  });
}

/** One line for the panel's header and screen readers. */
export function macSummary(trace: Trace, t: number): string {
  return macState(trace, t)
    .map((m) => {
      const top = [...m.members].sort((a, b) => b.share - a.share)[0];
      const air = top ? `, most airtime ${top.node} ${(top.share * 100).toFixed(1)} %` : '';
      const onAir = m.members.filter((x) => x.onAir).map((x) => x.node);
      return `${m.label}: air busy ${(m.busy * 100).toFixed(1)} %${air}${onAir.length ? `, on the air: ${onAir.join(', ')}` : ''}`;
    })
    .join('; ');
}
