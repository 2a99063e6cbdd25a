/**
 * Reading the ns-3.37 fixtures of tests/fixtures/ns3-prr, ns3-bbr and ns3-cubic (format, units
 * and how ns-3's model maps onto ackclock's: tests/fixtures/ns3/README.md; generators:
 * scripts/ns3). Each file is one run: its parameters, the ackclock query of the same path, and
 * per flow the tables below, rows in time order. Times are seconds (ns-3's nanoseconds, exact);
 * packet numbers are 1-based data packets (the SYN is not counted); cwnd, ssthresh and inflight
 * are packets (ns-3's bytes / segmentBytes, 3 decimals); PRR's values are ns-3's bytes.
 */
import { readFileSync, readdirSync } from 'node:fs';

const ROOT = new URL('../fixtures/', import.meta.url);

/** The three fixture sets, one folder each. */
export const NS3_SETS = ['ns3-prr', 'ns3-bbr', 'ns3-cubic'] as const;
export type Ns3Set = (typeof NS3_SETS)[number];

/** ns-3's congestion state after the event (TcpSocketState::TcpCongState_t, lower case). */
export type Ns3CongState = 'open' | 'disorder' | 'cwr' | 'recovery' | 'loss';

/** BBR v1's mode (TcpBbr::BbrMode_t). */
export type BbrMode = 'STARTUP' | 'DRAIN' | 'PROBE_BW' | 'PROBE_RTT';

/** oracle.cc's arguments for the run (scripts/ns3/oracle.cc --PrintHelp). */
export interface Ns3Params {
  /** Bottleneck R → K, bit/s; one-way delay, s; drop-tail limit, packets incl. the one in transmission. */
  bw: number;
  delay: number;
  queue: number;
  /** Each sender's access link S_i → R: bit/s, s, packets. */
  accessBw: number;
  accessDelay: number;
  accessQueue: number;
  /** Senders, comma-separated (bbr, cubic, newreno, linuxreno); recovery one or per flow (prr, classic). */
  flows: string;
  recovery: string;
  /** TcpPrrRecovery::ReductionBound. */
  prrBound: 'SSRB' | 'CRB';
  /** Scripted drops per flow, '/'-separated lists of `p` or `p:k` (k-th transmission). */
  drops: string;
  /** Start time(s), s, one or per flow; end of the run, s. */
  start: string;
  stop: number;
  /** TCP payload per data packet; its wire size (IPv4 + TCP headers, no link header). */
  segmentBytes: number;
  wireBytes: number;
  /** Initial cwnd, segments; sender window (send buffer), packets, 0 = unlimited. */
  icwnd: number;
  window: number;
  /** TcpSocket::DelAckCount (1 = every segment ACKed). */
  delack: number;
  /** 0/1 flags. */
  sack: number;
  timestamps: number;
  limitedTransmit: number;
  hystart: number;
  /** TcpSocketBase::MinRto, s. */
  minRto: number;
  /** Sampling interval of the long series, s (0 = every event); exactLoss 1 = still every event outside OPEN. */
  sample: number;
  exactLoss: number;
  /** Goodput is measured over [tputFrom, stop]; goodput bins, s. */
  tputFrom: number;
  binS: number;
  rngRun: number;
}

export interface Ns3FlowSummary {
  /** Time the first data packet was sent, s. */
  firstDataS: number;
  dataPackets: number;
  retransmissions: number;
  highestSeq: number;
  /** Payload bytes delivered to the receiving application (whole run); goodput over [tputFrom, stop], bit/s. */
  deliveredBytes: number;
  goodputBps: number;
  /** Entries into ns-3's RECOVERY and LOSS (RTO) states. */
  recoveries: number;
  timeouts: number;
  overflowDrops: number;
  scriptedDrops: number;
}

/** A scripted drop: time, data packet, which transmission of it. */
export interface Ns3ScriptedDrop {
  t: number;
  seq: number;
  transmission: number;
}

/** A data packet leaving the sender: retx 1 when that packet was sent before. */
export interface Ns3Sent {
  t: number;
  seq: number;
  retx: 0 | 1;
}

/** An ACK at the sender, with ns-3's state once the ACK is processed; ack = packets cumulatively acked. */
export interface Ns3Ack {
  t: number;
  ack: number;
  cwnd: number;
  /** null while ns-3's initial (infinite) ssthresh holds. */
  ssthresh: number | null;
  inflight: number;
  state: Ns3CongState;
}

/** Payload bytes delivered to the application by time t (cumulative). */
export interface Ns3Goodput {
  t: number;
  bytes: number;
}

