/**
 * A flow's application keys → the engine's AppConfig (src/engine/app/types.ts), and the payload
 * size the flow's packets carry: `size` for the packet sources (cbr, onoff, voip; 002_…'s PS,
 * G.729's 20-byte frames), `mss` otherwise. The run's `loss` and `burst` → the loss point's
 * Bernoulli rate or Gilbert–Elliott chain.
 */
import type { AppConfig, LossConfig } from '../engine';
import type { FlowSpec, RunSettings } from './types';

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

/**
 * The loss point's random part: with `burst` null, Bernoulli losses at `loss`; with a mean
 * burst length B ≥ 1 packets, a Gilbert chain (good state no loss, bad state every packet lost)
 * with P(bad → good) = 1/B and P(good → bad) = loss · (1/B) / (1 − loss), whose stationary loss
 * rate is `loss` and whose runs of losses last B packets on average (Gilbert 1960; Elliott
 * 1963). With loss 0 nothing is lost either way.
 */
export function randomLoss(
  run: Pick<RunSettings, 'loss' | 'burst'>,
): Pick<LossConfig, 'lossRate' | 'gilbert'> {
  if (run.burst === null || run.loss === 0) return { lossRate: run.loss };
  const pBadGood = 1 / run.burst;
  const pGoodBad = Math.min(1, (run.loss * pBadGood) / (1 - run.loss));
  return { lossRate: run.loss, gilbert: { pGoodBad, pBadGood, lossGood: 0, lossBad: 1 } };
}
