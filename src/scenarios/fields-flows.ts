/**
 * The flow list's descriptors (registry: fields.ts): `flows` (every flow's sender, `k*id`
 * repeats) and each flow's `sender`, scripted `drops` and `start`.
 */
import { MAX_DROP_PACKET } from './limits';
import { SENDER_IDS } from './senders';
import type { KeyFamilyFields } from './field-types';
import { MAX_FLOWS } from './types';

export const FLOW_FIELDS = {
  flows: {
    key: 'flows',
    scope: 'meta',
    label: 'Flows',
    unit: 'senders',
    min: 1,
    max: MAX_FLOWS,
    kind: 'senders',
    options: SENDER_IDS,
    family: 'flows',
    doc: 'senders of all flows, in order; `k*id` repeats one (`50*udp`)',
    devDoc: 'senders of all flows, in order; `k*id` repeats (meta)',
    defaultNote: 'by preset',
    help: 'The senders of all flows in order, e.g. sack,sctp-4960; each flow has its own source and sink and shares the bottleneck. f2.mss=… sets a key of flow 2 only.',
  },
  sender: {
    key: 'sender',
    scope: 'flow',
    label: 'Sender',
    unit: '',
    kind: 'enum',
    options: SENDER_IDS,
    family: 'flows',
    doc: 'congestion control of flow 1 (`f<k>.sender`); `udp`: none',
    devDoc: "flow 1's sender; `f<k>.sender` flow k's",
    range: 'a sender id',
    noun: 'sender',
    help: 'Congestion control of flow 1 (f2.sender for flow 2): Tahoe, Reno, NewReno, SACK, FACK TCP, an SCTP variant, or UDP (none: sends what its application offers, needs an app other than bulk).',
  },
  drops: {
    key: 'drops',
    scope: 'flow',
    label: 'Dropped packets',
    unit: 'packet numbers',
    min: 1,
    max: MAX_DROP_PACKET,
    step: 1,
    kind: 'drops',
    family: 'flows',
    doc: 'packets of flow 1 dropped at the bottleneck (`f<k>.drops`)',
    devDoc: "flow 1's scripted drops; `f<k>.drops` flow k's",
    defaultNote: 'by preset',
    help: 'Packets of flow 1 (f2.drops for flow 2) dropped at the bottleneck: 15,27,29 drops their first transmission; 15:2 drops the 2nd transmission of 15. TSNs for SCTP.',
  },
  start: {
    key: 'start',
    scope: 'flow',
    label: 'Start time',
    unit: 's',
    min: 0,
    max: 2000,
    step: 0.1,
    kind: 'number',
    family: 'flows',
    doc: "when the flow's application starts",
    devDoc: "the flow's application starts (flow)",
    help: 'When the flow’s bulk source starts (Fall & Floyd: 1 s; the satellite papers: 0 s); f2.start=1.5 starts flow 2 later.',
  },
} satisfies KeyFamilyFields<'flows' | 'sender' | 'drops' | 'start'>;
