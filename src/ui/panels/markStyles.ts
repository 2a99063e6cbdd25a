/**
 * Glyphs and mark kinds: every kind of point mark the panels draw, with its glyph, colour and
 * size (MARK_STYLES), one entry per kind, so a term keeps its glyph in every panel. Part of the
 * palette (palette.ts re-exports it); colours are ColorKeys resolved by the theme.
 */
import type { ColorKey } from './types';

/** Glyph shapes (drawn by glyphs.ts for both SVG and canvas). */
export const Glyph = {
  none: 0,
  squareFilled: 1,
  squareOpen: 2,
  cross: 3,
  asterisk: 4,
  diamondOpen: 5,
  circleOpen: 6,
  /** Vertical bar spanning one packet (y − 1 … y) with end caps: a segment in the time–sequence plot. */
  segment: 7,
  /** Short vertical tick above the point. */
  tick: 8,
  /** Short thick bar above the point (SACK / Gap Ack). */
  sackBar: 9,
  triangleDown: 10,
  circleFilled: 11,
  triangleUp: 12,
  diamondFilled: 13,
  /** Open variants for the paths of a multi-homed association (pathStyle.ts). */
  triangleUpOpen: 14,
  triangleDownOpen: 15,
  /** ○ with a dot in the middle (⊙). */
  circleDot: 16,
  /** ○ with a cross inside (⊗). */
  circleCross: 17,
  /** The segment bar with a dot on its top instead of a cap (data on a non-primary path). */
  segmentDot: 18,
  /** A vertical bar centred on the point (a delivery in a stream's lane). */
  vbar: 19,
  /** ○ with one diagonal stroke (⊘): a packet lost at a link that is down. */
  circleSlash: 20,
} as const;
export type Glyph = (typeof Glyph)[keyof typeof Glyph];

/** Every kind of point mark the panels draw. */
export const MarkKind = {
  arrival: 0,
  departure: 1,
  dropScripted: 2,
  dropOverflow: 3,
  dropRandom: 4,
  ackAtRouter: 5,
  segment: 6,
  segmentRetx: 7,
  ackAtSender: 8,
  dupack: 9,
  sack: 10,
  timeout: 11,
  /** A flow's own glyph in its colour (flowStyle), on that flow's line (throughput, cwnd). */
  flowMarker: 12,
  /** Path events of a multi-homed association on the per-path cwnd plot (pathCwnd.ts). */
  pathFailover: 13,
  pathRecovered: 14,
  pathPrimary: 15,
  pathAbort: 16,
  /** HEARTBEAT sent / unanswered / T3-rtx expiry: drawn in the path's colour. */
  pathHeartbeat: 17,
  pathHbTimeout: 18,
  pathT3: 19,
  /** A message delivered to the application (the per-stream delivery timeline). */
  delivery: 20,
  deliveryUnordered: 21,
  /** Stream sequence numbers never delivered before this one (skipped: PR-SCTP). */
  deliverySkip: 22,
  /** A packet dropped because its link was down (DropCause.linkDown; issue 13's dynamic network). */
  dropLinkDown: 23,
  /** A delivery-rate sample (rate panel) and an application-limited one; an RTT sample (RTT panel). */
  rateSample: 24,
  rateSampleAppLimited: 25,
  rttSample: 26,
  /** BBR entering a mode (rate panel, along its top edge). */
  bbrMode: 27,
  /** A packet the queue discipline dropped early or at the head (DropCause.aqm: RED, CoDel, PIE). */
  dropAqm: 28,
  /** A packet the queue discipline marked CE instead of dropping it (ECN, RFC 3168). */
  ceMark: 29,
  /** A packet an 802.11 MAC gave up on at its retry limit (DropCause.macRetry; issue 28). */
  dropMacRetry: 30,
  /** CoDel's next drop time while it is dropping (drop_next; the queue-over-time panel). */
  aqmNextDrop: 31,
} as const;
export type MarkKind = (typeof MarkKind)[keyof typeof MarkKind];

/** The drop marks, in legend order (one per DropCause). */
export const DROP_MARK_KINDS = [
  MarkKind.dropScripted,
  MarkKind.dropOverflow,
  MarkKind.dropAqm,
  MarkKind.dropRandom,
  MarkKind.dropLinkDown,
  MarkKind.dropMacRetry,
] as const;

export interface MarkStyle {
  glyph: Glyph;
  color: ColorKey;
  /** Size relative to METRICS.markPx. */
  scale: number;
  /** Legend text. */
  label: string;
  /** Symbol to show in text (legend fallback, tooltips). */
  symbol: string;
}

