/**
 * A flow's application keys → the engine's AppConfig (src/engine/app/types.ts), and the payload
 * size the flow's packets carry: `size` for the packet sources (cbr, onoff, voip; 002_…'s PS,
 * G.729's 20-byte frames), `mss` otherwise. (The run's `loss` and `burst`: loss-config.ts.)
 */
import type { AppConfig } from '../engine';
import type { FlowSpec } from './types';

/** Applications that send packets of their own size (`size`) at their own pace. */
export const PACKET_APPS: ReadonlySet<FlowSpec['app']> = new Set(['cbr', 'onoff', 'voip']);

/** The engine's application of a flow. */
export function appConfig(f: FlowSpec): AppConfig {
  switch (f.app) {
    case 'bulk':
      return { kind: 'bulk' };
    case 'file':
      return { kind: 'file', bytes: f.bytes };
    case 'cbr':
      return { kind: 'cbr', pps: f.pps };
    case 'onoff':
      return { kind: 'onoff', onS: f.on, offS: f.off, rateBps: f.rate };
    case 'voip':
      return {
        kind: 'voip',
        holdS: f.hold,
        gapS: f.gap,
        talkS: f.talk,
        silenceS: f.silence,
        frameS: f.frame,
      };
    case 'ftp-clients':
      return { kind: 'ftp-clients', meanBytes: f.bytes, shape: f.shape, thinkS: f.think };
  }
}

/** Payload bytes per data packet of a flow: `size` (else mss) for cbr/onoff/voip, else mss. */
export function payloadBytes(f: FlowSpec): number {
  return PACKET_APPS.has(f.app) ? (f.size ?? f.mss) : f.mss;
}
