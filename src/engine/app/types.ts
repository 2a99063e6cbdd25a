/**
 * What feeds a flow's sender: the application at the source (issue "traffic mixes"). Plain data,
 * part of FlowConfig. A source counts whole packets of the flow's `mssBytes` payload (TCP
 * segments, SCTP DATA chunks, UDP datagrams), numbered 1, 2, … as the transport sends them; a
 * source with its own packet size is given it as the flow's `mssBytes` by the scenario layer.
 *
 * Units: seconds, bytes, bits per second, packets per second. Every random draw comes from the
 * flow's own named seeded stream (core/streams.ts), so adding a flow changes no other flow's draws.
 */

/** The application kinds, in the order the URL key `app` lists them. */
export const APP_KINDS = ['bulk', 'file', 'cbr', 'onoff', 'voip', 'ftp-clients'] as const;
export type AppKind = (typeof APP_KINDS)[number];

/** An infinite backlog from the flow's start (ns-2 Application/FTP `start`): today's default. */
export interface BulkApp {
  kind: 'bulk';
}

/**
 * One finite transfer of `bytes` offered at the flow's start, ⌈bytes / mssBytes⌉ packets (as
 * ns-2's `send nbytes` counts them; the last one carries what is left: payload.ts), after which
 * the sender closes: TCP FIN, SCTP SHUTDOWN (RFC 793 §3.5, RFC 4960 §9.2). UDP just stops.
 */
export interface FileApp {
  kind: 'file';
  bytes: number;
}

/**
 * Constant packet rate: one packet of the flow's `mssBytes` every 1 / pps seconds from the start
 * (D-ITG constant inter-departure time and packet size, Dainotti et al. 002_… Table I).
 */
export interface CbrApp {
  kind: 'cbr';
  pps: number;
}

/**
 * ON–OFF: exponential ON and OFF periods (means onS, offS); during ON, packets of `mssBytes` at
 * `rateBps` (ns-2 Application/Traffic/Exponential; the 003_… §3 "noise" clients: 40 kb/s,
 * 100 ms mean ON and OFF). Starts with an ON period.
 */
export interface OnOffApp {
  kind: 'onoff';
  onS: number;
  offS: number;
  rateBps: number;
}

/**
 * VoIP-like calls (003_… §3): calls with exponential holding times (mean holdS) separated by
 * exponential gaps (mean gapS); during a call a G.729-like ON–OFF talk pattern — `frameBytes`
 * of payload every `frameS` (8 kb/s in 20 ms frames: 20 bytes) during talk spurts with
 * exponential means talkS and silenceS. Starts with a call.
 */
export interface VoipApp {
  kind: 'voip';
  holdS: number;
  gapS: number;
  talkS: number;
  silenceS: number;
  frameS: number;
}

/**
 * An FTP client (003_… §3, after Noel and Tang): files with Pareto sizes (mean meanBytes, shape
 * `shape`: 80 KB or 800 KB, 1.18) one after another over the same connection, each requested an
 * exponential think time (mean thinkS) after the previous one is fully acknowledged. Starts with
 * a file.
 */
export interface FtpClientsApp {
  kind: 'ftp-clients';
  meanBytes: number;
  shape: number;
  thinkS: number;
}

export type AppConfig = BulkApp | FileApp | CbrApp | OnOffApp | VoipApp | FtpClientsApp;

export const BULK: BulkApp = Object.freeze({ kind: 'bulk' }) as BulkApp;
