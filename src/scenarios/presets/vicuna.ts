/**
 * Vicuña, Jiménez & Hayel, "Performance of SCTP in Wi-Fi and WiMAX networks with multi-homed
 * mobiles" (003_…): the wired topology (§3.1.1, Figure 2; topologies/vicuna.ts) with three
 * classes of clients sharing a 2 Mb/s, 10 ms bottleneck, and the seven scenarios A–G of
 * Table 2, each with the four protocol combinations of §3.3 — TCP/UDP, TCP/SCTP, SCTP/UDP,
 * SCTP/SCTP (FTP's transport / VoIP's) — as presets `vicuna-<a…g>-<tcp|sctp>-<udp|sctp>`.
 *
 * Flows, in this order: the FTP clients (app=ftp-clients: Pareto files, mean 80 KB or 800 KB,
 * shape 1.18, 90 s mean think time), the VoIP clients (app=voip: G.729-like, 20-byte frames every
 * 20 ms in talk spurts, calls of 30 s or 300 s mean with 60 s mean gaps), the noise clients
 * (app=onoff over UDP, 40 kb/s during exponential 100 ms ON and OFF periods, reverse=1: client →
 * server, "in the ACK direction"). Table 2's varied column is the key `n` (scenarios A–E: the
 * number of clients or the percentage), the queue (F) or the bandwidth (G): each preset's
 * `sweep` is that column's values over 10 seeds (§3.3: "each combination 10 times with
 * different random seeds").
 *
 * Flow counts: at most 10 FTP + 10 VoIP + 100 noise = 120 flows (scenario C), within the 128 a
 * scenario may have, because each VoIP client is one flow, server → client: the paper's calls
 * are bi-directional, but every measure it reports is on n1 → n0, so the client → server half
 * of each call is left out (said in every notice).
 */
import type { SenderId } from '../../engine';
import type { FlatDefaults } from '../flat';
import type { FlowSettings } from '../types';
import type { Preset, PresetSweep } from './types';

const GROUP = 'Vicuña et al. 2008 (FTP, VoIP and noise clients, wired dumbbell)';

/** §3.3's protocol combinations: FTP's transport / VoIP's. TCP is NewReno (§3), SCTP RFC 2960 (footnote 1). */
export const VICUNA_COMBOS = [
  { id: 'tcp-udp', label: 'TCP/UDP', ftp: 'newreno', voip: 'udp' },
  { id: 'tcp-sctp', label: 'TCP/SCTP', ftp: 'newreno', voip: 'sctp-2960' },
  { id: 'sctp-udp', label: 'SCTP/UDP', ftp: 'sctp-2960', voip: 'udp' },
  { id: 'sctp-sctp', label: 'SCTP/SCTP', ftp: 'sctp-2960', voip: 'sctp-2960' },
] as const satisfies readonly { id: string; label: string; ftp: SenderId; voip: SenderId }[];

export type VicunaCombo = (typeof VICUNA_COMBOS)[number];

/** One run's client mix: Table 2's columns. */
export interface VicunaMix {
  ftp: number;
  voip: number;
  noise: number;
  /** Share of FTP clients with 800 KB mean files (the rest 80 KB), 0–1. */
  bigFiles: number;
  /** Share of VoIP clients with 300 s mean calls (the rest 30 s), 0–1. */
  longCalls: number;
}

/** Table 2's baseline: 10 FTP, 10 VoIP, no noise, half of each mix. */
export const VICUNA_BASE: VicunaMix = {
  ftp: 10,
  voip: 10,
  noise: 0,
  bigFiles: 0.5,
  longCalls: 0.5,
};

/** §3: mice and elephants, bytes (KB read as 1000 bytes). */
const SMALL_FILE = 80_000;
const BIG_FILE = 800_000;
/** Noise packets' payload, bytes: not in the paper, chosen here (40 kb/s = 10 packets/s when ON). */
const NOISE_SIZE = 500;
/** Flows start spread over the first seconds (chosen here), so the FTP clients' first files do not all start at once. */
const START_SPREAD_S = 10;
const PLASTIC = 0.7548776662466927;

/** Whether the j-th of n clients gets the "big" option when a share of them do: spread evenly. */
const picks = (j: number, share: number) =>
  Math.floor((j + 1) * share + 1e-9) > Math.floor(j * share + 1e-9);
