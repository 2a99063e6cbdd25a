import type { EventHandler } from '../core/scheduler';
import type { RandomStream } from '../core/streams';
import { requirePositive, type SourceContext } from './context';
import type { AppSource } from './source';
import type { OnOffApp } from './types';

/** An ON–OFF source with its history (for tests and the explanation of a run). */
export interface OnOffSource extends AppSource {
  /** Bursts started so far (ON periods). */
  readonly bursts: number;
  /** Sum of the burst lengths drawn so far, packets (the current burst's unsent ones included). */
  readonly burstPackets: number;
  /** Sum of the OFF periods drawn so far, seconds (each excludes the packet interval before it). */
  readonly offSumS: number;
}

/**
 * ON–OFF traffic with exponential periods, as ns-2's Application/Traffic/Exponential
 * (expoo.cc, EXPOO_Traffic::next_interval): packets of the flow's `mssBytes` are sent every
 * interval = 8 · mssBytes / rateBps seconds during a burst; a burst holds
 * n = max(1, ⌊X + 0.5⌋) packets with X exponential of mean onS / interval (the ON time in
 * packets, expoo's burstlen_); after a burst's last packet the next burst starts
 * interval + Y later, Y exponential of mean offS (expoo's Offtime_). Units: seconds, bit/s.
 * Long run: E[n] packets per cycle of E[n] · interval + offS seconds — about rateBps · onS /
 * (onS + offS) bit/s of payload (003_… §3's noise sources: 40 kb/s, 100 ms on, 100 ms off).
 *
 * Where it departs from ns-2: it starts with a burst at the flow's start (ns-2's start() first
 * calls next_interval, so its first packet comes interval + an OFF period after the start), and
 * the draws come from the flow's own streams 'onoff.on' (burst lengths) and 'onoff.off' (OFF
 * periods; core/streams.ts, index = flow id), not from ns-2's RNG.
 * @throws Error for a non-positive or non-finite onS, offS or rateBps, or mssBytes ≤ 0.
 */
export function onoffSource(app: OnOffApp, ctx: SourceContext): OnOffSource {
  requirePositive(ctx, 'onoff', { onS: app.onS, offS: app.offS, rateBps: app.rateBps });
  return new ExpOnOff(app, ctx);
}

class ExpOnOff implements OnOffSource, EventHandler {
  private count = 0;
  private wake: () => void = () => {};
  /** Packets left in the current burst after the one being sent. */
  private rem = 0;
  private readonly interval: number;
  private readonly burstMean: number;
  private readonly on: RandomStream;
  private readonly off: RandomStream;
  bursts = 0;
  burstPackets = 0;
  offSumS = 0;

  constructor(
    private readonly app: OnOffApp,
    private readonly ctx: SourceContext,
  ) {
    this.interval = (8 * ctx.flow.mssBytes) / app.rateBps;
    this.burstMean = app.onS / this.interval;
    this.on = ctx.stream('onoff.on');
    this.off = ctx.stream('onoff.off');
  }

  offered(): number {
    return this.count;
  }

  finished(): boolean {
    return false;
  }

  start(wake: () => void): void {
    this.wake = wake;
    this.newBurst();
    this.onEvent();
  }

  drained(): void {}

  offeredBytes(): number {
    return this.count * this.ctx.flow.mssBytes;
  }

  private newBurst(): void {
    const n = Math.floor(this.on.exponential(this.burstMean) + 0.5);
    this.rem = n > 0 ? n : 1;
    this.bursts++;
    this.burstPackets += this.rem;
  }

  /** Send one packet, then schedule the next: in the burst, or after an OFF period. */
  onEvent(): void {
    this.count++;
    this.rem--;
    this.wake();
    let t = this.interval;
    if (this.rem === 0) {
      const y = this.off.exponential(this.app.offS);
      this.offSumS += y;
      t += y;
      this.newBurst();
    }
    const s = this.ctx.sched;
    s.postAt(s.now + t, s.reserveSeq(), this, 0, null);
  }
}
