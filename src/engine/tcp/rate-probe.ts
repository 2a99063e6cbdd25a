import type { FlowConfig } from '../config';
import type { RateInfo, RateRow } from '../trace/rates';
import type { TraceSink } from '../trace/sink';
import type { AckSample } from './ack-samples';
import type { TcpPacer } from './pacing';

/**
 * Writes a TCP sender's rate row after each ACK (trace/rates.ts) into one reused record: the
 * pacing rate in force, the ACK's delivery-rate and RTT samples (ack-samples.ts; packets/s
 * turned into bit/s of payload, MSS bits) and the variant's own model values (BBR's bandwidth
 * estimate, min_rtt, mode, gains and phase; `RateInfo`), NaN / 0 / −1 where it has none.
 * Made only for a full trace (sink.recordsDecisions).
 */
export class TcpRateProbe {
  private readonly row: RateRow = {
    time: 0,
    flow: 0,
    decision: -1,
    pacingRate: NaN,
    deliveryRate: NaN,
    appLimited: 0,
    bwEstimate: NaN,
    minRtt: NaN,
    rtt: NaN,
    state: 0,
    pacingGain: NaN,
    cwndGain: NaN,
    phase: -1,
  };
  private readonly bitsPerPacket: number;

  constructor(
    private readonly sink: TraceSink,
    cfg: FlowConfig,
  ) {
    this.row.flow = cfg.id;
    this.bitsPerPacket = cfg.mssBytes * 8;
  }

  /** The row of the ACK just processed at `now`, its decision row `decision`. */
  record(
    now: number,
    decision: number,
    pacer: TcpPacer | null,
    a: AckSample,
    info: RateInfo | null,
  ): void {
    const r = this.row;
    r.time = now;
    r.decision = decision;
    const rate = pacer ? pacer.currentRate() : NaN;
    r.pacingRate = rate === Infinity ? NaN : rate;
    r.deliveryRate = a.rate.deliveryRate * this.bitsPerPacket;
    r.appLimited = a.rate.appLimited ? 1 : 0;
    r.rtt = a.rttS;
    if (info) {
      r.bwEstimate = info.bwEstimate;
      r.minRtt = info.minRtt;
      r.state = info.state;
      r.pacingGain = info.pacingGain;
      r.cwndGain = info.cwndGain;
      r.phase = info.phase;
    }
    this.sink.rate(r);
  }
}