const startOf = (j: number) => Number((START_SPREAD_S * ((j * PLASTIC) % 1)).toFixed(3));

type FlowEntry = { sender: SenderId } & Partial<FlowSettings>;

/** The flows of one mix with one combination, in class order (FTP, VoIP, noise). */
export function vicunaFlows(mix: VicunaMix, combo: VicunaCombo): FlowEntry[] {
  const sctpKeys = (sender: SenderId) =>
    sender === 'udp' ? {} : sender === 'newreno' ? { mss: 1460 } : { mss: 1468, delack: true };
  const ftp = Array.from({ length: mix.ftp }, (_, j): FlowEntry => ({
    sender: combo.ftp,
    ...sctpKeys(combo.ftp),
    app: 'ftp-clients',
    bytes: picks(j, mix.bigFiles) ? BIG_FILE : SMALL_FILE,
    start: startOf(j),
  }));
  const voip = Array.from({ length: mix.voip }, (_, j): FlowEntry => ({
    sender: combo.voip,
    ...sctpKeys(combo.voip),
    app: 'voip',
    size: 20,
    hold: picks(j, mix.longCalls) ? 300 : 30,
    start: startOf(j + 0.5),
  }));
  const noise = Array.from({ length: mix.noise }, (_, j): FlowEntry => ({
    sender: 'udp',
    app: 'onoff',
    size: NOISE_SIZE,
    rate: 40_000,
    on: 0.1,
    off: 0.1,
    reverse: true,
    start: startOf(j + 0.25),
  }));
  return [...ftp, ...voip, ...noise];
}

export interface ScenarioDef {
  letter: string;
  /** Table 2's varied column, for titles. */
  varies: string;
  /** The preset's sizes (n = the varied count or percentage), or none (F, G). */
  sizes?: { values: number[]; default: number; mix(n: number): VicunaMix };
  /** Run keys of the base scenario beyond the mix (none for A–E). */
  run?: Partial<FlatDefaults>;
  sweep: Omit<PresetSweep, 'seeds'>;
  /** What Table 2 varies and what the paper found (§4), one or two sentences. */
  paper: string;
  /** For the student: what to change and where to look, one clause (no full stop). */
  watch: string;
}

const steps = (from: number, to: number, by: number) =>
  Array.from({ length: Math.round((to - from) / by) + 1 }, (_, i) => from + i * by);