/**
 * One TcpPrrRecovery::DoRecovery call (bytes). `enter` 1 for the call made on entering
 * recovery. `pipe` is ns-3's bytes in flight when it ran; ns-3 then sets cwnd = pipe + sndcnt,
 * so sndcnt = cwnd − pipe (RFC 9937 §6's SndCnt); prr_out counts bytes sent in recovery before
 * this ACK's sends.
 */
export interface Ns3PrrStep {
  t: number;
  ack: number;
  enter: 0 | 1;
  delivered: number;
  prr_delivered: number;
  prr_out: number;
  recover_fs: number;
  ssthresh: number;
  pipe: number;
  sndcnt: number;
  cwnd: number;
}

/** A BBR mode change or PROBE_BW phase change (after the ACK that made it). */
export interface Ns3BbrMode {
  t: number;
  mode: BbrMode;
  /** PROBE_BW gain-cycle phase 0–7 (0 = gain 1.25, 1 = 0.75, 2–7 = 1). */
  cycle: number;
  pacing_gain: number;
  cwnd_gain: number;
  /** Max-filter bandwidth estimate, bit/s of payload. */
  bw_bps: number;
  /** BBR's min RTT (RTprop), s; null before the first sample. */
  min_rtt_s: number | null;
  pacing_bps: number;
  cwnd: number;
  /** Packet-timed round trips so far. */
  round: number;
}

/** BBR's per-ACK rate state (sampled; every mode change included). */
export interface Ns3Rate {
  t: number;
  mode: BbrMode;
  pacing_bps: number;
  /** This ACK's delivery-rate sample, bit/s (0 when none). */
  delivery_bps: number;
  app_limited: 0 | 1;
  bw_bps: number;
  min_rtt_s: number | null;
  /** The last RTT sample, s. */
  rtt_s: number;
  cwnd: number;
  inflight: number;
  /** Packet-timed round trips so far (the bandwidth filter's clock). */
  round: number;
}

export interface Ns3Flow {
  /** 1-based. */
  flow: number;
  sender: string;
  recovery: 'prr' | 'classic';
  summary: Ns3FlowSummary;
  scripted: Ns3ScriptedDrop[];
  sent: Ns3Sent[];
  acks: Ns3Ack[];
  goodput: Ns3Goodput[];
  /** Present when recovery is prr. */
  prr?: Ns3PrrStep[];
  /** Present for BBR flows. */
  bbr?: Ns3BbrMode[];
  rate?: Ns3Rate[];
}

/** The bottleneck queue: packets waiting (not the one in transmission); overflow drops. */
export interface Ns3Bottleneck {
  maxWaiting: number;
  otherDrops: number;
  /** Σ goodput over [tputFrom, stop] / bw (payload, so at most segmentBytes / wireBytes). */
  utilisation: number;
  queue: { t: number; waiting: number }[];
  overflow: { t: number; flow: number; seq: number; retx: 0 | 1 }[];
}

export interface Ns3Fixture {
  set: Ns3Set;
  name: string;
  about: string;
  /** The ackclock scenario of the same path and flows. */
  ackclock: string;
  generator: 'ns-3.37';
  params: Ns3Params;
  flows: Ns3Flow[];
  bottleneck: Ns3Bottleneck;
}

interface RawTable {
  cols: string[];
  rows: unknown[][];
}

const COLS = {
  scripted: ['t', 'seq', 'transmission'],
  sent: ['t', 'seq', 'retx'],
  acks: ['t', 'ack', 'cwnd', 'ssthresh', 'inflight', 'state'],
  goodput: ['t', 'bytes'],
  prr: [
    't',
    'ack',
    'enter',
    'delivered',
    'prr_delivered',
    'prr_out',
    'recover_fs',
    'ssthresh',
    'pipe',
    'sndcnt',
    'cwnd',
  ],
  bbr: [
    't',
    'mode',
    'cycle',
    'pacing_gain',
    'cwnd_gain',
    'bw_bps',
    'min_rtt_s',
    'pacing_bps',
    'cwnd',
    'round',
  ],
  rate: [
    't',
    'mode',
    'pacing_bps',
    'delivery_bps',
    'app_limited',
    'bw_bps',
    'min_rtt_s',
    'rtt_s',
    'cwnd',
    'inflight',
    'round',
  ],
  queue: ['t', 'waiting'],
  overflow: ['t', 'flow', 'seq', 'retx'],
} as const;

/** A table's rows as objects; throws when its columns are not the expected ones. */
function rowsOf<T>(table: RawTable, kind: keyof typeof COLS, where: string): T[] {
  const want = COLS[kind];
  if (table.cols.join() !== want.join()) {
    throw new Error(`${where}: ${kind} columns ${table.cols.join()} ≠ ${want.join()}`);
  }
  return table.rows.map((r) => Object.fromEntries(want.map((c, i) => [c, r[i]])) as T);
}

