/**
 * The meta keys' descriptors (registry: fields.ts): the URL format's version, the preset and a
 * table preset's size — read first, they pick the defaults of every other key — and the run's
 * length, `stop`.
 */
import { PRESETS } from './presets';
import type { KeyFamilyFields } from './field-types';
import { MAX_FLOWS } from './types';

export const META_FIELDS = {
  v: {
    key: 'v',
    scope: 'meta',
    label: 'Format version',
    unit: '',
    min: 1,
    max: 2,
    step: 1,
    kind: 'int',
    family: 'meta',
    doc: 'URL format version; absent means the current one (2)',
    devDoc: 'format version; absent = current (2); 1 is migrated',
    range: '1–2 (1 is read and migrated)',
    help: 'Version of the URL format: 2 (flow lists) is current; links of version 1 (sender2, drops2) are read too. Absent means current.',
  },
  preset: {
    key: 'preset',
    scope: 'meta',
    label: 'Preset',
    unit: '',
    kind: 'enum',
    options: PRESETS.map((p) => p.id),
    family: 'meta',
    doc: 'preset id: topology and defaults; explicit keys override',
    devDoc: 'topology and defaults of every other key',
    range: 'a preset id',
    noun: 'preset',
    help: 'Picks the topology and the defaults of every other key; keys given in the URL override them.',
  },
  n: {
    key: 'n',
    scope: 'meta',
    label: 'Size',
    unit: '',
    min: 0,
    max: MAX_FLOWS,
    step: 1,
    kind: 'int',
    nullText: 'none',
    family: 'meta',
    doc: 'size of a table preset: the column its paper varies (below)',
    devDoc: "a table preset's size: the column its paper varies (meta)",
    defaultNote: 'by preset',
    rangeNote: "one of the preset's sizes",
    help: 'Size of a table preset: the column its paper varies (geo-table2: 2, 4, 6 or 8 sources; vicuna-a-…: 0–50 FTP clients; vicuna-d-…: 0–100 % big files); sets the flows and the rows of the paper’s table that go with it.',
  },
  stop: {
    key: 'stop',
    scope: 'run',
    label: 'Stop time',
    unit: 's',
    min: 0.1,
    max: 2000,
    step: 0.1,
    kind: 'number',
    family: 'meta',
    doc: 'end of the run',
    devDoc: "end of the run, after every flow's start (run)",
    rangeNote: "after every flow's start",
    help: 'Simulated time at which the run ends.',
  },
} satisfies KeyFamilyFields<'v' | 'preset' | 'n' | 'stop'>;