export const VICUNA_SCENARIOS: readonly ScenarioDef[] = [
  {
    letter: 'a',
    varies: 'FTP clients 0–50',
    sizes: { values: steps(0, 50, 5), default: 10, mix: (n) => ({ ...VICUNA_BASE, ftp: n }) },
    sweep: { key: 'n', values: steps(0, 50, 5) },
    watch: 'Change the number of FTP clients (n) and watch each download’s throughput shrink',
    paper:
      'Scenario A: n FTP clients (0–50, key n) with 10 VoIP clients. The paper (Fig. 5a): one FTP session’s mean throughput falls as clients are added; TCP does better below about 20 clients, SCTP above, where TCP’s aggressiveness costs it drops.',
  },
  {
    letter: 'b',
    varies: 'VoIP clients 0–50',
    sizes: { values: steps(0, 50, 5), default: 10, mix: (n) => ({ ...VICUNA_BASE, voip: n }) },
    sweep: { key: 'n', values: steps(0, 50, 5) },
    watch:
      'Change the number of calls (n): each needs little bandwidth, and the downloads take what is left',
    paper:
      'Scenario B: n VoIP clients (0–50, key n) with 10 FTP clients. The paper (Fig. 5b, 5e): VoIP over UDP takes its rate whatever the load, so the FTP throughput falls as VoIP clients grow; over SCTP the FTP throughput stays steadier. In this wired model 10 FTP and 50 one-way VoIP clients do not fill the 2 Mb/s link (the paper’s fall comes from its Wi-Fi channel), so the fall shows where the link saturates: at bw=250000, 50 VoIP clients over UDP leave the FTP clients about a third of what they deliver alone, and VoIP over SCTP leaves them more.',
  },
  {
    letter: 'c',
    varies: 'noise clients 0–100',
    sizes: { values: steps(0, 100, 10), default: 0, mix: (n) => ({ ...VICUNA_BASE, noise: n }) },
    sweep: { key: 'n', values: steps(0, 100, 10) },
    watch:
      'Add noise clients (n), whose bursts travel on the path of the downloads’ ACKs, and watch the delay panel',
    paper:
      'Scenario C: n noise clients (0–100, key n: up to 120 flows) send 40 kb/s ON–OFF traffic client → server, where the FTP and SCTP acknowledgements travel, with 10 FTP and 10 VoIP clients.',
  },
  {
    letter: 'd',
    varies: 'share of 800 KB files 0–100 %',
    sizes: {
      values: steps(0, 100, 10),
      default: 50,
      mix: (n) => ({ ...VICUNA_BASE, bigFiles: n / 100 }),
    },
    sweep: { key: 'n', values: steps(0, 100, 10) },
    watch:
      'Change the share of big downloads (n) and watch the calls’ delay grow as the queue fills',
    paper:
      'Scenario D: n % of the 10 FTP clients fetch 800 KB files on average, the rest 80 KB (key n, 0–100). The paper (Fig. 6b, 6e, wireless): VoIP’s mean packet delay grows with the file sizes, less with VoIP over SCTP.',
  },
  {
    letter: 'e',
    varies: 'share of 300 s calls 0–100 %',
    sizes: {
      values: steps(0, 100, 10),
      default: 50,
      mix: (n) => ({ ...VICUNA_BASE, longCalls: n / 100 }),
    },
    sweep: { key: 'n', values: steps(0, 100, 10) },
    watch: 'Change the share of long calls (n) and watch the calls’ delay in the delay panel',
    paper:
      'Scenario E: n % of the 10 VoIP clients make 300 s calls on average, the rest 30 s (key n, 0–100). The paper (Fig. 6c, 6f, wireless): VoIP’s mean packet delay falls as long calls grow, VoIP packets then outnumbering FTP’s in the queue.',
  },
  {
    letter: 'f',
    varies: 'queue 5–50 packets',
    sweep: { key: 'queue', values: steps(5, 50, 5) },
    watch: 'Change the queue size (queue) and watch the delay panel: a longer queue, a longer wait',
    paper:
      'Scenario F: the bottleneck queue from 5 to 50 packets (sweep queue) with 10 FTP and 10 VoIP clients. The paper (Fig. 5c, 7c): a longer queue means a longer queueing delay; FTP drops grow with the queue over TCP and fall over SCTP.',
  },
  {
    letter: 'g',
    varies: 'bottleneck 250–2000 kb/s',
    sweep: { key: 'bw', values: [250e3, 500e3, 1000e3, 2000e3] },
    watch:
      'Change the bandwidth (bw) and watch the throughput by class as the link grows or shrinks',
    paper:
      'Scenario G: the bottleneck at 250, 500, 1000 and 2000 kb/s (sweep bw) with 10 FTP and 10 VoIP clients.',
  },
];

export const VICUNA_SEEDS = 10;

function notice(def: ScenarioDef, combo: VicunaCombo): string {
  return (
    `${def.paper} Here ${vicunaProtocols(combo)} ` +
    'The paper’s: the 2 Mb/s, 10 ms bottleneck, queue 25, 100 Mb/s client and server links, RTTs between 42 and 624 ms, Pareto files (80 / 800 KB, shape 1.18) with 90 s think times, calls of 30 / 300 s with 60 s gaps, 40 kb/s noise with 100 ms ON and OFF, 10 seeds per point. ' +
    'Chosen here: the wired network of Figure 2 (the paper’s Wi-Fi and WiMAX cells of Figure 3: link=wifi-g or link=wimax, or the vicuna-wifi-… and vicuna-wimax-… presets); ' +
    vicunaChoices(combo)
  );
}

/** The run's protocols, one sentence. */
export function vicunaProtocols(combo: VicunaCombo): string {
  return `${combo.label}: FTP over ${combo.ftp === 'newreno' ? 'NewReno TCP (1460-byte segments)' : 'RFC 2960 SCTP (1468-byte chunks, delayed SACKs)'}, VoIP over ${combo.voip === 'udp' ? 'UDP' : 'RFC 2960 SCTP'}; noise always over UDP.`;
}

