/**
 * A decision taken because the application offered more data (an application-limited sender
 * resuming) is triggered by the application (TriggerKind.app), not by an ACK, a timer or the
 * start of the flow — so the log and predict mode can say what happened.
 */
import { describe, expect, it } from 'vitest';
import { decisionsOf, run, type Decision } from '../../../src/engine';
import { predictEventText } from '../../../src/ui/model/predict';
import { fallFloydConfig } from '../../helpers/fall-floyd';

function appDecisions(sender: 'reno' | 'sctp-4960'): { all: Decision[]; app: Decision[] } {
  // CBR at 10 packets/s, far below the 0.8 Mb/s bottleneck: the sender is application-limited.
  const cfg = fallFloydConfig(sender, [], { flow: { app: { kind: 'cbr', pps: 10 } }, stopS: 2 });
  const trace = run(cfg);
  const all = decisionsOf(trace);
  return { all, app: all.filter((d) => d.trigger.kind === 'app') };
}

describe('application-triggered decisions', () => {
  for (const sender of ['reno', 'sctp-4960'] as const) {
    it(`${sender}: a packet offered while the window has room goes out in an 'app' decision`, () => {
      const { all, app } = appDecisions(sender);
      // The flow starts at 1 s: CBR offers packet k at 1 + (k − 1)/10 s. Packets 2 and 3 are
      // offered while packet 1 fills the initial window and leave on its ACK (1.21 s), 4 and 5
      // on the next; from packet 6 on the window has room when the packet is offered.
      expect(all[0]!.trigger.kind).toBe('start');
      expect(all[0]!.packets).toEqual([1]);
      expect(all.filter((d) => d.trigger.kind === 'ack').flatMap((d) => d.packets)).toEqual([
        2, 3, 4, 5,
      ]);
      expect(app.map((d) => d.packets)).toEqual([[6], [7], [8], [9], [10]]);
      expect(app.map((d) => d.time)).toEqual(
        [1.5, 1.6, 1.7, 1.8, 1.9].map((t) => expect.closeTo(t, 9)),
      );
      expect(app.every((d) => d.code === `${sender === 'reno' ? 'tcp' : 'sctp'}.app-send`)).toBe(
        true,
      );
    });
  }

  it('predict mode names the application as the trigger', () => {
    const { app } = appDecisions('reno');
    expect(predictEventText(run(fallFloydConfig('reno')), app[0]!)).toBe(
      'the application offering more data',
    );
  });
});