export const MARK_STYLES: Record<MarkKind, MarkStyle> = {
  [MarkKind.arrival]: {
    glyph: Glyph.squareFilled,
    color: 'data',
    scale: 1,
    label: 'arrival at router',
    symbol: '■',
  },
  [MarkKind.departure]: {
    glyph: Glyph.squareOpen,
    color: 'data',
    scale: 1.75,
    label: 'departure on bottleneck',
    symbol: '□',
  },
  [MarkKind.dropScripted]: {
    glyph: Glyph.cross,
    color: 'retx',
    scale: 1.9,
    label: 'drop (scripted)',
    symbol: '×',
  },
  [MarkKind.dropOverflow]: {
    glyph: Glyph.asterisk,
    color: 'overflow',
    scale: 2,
    label: 'drop (queue overflow)',
    symbol: '✱',
  },
  [MarkKind.dropRandom]: {
    glyph: Glyph.diamondOpen,
    color: 'random',
    scale: 2,
    label: 'drop (random loss)',
    symbol: '◇',
  },
  [MarkKind.dropAqm]: {
    glyph: Glyph.triangleDown,
    color: 'overflow',
    scale: 2,
    label: 'drop (AQM: early or head drop)',
    symbol: '▼',
  },
  [MarkKind.ceMark]: {
    glyph: Glyph.triangleUpOpen,
    color: 'random',
    scale: 2,
    label: 'ECN CE mark (instead of a drop)',
    symbol: '△',
  },
  [MarkKind.dropLinkDown]: {
    glyph: Glyph.circleSlash,
    color: 'overflow',
    scale: 2,
    label: 'drop (link down)',
    symbol: '⊘',
  },
  [MarkKind.aqmNextDrop]: {
    glyph: Glyph.triangleDownOpen,
    color: 'muted',
    scale: 1.6,
    label: 'next drop due (CoDel drop_next)',
    symbol: '▽',
  },
  [MarkKind.dropMacRetry]: {
    glyph: Glyph.circleCross,
    color: 'random',
    scale: 2,
    label: 'drop (MAC retry limit)',
    symbol: '⊗',
  },
  [MarkKind.ackAtRouter]: {
    glyph: Glyph.circleOpen,
    color: 'ack',
    scale: 1.1,
    label: 'ACK at router',
    symbol: '○',
  },
  [MarkKind.segment]: {
    glyph: Glyph.segment,
    color: 'data',
    scale: 1,
    label: 'data segment sent',
    symbol: 'I',
  },
  [MarkKind.segmentRetx]: {
    glyph: Glyph.segment,
    color: 'retx',
    scale: 1,
    label: 'retransmission (R)',
    symbol: 'R',
  },
  [MarkKind.ackAtSender]: {
    glyph: Glyph.none,
    color: 'ack',
    scale: 1,
    label: 'ACK received',
    symbol: '—',
  },
  [MarkKind.dupack]: {
    glyph: Glyph.tick,
    color: 'ack',
    scale: 1.3,
    label: 'duplicate ACK',
    symbol: '╷',
  },
  [MarkKind.sack]: {
    glyph: Glyph.sackBar,
    color: 'sack',
    scale: 1.3,
    label: 'SACK blocks reported',
    symbol: '▮',
  },
  [MarkKind.timeout]: {
    glyph: Glyph.triangleDown,
    color: 'retx',
    scale: 1.6,
    label: 'timeout (RTO)',
    symbol: '▼',
  },
  // Glyph and colour come from the mark's flow (flowStyle); these are placeholders.
  [MarkKind.flowMarker]: {
    glyph: Glyph.circleFilled,
    color: 'flow1',
    scale: 1.3,
    label: 'flow',
    symbol: '●',
  },
  [MarkKind.pathFailover]: {
    glyph: Glyph.triangleUp,
    color: 'retx',
    scale: 1.7,
    label: 'failover',
    symbol: '▲',
  },
  [MarkKind.pathRecovered]: {
    glyph: Glyph.circleFilled,
    color: 'ack',
    scale: 1.6,
    label: 'path active again',
    symbol: '●',
  },
  [MarkKind.pathPrimary]: {
    glyph: Glyph.diamondFilled,
    color: 'data',
    scale: 1.6,
    label: 'back to primary',
    symbol: '◆',
  },
  [MarkKind.pathAbort]: {
    glyph: Glyph.asterisk,
    color: 'overflow',
    scale: 2,
    label: 'association aborted',
    symbol: '✱',
  },
  // The path marks below take their path's colour (pathStyle.ts); these are placeholders.
  [MarkKind.pathHeartbeat]: {
    glyph: Glyph.circleOpen,
    color: 'fg',
    scale: 1.1,
    label: 'HEARTBEAT',
    symbol: '○',
  },
  [MarkKind.pathHbTimeout]: {
    glyph: Glyph.circleCross,
    color: 'fg',
    scale: 1.5,
    label: 'HEARTBEAT unanswered',
    symbol: '⊗',
  },
  [MarkKind.pathT3]: {
    glyph: Glyph.triangleDown,
    color: 'fg',
    scale: 1.5,
    label: 'T3-rtx expiry',
    symbol: '▼',
  },
  // Deliveries take their flow's colour (flowStyle).
  [MarkKind.delivery]: {
    glyph: Glyph.vbar,
    color: 'data',
    scale: 1.3,
    label: 'message delivered in order',
    symbol: '|',
  },
  [MarkKind.deliveryUnordered]: {
    glyph: Glyph.circleOpen,
    color: 'data',
    scale: 1.3,
    label: 'message delivered unordered (U bit)',
    symbol: '○',
  },
  [MarkKind.deliverySkip]: {
    glyph: Glyph.cross,
    color: 'retx',
    scale: 1.6,
    label: 'messages never delivered (SSNs skipped)',
    symbol: '×',
  },
  // Rate and RTT samples take their flow's colour (flowStyle).
  [MarkKind.rateSample]: {
    glyph: Glyph.circleFilled,
    color: 'data',
    scale: 0.7,
    label: 'delivery-rate sample',
    symbol: '●',
  },
  [MarkKind.rateSampleAppLimited]: {
    glyph: Glyph.circleOpen,
    color: 'data',
    scale: 0.8,
    label: 'delivery-rate sample, application-limited',
    symbol: '○',
  },
  [MarkKind.rttSample]: {
    glyph: Glyph.circleFilled,
    color: 'data',
    scale: 0.7,
    label: 'RTT sample',
    symbol: '●',
  },
  // A diamond, not the playhead's ▼ at the top of the cursor line.
  [MarkKind.bbrMode]: {
    glyph: Glyph.diamondFilled,
    color: 'fg',
    scale: 1.4,
    label: 'BBR enters a mode',
    symbol: '◆',
  },
};