/** The fixture names of one set, sorted. */
export function listNs3Fixtures(set: Ns3Set): string[] {
  return readdirSync(new URL(`${set}/`, ROOT))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length))
    .sort();
}

/** Read and type one fixture; throws on a missing file or a table with other columns. */
export function loadNs3Fixture(set: Ns3Set, name: string): Ns3Fixture {
  const raw = JSON.parse(readFileSync(new URL(`${set}/${name}.json`, ROOT), 'utf8')) as {
    name: string;
    about: string;
    ackclock: string;
    generator: 'ns-3.37';
    params: Ns3Params;
    flows: (Omit<Ns3Flow, 'scripted' | 'sent' | 'acks' | 'goodput' | 'prr' | 'bbr' | 'rate'> &
      Record<'scripted' | 'sent' | 'acks' | 'goodput', RawTable> &
      Partial<Record<'prr' | 'bbr' | 'rate', RawTable>>)[];
    bottleneck: Omit<Ns3Bottleneck, 'queue' | 'overflow'> & Record<'queue' | 'overflow', RawTable>;
  };
  const where = `${set}/${name}`;
  const flows = raw.flows.map((f): Ns3Flow => {
    const w = `${where} flow ${f.flow}`;
    return {
      flow: f.flow,
      sender: f.sender,
      recovery: f.recovery,
      summary: f.summary,
      scripted: rowsOf(f.scripted, 'scripted', w),
      sent: rowsOf(f.sent, 'sent', w),
      acks: rowsOf(f.acks, 'acks', w),
      goodput: rowsOf(f.goodput, 'goodput', w),
      ...(f.prr ? { prr: rowsOf<Ns3PrrStep>(f.prr, 'prr', w) } : {}),
      ...(f.bbr ? { bbr: rowsOf<Ns3BbrMode>(f.bbr, 'bbr', w) } : {}),
      ...(f.rate ? { rate: rowsOf<Ns3Rate>(f.rate, 'rate', w) } : {}),
    };
  });
  const b = raw.bottleneck;
  return {
    set,
    name: raw.name,
    about: raw.about,
    ackclock: raw.ackclock,
    generator: raw.generator,
    params: raw.params,
    flows,
    bottleneck: {
      maxWaiting: b.maxWaiting,
      otherDrops: b.otherDrops,
      utilisation: b.utilisation,
      queue: rowsOf(b.queue, 'queue', where),
      overflow: rowsOf(b.overflow, 'overflow', where),
    },
  };
}

/** Every fixture of every set. */
export function loadAllNs3Fixtures(): Ns3Fixture[] {
  return NS3_SETS.flatMap((set) => listNs3Fixtures(set).map((n) => loadNs3Fixture(set, n)));
}

/** The BBR mode sequence of a flow with each mode's entry time: consecutive repeats merged. */
export function bbrModeSequence(flow: Ns3Flow): { mode: BbrMode; t: number }[] {
  const out: { mode: BbrMode; t: number }[] = [];
  for (const r of flow.bbr ?? []) {
    if (out.at(-1)?.mode !== r.mode) out.push({ mode: r.mode, t: r.t });
  }
  return out;
}

/** Scripted drops of a flow as written in params.drops: [packet, transmission] pairs. */
export function scriptedDropList(f: Ns3Fixture, flow: number): [number, number][] {
  const lists = f.params.drops.split('/');
  const list = lists.length === 1 ? lists[0]! : (lists[flow - 1] ?? '');
  return list
    .split(',')
    .filter((s) => s !== '')
    .map((s) => {
      const [p, k] = s.split(':');
      return [Number(p), k === undefined ? 1 : Number(k)];
    });
}

/**
 * A flow's PRR steps, each with the data packets the sender sent on that ACK (the `sent` rows
 * at the step's time). In every fixture these are floor(max(sndcnt, 0) / segmentBytes) packets:
 * ns-3 sends whole segments while pipe < cwnd, and the fraction left is caught up through
 * prr_out on a later ACK.
 */
export function prrStepsWithSends(flow: Ns3Flow): (Ns3PrrStep & { sent: number[] })[] {
  const byTime = new Map<number, number[]>();
  for (const s of flow.sent) byTime.set(s.t, [...(byTime.get(s.t) ?? []), s.seq]);
  return (flow.prr ?? []).map((p) => ({ ...p, sent: byTime.get(p.t) ?? [] }));
}