/** What every 003 preset chooses beyond the network, one clause list ending the notice. */
export function vicunaChoices(combo: VicunaCombo): string {
  return (
    '200 s runs instead of 3600 s (the browser’s run budget); RTTs spread evenly over 42–624 ms rather than drawn per seed; one connection per FTP client carrying its files one after another (the paper opens a session per file); VoIP one-way, server → client (the paper’s calls are two-way), as one flow per client, with talk spurts of 1.004 s and silences of 1.587 s (ITU-T P.59); ' +
    `${combo.voip === 'udp' ? '' : 'VoIP over plain SCTP, which retransmits (the paper used PR-SCTP, RFC 3758, which does not); '}500-byte noise packets; flows starting over the first 10 s; ns-2’s defaults for the rest (TCP window 20).`
  );
}

/** The student's text: the mix in plain words, what to change and watch, the paper. */
function student(def: ScenarioDef, combo: VicunaCombo): string {
  const ftp = combo.ftp === 'newreno' ? 'TCP' : 'SCTP';
  const voip = combo.voip === 'udp' ? 'UDP' : 'SCTP';
  return (
    `FTP downloads over ${ftp} and VoIP calls over ${voip} share a 2 Mb/s bottleneck. ` +
    `${def.watch} (Vicuña et al. 2008, scenario ${def.letter.toUpperCase()}).`
  );
}

function preset(def: ScenarioDef, combo: VicunaCombo): Preset {
  const base = def.sizes ? def.sizes.mix(def.sizes.default) : VICUNA_BASE;
  const sizes = def.sizes;
  return {
    id: `vicuna-${def.letter}-${combo.id}`,
    title: `${combo.label}, ${def.varies} (Vicuña et al. Table 2, scenario ${def.letter.toUpperCase()})`,
    group: GROUP,
    topology: 'vicuna-wired',
    open: 'end',
    steps: ['episode', 'decision'],
    scenario: { flows: vicunaFlows(base, combo), ...def.run },
    ...(sizes
      ? {
          sizes: {
            values: sizes.values,
            default: sizes.default,
            scenario: (n: number) => ({ flows: vicunaFlows(sizes.mix(n), combo) }),
          },
        }
      : {}),
    sweep: { ...def.sweep, seeds: VICUNA_SEEDS },
    student: student(def, combo),
    notice: notice(def, combo),
  };
}

/** The topology's own preset: Table 2's baseline mix over TCP/UDP, for experiments of your own. */
export const VICUNA_WIRED_PRESET: Preset = {
  id: 'vicuna-wired',
  title: 'Vicuña et al. wired dumbbell, your own mix',
  group: GROUP,
  topology: 'vicuna-wired',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: { flows: vicunaFlows(VICUNA_BASE, VICUNA_COMBOS[0]) },
  student:
    'Ten FTP downloads over TCP and ten VoIP calls over UDP share a 2 Mb/s bottleneck: the baseline of Vicuña et al. (2008). Watch the throughput by class, then change the mix in the sidebar.',
  notice:
    'Table 2’s baseline on the wired dumbbell: 10 FTP clients over NewReno TCP (flows 1–10, half with 800 KB mean files) and 10 VoIP clients over UDP (flows 11–20, half with 300 s mean calls) share the 2 Mb/s, 10 ms bottleneck n1 → n0 with its 25-packet queue; RTTs 42–624 ms. ' +
    'Change a class with flows=10*sctp-2960,10*udp, add noise clients with flows=…,10*udp&f21.app=onoff…, or open vicuna-a-… to vicuna-g-… for the paper’s scenarios. ' +
    'Chosen here, not in the paper: the wired network of Figure 2 (link=wifi-g or link=wimax puts the clients in a Wi-Fi or WiMAX cell, Figure 3), 200 s runs, RTTs spread evenly rather than drawn per seed, one connection per FTP client, one-way VoIP.',
};

/** Every scenario A–G with every combination: 28 presets, scenario by scenario, then the topology's own. */
export const VICUNA_PRESETS: readonly Preset[] = [
  ...VICUNA_SCENARIOS.flatMap((def) => VICUNA_COMBOS.map((combo) => preset(def, combo))),
  VICUNA_WIRED_PRESET,
];
