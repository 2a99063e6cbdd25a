import type { LinkEvent, SimConfig } from '../config';
import type { Scheduler } from '../core/scheduler';
import type { Network } from './network';

/**
 * The schedule of link failures and repairs of a run (SimConfig.linkEvents): each event takes the
 * full-duplex link a–b down or brings it up at its time (seconds) and the network recomputes its
 * routes at once (Network.setLinkUp).
 *
 * Source: ns-2.35 `$ns rtmodel-at <t> down|up $n1 $n2` (tcl/rtglib/dynamics.tcl: rtModel/Manual
 * takes both directions down — `Link instproc down`, tcl/lib/ns-link.tcl — then notifies the
 * route logic; with `$ns rtproto Session`, Simulator compute-routes runs over the links that
 * are up). ns-2's default Static routing computes routes once and never again; the engine
 * follows Session routing, the one that reroutes. ns-2 puts these events on its scheduler when
 * the run starts (Simulator run → rtmodel-configure), after what the script scheduled for the
 * flows; the engine schedules them after the flows' start events, in list order.
 */
export class LinkSchedule {
  private readonly events: readonly LinkEvent[];

  /**
   * @throws RangeError for an event at a time that is not a finite number ≥ 0;
   *   Error for a link that does not exist.
   */
  constructor(
    cfg: SimConfig,
    private readonly net: Network,
  ) {
    this.events = cfg.linkEvents ?? [];
    for (const e of this.events) {
      if (!(Number.isFinite(e.at) && e.at >= 0)) {
        throw new RangeError(
          `link ${e.link.a}–${e.link.b}: event time must be a number of seconds ≥ 0, got ${e.at}`,
        );
      }
      net.linkIndex(e.link.a, e.link.b); // throws for a link that does not exist
    }
  }

  /**
   * Put the events on the scheduler (call once, after the flows have started): one scheduler
   * event per distinct time, in the order the times first appear, which applies that time's
   * changes in list order and then recomputes the routes once — ns-2's rtQueue runq runs every
   * model's up / down at a time before any of them notifies the route logic, so two links
   * failing together never yield the routes of one of them alone.
   */
  schedule(sched: Scheduler): void {
    const byTime = new Map<number, LinkEvent[]>();
    for (const e of this.events) {
      const list = byTime.get(e.at);
      if (list) list.push(e);
      else byTime.set(e.at, [e]);
    }
    for (const [at, list] of byTime) {
      sched.at(at, () => {
        for (const e of list) this.net.setLinkState(e.link.a, e.link.b, e.up);
        this.net.recomputeRoutes();
      });
    }
  }
}
