/**
 * Vicuña, Jiménez & Hayel (003_…) on the wireless topology of §3.1.2 (Figure 3): the clients in
 * one Wi-Fi or WiMAX cell around n0, the access point / base station, behind the same 2 Mb/s,
 * 10 ms bottleneck n1 – n0 (topologies/vicuna.ts with `link`). The scenarios the paper shows on
 * each (its figures 5–8): on WiMAX B, D and E (Fig. 6d–6f, 8c); on Wi-Fi A, B, D, E and F
 * (Fig. 5d–5f, 6a–6c, 7c, 8b). Each with the four protocol combinations, as the wired presets:
 * `vicuna-<wifi|wimax>-<letter>-<combo>`, the same sizes and sweeps.
 */
import type { Preset } from './types';
import {
  VICUNA_BASE,
  VICUNA_COMBOS,
  VICUNA_SCENARIOS,
  VICUNA_SEEDS,
  vicunaChoices,
  vicunaFlows,
  vicunaProtocols,
  type ScenarioDef,
  type VicunaCombo,
} from './vicuna';

const GROUP = 'Vicuña et al. 2008 (FTP, VoIP and noise clients, Wi-Fi and WiMAX cells)';

interface Medium {
  id: 'wifi' | 'wimax';
  link: 'wifi-g' | 'wimax';
  name: string;
  letters: readonly string[];
  /** What the cell is here, one sentence. */
  model: string;
  /** What remains simplified about it, one clause list. */
  simplified: string;
}

const MEDIA: readonly Medium[] = [
  {
    id: 'wimax',
    link: 'wimax',
    name: 'WiMAX',
    letters: ['b', 'd', 'e'],
    model:
      'The clients are the stations of one 802.16 cell whose base station is n0: OFDM 64QAM 3/4 at 21.6 Mb/s (the paper’s 22 Mb/s), 5 ms frames split half downlink, half uplink, the base station scheduling every burst round robin, with the preambles, MAPs and MAC headers each frame costs — about 9 Mb/s each way for one station, so the 2 Mb/s bottleneck still limits, and every packet waits for the next frame.',
    simplified:
      'every client at the same modulation and in range (no distance, path loss, fading or block errors), no ranging, service-flow set-up, bandwidth-request messages or ARQ, best-effort service only (no UGS or rtPS for VoIP)',
  },
  {
    id: 'wifi',
    link: 'wifi-g',
    name: 'Wi-Fi',
    letters: ['a', 'b', 'd', 'e', 'f'],
    model:
      'The clients are the stations of one 802.11g cell whose access point is n0: 54 Mb/s ERP-OFDM, DCF basic access, the access point and every client contending for the air with binary exponential backoff, collisions and link-layer retries.',
    simplified:
      'every client at 54 Mb/s and in range of all (no distance, rate adaptation, hidden stations, capture or propagation delay), no RTS/CTS, beacons or association',
  },
];

/** The paper's finding on this medium for each scenario (§4), one or two sentences. */
const FINDINGS: Record<string, string> = {
  a: 'The paper (Fig. 5d, Wi-Fi): as on the wired network, one FTP session’s mean throughput is better over TCP below about 20 clients and over SCTP above.',
  b: 'The paper: with many VoIP clients, VoIP over UDP overloads the Wi-Fi access channel and the FTP throughput falls (Fig. 5e), while over SCTP it stays stable; VoIP’s drops and delay are not much worse over SCTP (Fig. 6a Wi-Fi, 6d WiMAX). On WiMAX, whose MAC grants access without collisions, VoIP loses fewer packets over UDP than over SCTP (Fig. 8c); on Wi-Fi the reverse (Fig. 8b).',
  d: 'The paper (Fig. 6b Wi-Fi, 6e WiMAX): VoIP’s mean packet delay grows with the FTP file sizes, and is lower with VoIP over SCTP — up to 30 % lower on WiMAX, 25 % on Wi-Fi, when every file is 800 KB.',
  e: 'The paper (Fig. 6c Wi-Fi, 6f WiMAX): VoIP’s mean packet delay falls as long calls grow, VoIP packets then outnumbering FTP’s in the queue.',
  f: 'The paper (Fig. 5f, 7c, Wi-Fi): FTP drops grow with the queue over TCP and fall over SCTP, and FTP throughput is better over TCP.',
};

function notice(def: ScenarioDef, combo: VicunaCombo, m: Medium): string {
  const what = def.paper.split(' The paper')[0]!;
  return (
    `${what} ${FINDINGS[def.letter]!} Here ${vicunaProtocols(combo)} ${m.model} ` +
    'The paper’s: Figure 3 — the clients spread in one cell around the base station, the 2 Mb/s, 10 ms bottleneck between it and n1, queue 25, RTTs between 42 and 624 ms, NIST’s ns-2 802.11 and 802.16 modules, 10 seeds per point. ' +
    `Still simplified in the cell: ${m.simplified}; each connection’s queue in the cell 50 packets. Chosen here besides: ` +
    vicunaChoices(combo)
  );
}

function student(def: ScenarioDef, combo: VicunaCombo, m: Medium): string {
  const ftp = combo.ftp === 'newreno' ? 'TCP' : 'SCTP';
  const voip = combo.voip === 'udp' ? 'UDP' : 'SCTP';
  return (
    `FTP over ${ftp} and VoIP over ${voip} reach clients in one ${m.name} cell behind a 2 Mb/s bottleneck. ` +
    `${def.watch} (Vicuña et al. 2008, scenario ${def.letter.toUpperCase()}, ${m.name}).`
  );
}

function preset(def: ScenarioDef, combo: VicunaCombo, m: Medium): Preset {
  const base = def.sizes ? def.sizes.mix(def.sizes.default) : VICUNA_BASE;
  const sizes = def.sizes;
  return {
    id: `vicuna-${m.id}-${def.letter}-${combo.id}`,
    title: `${combo.label}, ${def.varies}, ${m.name} cell (Vicuña et al. scenario ${def.letter.toUpperCase()})`,
    group: GROUP,
    topology: 'vicuna-wired',
    open: 'end',
    steps: ['episode', 'decision'],
    scenario: { flows: vicunaFlows(base, combo), link: m.link, ...def.run },
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
    student: student(def, combo, m),
    notice: notice(def, combo, m),
  };
}

/** The wireless presets, medium by medium, scenario by scenario, combination by combination. */
export function vicunaWirelessPresets(media: readonly ('wifi' | 'wimax')[]): Preset[] {
  return MEDIA.filter((m) => media.includes(m.id)).flatMap((m) =>
    VICUNA_SCENARIOS.filter((d) => m.letters.includes(d.letter)).flatMap((def) =>
      VICUNA_COMBOS.map((combo) => preset(def, combo, m)),
    ),
  );
}

export const VICUNA_WIRELESS_PRESETS: readonly Preset[] = vicunaWirelessPresets(['wimax', 'wifi']);
