/**
 * The random-loss keys' descriptors (registry: fields.ts): `loss` and `burst` (Bernoulli or
 * Gilbert–Elliott, app-config.ts randomLoss → LossConfig), the `seed` of the run's streams, and
 * which packets random loss hits (`losson`, LossConfig.types; config-of.ts mirrors the loss
 * point when ACKs or control packets are listed).
 */
import type { KeyFamilyFields } from './field-types';

/** The packet classes of `losson`, in canonical order (LossConfig.types). */
export const LOSS_TYPES = ['data', 'ack', 'control'] as const;

export const LOSS_FIELDS = {
  loss: {
    key: 'loss',
    scope: 'run',
    label: 'Random loss',
    unit: 'probability',
    min: 0,
    max: 0.5,
    step: 0.001,
    kind: 'number',
    family: 'loss',
    doc: 'loss of data packets at the bottleneck (mean rate with `burst`)',
    devDoc: 'loss of data packets at the loss point (run)',
    help: 'Probability that each data packet is lost at the bottleneck (Bernoulli, or the mean of a bursty chain with burst; seeded); ACKs and control packets too when losson says so.',
  },
  burst: {
    key: 'burst',
    scope: 'run',
    label: 'Loss burst length',
    unit: 'packets',
    min: 1,
    max: 1000,
    step: 0.1,
    kind: 'number',
    nullText: 'none',
    family: 'loss',
    doc: 'mean loss-burst length: Gilbert–Elliott losses; none = Bernoulli',
    devDoc: 'mean loss burst: Gilbert–Elliott; none = Bernoulli (run)',
    default: null,
    help: 'Mean length of a run of lost packets: none = independent (Bernoulli) losses; 1 or more = a Gilbert–Elliott chain (good state no loss, bad state every packet lost) whose mean loss rate is loss.',
  },
  seed: {
    key: 'seed',
    scope: 'run',
    label: 'Random seed',
    unit: '',
    min: 0,
    max: 4294967295,
    step: 1,
    kind: 'int',
    family: 'loss',
    doc: "seed of the loss streams and the applications' and jitter's",
    devDoc: 'seed of the loss streams and SimConfig.seed (run)',
    help: 'Seed of the random-loss streams (one per flow) and of the run’s other random streams (applications, delay variation): the same seed gives the same run, and adding a flow changes no other flow’s draws.',
  },
  losson: {
    key: 'losson',
    scope: 'run',
    label: 'Random loss hits',
    unit: 'packet types',
    kind: 'list',
    options: LOSS_TYPES,
    family: 'loss',
    doc: 'packets random loss hits: `data`, `ack` (ACKs, SACKs), `control` (below)',
    devDoc: 'packet types random loss hits, LossConfig.types (run)',
    default: ['data'],
    help: 'Which packets random loss (loss, burst) may drop, comma-separated: data (with payload), ack (ACKs and SACKs), control (SYN, INIT, COOKIE, HEARTBEAT, SHUTDOWN and their answers). Default data only; scripted drops are always data.',
  },
} satisfies KeyFamilyFields<'loss' | 'burst' | 'seed' | 'losson'>;
