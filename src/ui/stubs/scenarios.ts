/**
 * Temporary stand-in for src/scenarios (the scenario module), with the same exported names.
 * Only what the UI needs to run the Fall & Floyd presets. `deps/scenarios.ts` switches to the
 * real module once it lands; then this file is deleted.
 */
import type { SenderId, SimConfig } from '../../engine';

export interface Scenario {
  preset: string | null;
  sender: SenderId;
  drops: number[];
  queue: number;
  window: number;
  stop: number;
  bugfix: boolean;
  maxburst: number;
}

export const DEFAULT_SCENARIO: Scenario = {
  preset: 'ff-3-drops',
  sender: 'reno',
  drops: [15, 27, 29],
  queue: 8,
  window: 28,
  stop: 6,
  bugfix: true,
  maxburst: 0,
};

export type KeyKind = 'int' | 'number' | 'bool' | 'enum' | 'drops';
export interface KeyMeta {
  key: string;
  label: string;
  unit: string;
  min?: number;
  max?: number;
  step?: number;
  kind: KeyKind;
  options?: readonly string[];
  help: string;
}

const SENDERS = ['tahoe', 'reno', 'newreno', 'sack', 'fack'] as const;

const KEY_RECORD: Record<string, Omit<KeyMeta, 'key'>> = {
  sender: { label: 'Sender', unit: '', kind: 'enum', options: SENDERS, help: 'TCP variant of the sender.' },
  drops: {
    label: 'Drops',
    unit: 'packet #',
    min: 1,
    max: 10000,
    kind: 'drops',
    help: 'Packets dropped at R1 on their first transmission.',
  },
  queue: { label: 'Bottleneck queue', unit: 'packets', min: 2, max: 1000, step: 1, kind: 'int', help: 'Drop-tail limit at R1.' },
  window: { label: 'Receiver window', unit: 'packets', min: 1, max: 1000, step: 1, kind: 'int', help: 'Max window.' },
  stop: { label: 'Stop', unit: 's', min: 1.5, max: 600, step: 0.5, kind: 'number', help: 'Simulation end.' },
  bugfix: { label: 'bugfix', unit: '', kind: 'bool', help: 'ns-2 bugFix_: one fast retransmit per window.' },
  maxburst: { label: 'maxburst', unit: 'packets', min: 0, max: 100, step: 1, kind: 'int', help: '0 = unlimited.' },
};

export const SCENARIO_KEYS: readonly KeyMeta[] = Object.entries(KEY_RECORD).map(([key, m]) => ({ key, ...m }));

const DROP_LISTS = [[], [15], [15, 29], [15, 27, 29], [15, 25, 27, 29], [15, 23, 25, 27, 29]];
const NOTICE = [
  'No scripted drops: slow start overflows the queue at R1.',
  'One drop: every variant recovers by fast retransmit.',
  'Two drops: Reno cuts the window twice or times out; NewReno retransmits on the partial ACK.',
  'Three drops: Reno waits for a timeout; NewReno recovers one loss per round trip; SACK repairs all holes in one.',
  'Four drops: the gap between the variants widens.',
  'Five drops: recovery takes NewReno five round trips.',
];

export interface Preset {
  id: string;
  title: string;
  group: string;
  notice: string;
  scenario: Partial<Scenario>;
}

export function presetNotice(preset: Preset, _sender: SenderId): string {
  return preset.notice;
}

export const PRESETS: Preset[] = DROP_LISTS.map((drops, n) => ({
  id: `ff-${n}-drops`,
  title: `${n} drop${n === 1 ? '' : 's'}`,
  group: 'Fall & Floyd 1996',
  notice: NOTICE[n] ?? '',
  scenario: { ...DEFAULT_SCENARIO, preset: `ff-${n}-drops`, drops },
}));

export function getPreset(id: string): Preset | undefined {
  return PRESETS.find((p) => p.id === id);
}

