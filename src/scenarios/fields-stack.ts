/**
 * The stack keys' descriptors (registry: fields.ts): a flow's receiver window, payload size and
 * the TCP/SCTP settings a profile may decide (`auto`; profiles.ts stackFields → FlowConfig, the
 * profile's defaults; a key with `apply` sets its engine field over them: flow-fields.ts).
 */
import { isSctpSender } from '../engine';
import { payloadBytes } from './app-config';
import { flowKeyName } from './keys';
import {
  effectiveRecovery,
  prrCapable,
  PROFILE_IDS,
  RECOVERY_MODES,
  rwndChunkBytes,
} from './profiles';
import { effectiveFrtx } from './senders';
import type { KeyFamilyFields } from './field-types';
import type { FamilyKey } from './key-names';

export const STACK_FIELDS = {
  window: {
    key: 'window',
    scope: 'flow',
    label: 'Receiver window',
    unit: 'packets',
    min: 1,
    max: 10000,
    step: 1,
    kind: 'int',
    family: 'stack',
    doc: 'receiver window (caps packets in flight)',
    devDoc: 'receiver window (flow)',
    apply: (v) => ({ windowPkts: v }),
    transportOnly: true,
    help: 'Largest window the receiver allows; caps packets in flight whatever cwnd says.',
  },
  rwnd: {
    key: 'rwnd',
    scope: 'flow',
    label: 'SCTP receiver window',
    unit: 'bytes',
    min: 1500,
    max: 1e8,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    family: 'stack',
    doc: 'SCTP receiver window (a_rwnd); TCP uses `window`',
    devDoc: 'SCTP a_rwnd (flow); auto: ff96 window chunks, ns2 65536',
    // An explicit SCTP rwnd must hold one DATA chunk (else nothing is ever delivered).
    check: (s) => {
      const tooSmall = s.flows.flatMap((f, i) =>
        isSctpSender(f.sender) && f.rwnd !== null && f.rwnd < rwndChunkBytes(f) ? [i] : [],
      );
      if (tooSmall.length === 0) return [];
      const i = tooSmall[0]!;
      const f = s.flows[i]!;
      const key = tooSmall.length === 1 && s.flows.length > 1 ? flowKeyName('rwnd', i + 1) : 'rwnd';
      const need = rwndChunkBytes(f);
      const header =
        need > f.mss ? ` + the ${need - f.mss}-byte chunk header profile ${f.profile} counts` : '';
      const message = `${key}: must hold one DATA chunk${s.flows.length > 1 ? ` of flow ${i + 1}` : ''}: at least ${need} bytes (mss ${f.mss}${header}), got ${f.rwnd}`;
      return [{ key, message }];
    },
    transportOnly: true,
    help: 'SCTP a_rwnd in bytes (chunks counted as the profile does); auto = window × chunk size (ff96) or ns-2’s 65536 (ns2). TCP uses window.',
  },
  mss: {
    key: 'mss',
    scope: 'flow',
    label: 'Payload size',
    unit: 'bytes',
    min: 64,
    max: 9000,
    step: 1,
    kind: 'int',
    family: 'stack',
    doc: 'payload per data packet (+ 40 header bytes)',
    devDoc: 'payload per data packet (flow)',
    // cbr, onoff and voip packets carry `size` bytes (app-config.ts payloadBytes)
    apply: (_, f) => ({ mssBytes: payloadBytes(f) }),
    help: 'Data bytes per packet, headers excluded (TCP MSS; SCTP chunk user data).',
  },
  maxburst: {
    key: 'maxburst',
    scope: 'flow',
    label: 'Max burst',
    unit: 'packets',
    min: 0,
    max: 1000,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    family: 'stack',
    doc: 'most packets sent per ACK; 0 = no limit',
    devDoc: 'packets per ACK, 0 = no limit (flow); auto: ns2 SCTP 4',
    defaultNote: '0',
    transportOnly: true,
    help: 'At most this many packets sent in response to one ACK; 0 = no limit; auto = the profile’s (ns2: 4 for SCTP, RFC 4960 Max.Burst; otherwise 0). ns-2 maxburst_; Fall & Floyd used 4 for NewReno and SACK.',
  },
  bugfix: {
    key: 'bugfix',
    scope: 'flow',
    label: 'Careful fast retransmit (bugfix)',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    family: 'stack',
    doc: 'TCP: one fast retransmit per window (ns-2 `bugFix_`)',
    devDoc: 'ns-2 `bugFix_` (flow, TCP)',
    apply: (v) => ({ bugfix: v }),
    transportOnly: true,
    help: 'TCP: ignore a 3rd duplicate ACK that does not pass the recovery point, so one window gets one cut (ns-2 bugFix_, RFC 2582 §3).',
  },
  icwnd: {
    key: 'icwnd',
    scope: 'flow',
    label: 'Initial cwnd',
    unit: 'packets',
    min: 1,
    max: 100,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    family: 'stack',
    doc: 'initial congestion window (SCTP: MTUs)',
    devDoc: 'initial cwnd (flow); auto: 1, ns2 TCP 2, ns2 SCTP 4380 B',
    defaultNote: '1',
    transportOnly: true,
    help: 'Congestion window at the start, packets (SCTP: MTUs); auto = the profile’s (ff96: 1; ns2: TCP 2, SCTP 4380 bytes).',
  },
  frtx: {
    key: 'frtx',
    scope: 'flow',
    label: 'Fast retransmit threshold',
    unit: 'dupacks',
    min: 1,
    max: 20,
    step: 1,
    kind: 'int',
    nullText: 'auto',
    family: 'stack',
    doc: 'dupacks / missing reports that trigger fast retransmit',
    devDoc: "fast-retransmit threshold (flow); auto: the sender's",
    apply: (v, f) => ({ dupackThreshold: effectiveFrtx(f.sender, v) }),
    transportOnly: true,
    help: 'Duplicate ACKs (TCP) or missing reports (SCTP) that trigger fast retransmit; auto = 3 for TCP and RFC 4960 SCTP, 4 for RFC 2960 and New-Reno SCTP.',
  },
  handshake: {
    key: 'handshake',
    scope: 'flow',
    label: 'Handshake',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    nullText: 'auto',
    family: 'stack',
    doc: 'SYN / INIT–COOKIE setup before data',
    devDoc: 'connection / association setup (flow); auto: ns2 SCTP 1',
    defaultNote: '0',
    transportOnly: true,
    help: 'Set up the connection (SYN) or association (INIT, COOKIE) before data; auto = the profile’s (ns2: SCTP yes, TCP sends a SYN segment instead; ff96: no).',
  },
  delack: {
    key: 'delack',
    scope: 'flow',
    label: 'Delayed ACKs',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    family: 'stack',
    doc: 'delayed ACKs / SACKs at the receiver',
    devDoc: 'delayed ACKs / SACKs (flow)',
    apply: (v) => ({ delayedAck: v }),
    transportOnly: true,
    help: 'Receiver ACKs every 2nd packet or after a delay (TCP 100 ms, SCTP 200 ms) instead of every packet.',
  },
  profile: {
    key: 'profile',
    scope: 'flow',
    label: 'Stack profile',
    unit: '',
    kind: 'enum',
    options: PROFILE_IDS,
    family: 'stack',
    doc: 'stack profile: which ns-2 settings the sender runs with (below)',
    devDoc: 'stack profile `ff96` / `ns2` / `rfc` (flow, profiles.ts)',
    noun: 'profile',
    transportOnly: true,
    help: 'ff96: the Fall & Floyd test-suite settings (cwnd 1, minimum RTO 1 s, no SYN); ns2: ns-2.35’s own defaults (TCP window 2, SYN segment, limited transmit, minimum RTO 0.2 s; SCTP 4380-byte cwnd, Max.Burst 4, handshake).',
  },
  pacing: {
    key: 'pacing',
    scope: 'flow',
    label: 'Pacing',
    unit: '',
    min: 0,
    max: 1,
    step: 1,
    kind: 'bool',
    nullText: 'auto',
    default: null,
    family: 'stack',
    doc: 'TCP: pace packets at the pacing rate (BBR: its own; others: 2 or 1.2 × cwnd/srtt)',
    devDoc: 'TCP sender pacing (flow); auto: on for BBR, off otherwise',
    defaultNote: 'BBR 1, else 0',
    apply: (v) => (v === null ? {} : { pacing: v }),
    transportOnly: true,
    help: 'TCP: packets leave no faster than the pacing rate (Linux, ns-3): BBR’s pacing_gain × bandwidth estimate, for the others 2 × cwnd/srtt in slow start and 1.2 × cwnd/srtt after; auto = on for BBR only.',
  },
  recovery: {
    key: 'recovery',
    scope: 'flow',
    label: 'Loss recovery',
    unit: '',
    kind: 'enum',
    options: RECOVERY_MODES,
    nullText: 'auto',
    family: 'stack',
    doc: 'TCP fast recovery of SACK and CUBIC: `classic` or `prr` (RFC 9937)',
    devDoc: 'FlowConfig.recovery (flow, SACK/CUBIC); auto: rfc prr, else classic',
    defaultNote: 'classic',
    // Only PRR reaches the engine: classic is FlowConfig's default, so every other run is unchanged.
    apply: (_, f) => (effectiveRecovery(f) === 'prr' ? { recovery: 'prr' } : {}),
    check: (s) =>
      s.flows.flatMap((f, i) => {
        if (f.recovery !== 'prr' || prrCapable(f.sender)) return [];
        const key = s.flows.length > 1 ? flowKeyName('recovery', i + 1) : 'recovery';
        return [
          {
            key,
            message: `${key}: prr (RFC 9937) needs a SACK-based sender (sack, cubic) with a SACK scoreboard to count pipe from; ${f.sender} recovers with its own rules — use recovery=classic or auto`,
          },
        ];
      }),
    transportOnly: true,
    help: 'How SACK TCP and CUBIC send during fast recovery: classic (Fall & Floyd’s pipe, ns-2’s Sack1) or prr, Proportional Rate Reduction (RFC 9937: cwnd = pipe + sndcnt on every ACK, ending at ssthresh); auto = prr under the rfc profile, classic otherwise.',
  },
} satisfies KeyFamilyFields<FamilyKey<'stack'>>;
