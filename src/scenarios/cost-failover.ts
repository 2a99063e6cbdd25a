/**
 * How long a multi-homed SCTP association's new data may stay off its primary path, for the
 * run-cost bound (cost-flow.ts: while away, its window meets the other paths' loss and rate,
 * not the primary's) — RFC 4960 §8.2's failover after Path.Max.Retrans + 1 errors and §8.3's
 * HEARTBEATs, which bring the primary back.
 */
import {
  HB_INTERVAL_S,
  PATH_MAX_RETRANS,
  RTO_MAX_S,
  type FlowConfig,
  type SimConfig,
} from '../engine';

/**
 * The share of its data time a multi-homed association (`paths` > 1, no CMT) may send new data
 * to an address other than its primary, 0–1 (cost-flow.ts: there its window meets that path's
 * loss, not the primary's). Each stay away begins after Path.Max.Retrans + 1 strikes in a row on
 * the primary — T3-rtx expiries with nothing on it acknowledged, the RTO doubling from RTO.Min
 * at least, up to RTO.Max: T = Σ_{k=0..PMR} min(RTO.Max, RTO.Min · 2^k) seconds on the primary —
 * and ends when a HEARTBEAT to it is answered: within B = HB.interval + 1.5 RTO.Max + a round
 * trip (its timer runs RTO + HB.interval ± RTO/2), once per other idle path. Share B / (B + T).
 * 1 with CMT, without heartbeats (HB.interval 0: the primary never comes back), when random loss
 * may take control packets (a HEARTBEAT lost: a longer stay) or links go down.
 */
export function backupShare(cfg: SimConfig, f: FlowConfig, paths: number, rttS: number): number {
  if (paths < 2) return 0;
  const hb = f.hbIntervalS ?? HB_INTERVAL_S;
  const lossyControl = cfg.losses.some((l) => l.types?.includes('control'));
  if (f.cmt || hb === 0 || lossyControl || (cfg.linkEvents?.length ?? 0) > 0) return 1;
  const rtoMax = f.maxRtoS ?? RTO_MAX_S;
  let onPrimary = 0;
  let rto = f.minRtoS;
  for (let k = 0; k <= (f.pathMaxRetrans ?? PATH_MAX_RETRANS); k++, rto *= 2) {
    onPrimary += Math.min(rtoMax, rto);
  }
  const away = (paths - 1) * (hb + 1.5 * rtoMax + rttS);
  return away / (away + onPrimary);
}
