import type { EventHandler } from '../core/scheduler';
import type { RandomStream } from '../core/streams';
import { requirePositive, type SourceContext } from './context';
import type { AppSource } from './source';
import type { VoipApp } from './types';

/** One call of a VoIP source. */
export interface VoipCall {
  /** Start, seconds. */
  readonly startS: number;
  /** End (start + holding time), seconds. */
  readonly endS: number;
}

/** A VoIP source with its history (for tests and the explanation of a run). */
export interface VoipSource extends AppSource {
  /** The calls started so far, in order (the last may still be under way). */
  readonly calls: readonly VoipCall[];
  /** Talk spurts started so far. */
  readonly spurts: number;
  /** Sum of the talk-spurt durations drawn so far (before the call's end cuts them), seconds. */
  readonly talkSumS: number;
}

const CALL = 0;
const SPURT = 1;
const FRAME = 2;

/**
 * VoIP-like traffic (Vicuña et al. 003_… §3): calls with exponential holding times (mean holdS,
 * e.g. 30 s or 300 s) separated by exponential gaps (mean gapS, e.g. 60 s); inside a call a
 * G.729-like talk pattern — talk spurts and silences, exponential with means talkS and silenceS
 * (a voice activity detector's ON–OFF model), and during a spurt one frame of the flow's
 * `mssBytes` every frameS seconds (G.729: 10 bytes per 10 ms, 8 kb/s; two frames per packet
 * every 20 ms = 20 bytes, the default the scenario layer sets). Units: seconds, bytes.
 *
 * Timeline: the first call starts at the flow's start with a talk spurt. A spurt starting at s
 * sends frames at s, s + frameS, … (each the previous time + frameS in double precision) while
 * the time is before both the spurt's end s + talk and the call's end; the next spurt starts a
 * silence after the spurt's end if that is before the call's end, else the next call starts a
 * gap after the call's end. At least one frame per spurt.
 * Long run: payload ≈ 8 · mssBytes / frameS · (talk share of a call) · holdS / (holdS + gapS)
 * bit/s, the talk share ≈ talkS / (talkS + silenceS) for calls much longer than a spurt.
 *
 * Draws from four of the flow's streams (core/streams.ts, index = flow id): 'voip.hold',
 * 'voip.gap', 'voip.talk', 'voip.silence' — a longer call shifts no gap, spurt or silence.
 * @throws Error for a non-positive or non-finite holdS, gapS, talkS, silenceS or frameS, or
 *   mssBytes ≤ 0.
 */
export function voipSource(app: VoipApp, ctx: SourceContext): VoipSource {
  const { holdS, gapS, talkS, silenceS, frameS } = app;
  requirePositive(ctx, 'voip', { holdS, gapS, talkS, silenceS, frameS });
  return new Voip(app, ctx);
}

class Voip implements VoipSource, EventHandler {
  private count = 0;
  private wake: () => void = () => {};
  private callEnd = 0;
  private spurtEnd = 0;
  private readonly hold: RandomStream;
  private readonly gap: RandomStream;
  private readonly talk: RandomStream;
  private readonly silence: RandomStream;
  readonly calls: VoipCall[] = [];
  spurts = 0;
  talkSumS = 0;

  constructor(
    private readonly app: VoipApp,
    private readonly ctx: SourceContext,
  ) {
    this.hold = ctx.stream('voip.hold');
    this.gap = ctx.stream('voip.gap');
    this.talk = ctx.stream('voip.talk');
    this.silence = ctx.stream('voip.silence');
  }

  offered(): number {
    return this.count;
  }

  finished(): boolean {
    return false;
  }

  start(wake: () => void): void {
    this.wake = wake;
    this.onEvent(CALL);
  }

  drained(): void {}

  offeredBytes(): number {
    return this.count * this.ctx.flow.mssBytes;
  }

  private later(t: number, kind: number): void {
    const s = this.ctx.sched;
    s.postAt(t, s.reserveSeq(), this, kind, null);
  }

  onEvent(kind: number): void {
    const now = this.ctx.sched.now;
    if (kind === CALL) {
      this.callEnd = now + this.hold.exponential(this.app.holdS);
      this.calls.push({ startS: now, endS: this.callEnd });
      kind = SPURT;
    }
    if (kind === SPURT) {
      const talk = this.talk.exponential(this.app.talkS);
      this.spurts++;
      this.talkSumS += talk;
      this.spurtEnd = now + talk;
    }
    this.count++;
    this.wake();
    const next = now + this.app.frameS;
    if (next < this.spurtEnd && next < this.callEnd) {
      this.later(next, FRAME);
      return;
    }
    if (this.spurtEnd < this.callEnd) {
      const spurt = this.spurtEnd + this.silence.exponential(this.app.silenceS);
      if (spurt < this.callEnd) {
        this.later(spurt, SPURT);
        return;
      }
    }
    this.later(this.callEnd + this.gap.exponential(this.app.gapS), CALL);
  }
}