export function validateField(key: string, raw: string): string | null {
  const m = KEY_RECORD[key];
  if (!m) return `unknown key “${key}”`;
  const t = raw.trim();
  const num = (s: string): string | null => {
    if (!/^-?\d+(\.\d+)?$/.test(s)) return `${m.label}: “${s}” is not a number`;
    const v = Number(s);
    if (m.kind === 'int' && !Number.isInteger(v)) return `${m.label}: ${s} is not a whole number`;
    if (m.min !== undefined && v < m.min) return `${m.label}: ${s} is below the minimum ${m.min}`;
    if (m.max !== undefined && v > m.max) return `${m.label}: ${s} is above the maximum ${m.max}`;
    return null;
  };
  switch (m.kind) {
    case 'enum':
      return m.options?.includes(t) ? null : `${m.label}: “${t}” is not one of ${m.options?.join(', ')}`;
    case 'bool':
      return t === '1' || t === '0' || t === 'true' || t === 'false' ? null : `${m.label}: use 1 or 0`;
    case 'drops': {
      if (t === '') return null;
      for (const part of t.split(',')) {
        const e = num(part.trim());
        if (e) return e;
      }
      return null;
    }
    default:
      return num(t);
  }
}

type Parsed =
  | { ok: true; scenario: Scenario; warnings: string[] }
  | { ok: false; errors: { key: string; message: string }[] };

export function parseScenarioQuery(qs: string | URLSearchParams): Parsed {
  const params = typeof qs === 'string' ? new URLSearchParams(qs) : qs;
  const errors: { key: string; message: string }[] = [];
  const warnings: string[] = [];
  let s: Scenario = { ...DEFAULT_SCENARIO };
  const presetId = params.get('preset');
  if (presetId !== null) {
    const p = getPreset(presetId);
    if (!p) errors.push({ key: 'preset', message: `unknown preset “${presetId}”` });
    else s = { ...DEFAULT_SCENARIO, ...p.scenario };
  }
  let edited = false;
  for (const [key, raw] of params) {
    if (key === 'preset') continue;
    if (!(key in KEY_RECORD)) {
      warnings.push(`ignored unknown key “${key}”`);
      continue;
    }
    const e = validateField(key, raw);
    if (e) {
      errors.push({ key, message: e });
      continue;
    }
    const t = raw.trim();
    switch (key) {
      case 'sender':
        s.sender = t as SenderId;
        break;
      case 'drops': {
        const d = t === '' ? [] : t.split(',').map((x) => Number(x.trim()));
        if (d.join(',') !== s.drops.join(',')) edited = true;
        s.drops = d;
        break;
      }
      case 'bugfix':
        edited ||= s.bugfix !== (t === '1' || t === 'true');
        s.bugfix = t === '1' || t === 'true';
        break;
      default: {
        const k = key as 'queue' | 'window' | 'stop' | 'maxburst';
        edited ||= s[k] !== Number(t);
        s[k] = Number(t);
      }
    }
  }
  if (errors.length > 0) return { ok: false, errors };
  if (edited) s.preset = null;
  return { ok: true, scenario: s, warnings };
}

export function scenarioToQuery(s: Scenario): string {
  const p = new URLSearchParams();
  if (s.preset) p.set('preset', s.preset);
  p.set('sender', s.sender);
  p.set('drops', s.drops.join(','));
  for (const k of ['queue', 'window', 'stop', 'maxburst'] as const) p.set(k, String(s[k]));
  p.set('bugfix', s.bugfix ? '1' : '0');
  return p.toString().replace(/%2C/g, ',');
}

export function buildSimConfig(s: Scenario): SimConfig {
  return {
    nodes: ['S1', 'R1', 'K1'],
    links: [
      { a: 'S1', b: 'R1', bandwidthBps: 8e6, delayS: 0, queueLimit: 50 },
      { a: 'R1', b: 'K1', bandwidthBps: 800e3, delayS: 0.1, queueLimit: s.queue },
    ],
    flows: [
      {
        id: 0,
        sender: s.sender,
        src: 'S1',
        dst: 'K1',
        startS: 1.0,
        mssBytes: 1000,
        headerBytes: 40,
        windowPkts: s.window,
        initialCwndPkts: 1,
        maxburst: s.maxburst,
        bugfix: s.bugfix,
        dupackThreshold: 3,
        delayedAck: false,
        handshake: false,
        firstPacketWithoutHeader: true,
        minRtoS: 1,
        tickS: 0.01,
        initialRtoS: 3,
      },
    ],
    losses: [
      {
        from: 'R1',
        to: 'K1',
        drops: s.drops.map((p) => ({ flow: 0, packet: p, transmission: 1 })),
        lossRate: 0,
        seed: 1,
      },
    ],
    stopS: s.stop,
    router: 'R1',
    bottleneck: { from: 'R1', to: 'K1' },
  };
}
