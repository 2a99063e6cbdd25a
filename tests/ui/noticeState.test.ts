/**
 * The preset notice against the run on screen (issue 10 §1): an edited scenario never shows a
 * notice the run contradicts. Either the scenario is the preset as written (its notice's
 * numbers are re-checked against that run by tests/scenarios/notices.test.ts and the others),
 * or the notice is marked as describing the unedited preset, the changes are named and the
 * run's own counts (read from its trace) come first.
 */
import { describe, expect, it } from 'vitest';
import { PacketEventKind, PacketType, run, type Trace } from '../../src/engine';
import { buildSimConfig, PRESETS, type Scenario } from '../../src/scenarios';
import { noticeState, runSummary, runSummaryText } from '../../src/ui/model/noticeState';
import { parseQuery } from '../../src/ui/model/scenarioQuery';

function scenario(q: string): Scenario {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(`${q}: ${r.error}`);
  return r.scenario;
}

/** Data-packet drop events per flow, counted here independently of the model. */
function dropsPerFlow(t: Trace): number[] {
  const out = t.flows.map(() => 0);
  const P = t.packets;
  const X = t.transmissions;
  for (let i = 0; i < P.length; i++) {
    const u = P.uid[i]!;
    if (P.kind[i] === PacketEventKind.drop && X.type[u] === PacketType.data) out[X.flow[u]!]! += 1;
  }
  return out;
}

/** An edit of drops and queue that differs from the preset's own values. */
function editOf(id: string): { q: string; drops: string; queue: string } {
  const base = scenario(`preset=${id}`);
  const queue = String(Math.max(2, Math.floor(base.queue / 2)));
  const drops = base.flows[0]!.drops.some((d) => d.packet === 14) ? '13' : '14';
  return { q: `preset=${id}&drops=${drops}&queue=${queue}`, drops, queue };
}

describe('noticeState: the preset as written', () => {
  it('every preset, opened as written, shows its title and notice unmarked', () => {
    for (const p of PRESETS) {
      const ns = noticeState(scenario(`preset=${p.id}`))!;
      expect(ns.edited, p.id).toBe(false);
      expect(ns.changes, p.id).toEqual([]);
      expect(ns.heading).toBe(p.title);
      expect(ns.banner).toBeNull();
      expect(ns.text.startsWith(p.notice)).toBe(true);
    }
  });

  it('a sender the preset’s sender notes cover is not an edit, and its note is shown', () => {
    const ff1 = PRESETS.find((p) => p.id === 'ff-1-drops')!;
    for (const sender of Object.keys(ff1.senderNotes!)) {
      const ns = noticeState(scenario(`preset=ff-1-drops&sender=${sender}`))!;
      expect(ns.edited, sender).toBe(false);
      expect(ns.text).toContain(ff1.senderNotes![sender as keyof typeof ff1.senderNotes]!);
    }
  });

  it('a comparison preset’s senders, and a notice written for every sender, are not edits', () => {
    expect(noticeState(scenario('preset=caro-fig2-1-drop&sender=sctp-newreno'))!.edited).toBe(
      false,
    );
    expect(noticeState(scenario('preset=fall-floyd&sender=sack'))!.edited).toBe(false);
  });

  it('a sender the notice does not cover is an edit (alamgir-fig8 is about TCP-SACK)', () => {
    const ns = noticeState(scenario('preset=alamgir-fig8&sender=reno'))!;
    expect(ns.edited).toBe(true);
    expect(ns.changes).toEqual([{ key: 'sender', from: 'sack', to: 'reno' }]);
    // Two flows: flow 1's sender changes what the notice says about flow 1.
    expect(noticeState(scenario('preset=cubic-vs-reno&sender=cubic'))!.edited).toBe(true);
  });

  it('a table preset’s row (n) is not an edit; its loss is', () => {
    expect(noticeState(scenario('preset=geo-table2&n=6'))!.edited).toBe(false);
    const ns = noticeState(scenario('preset=alamgir-table2&loss=0.02&seed=4'))!;
    expect(ns.changes.map((c) => `${c.key} ${c.from} → ${c.to}`)).toEqual([
      'loss 0.01 → 0.02',
      'seed 1 → 4',
    ]);
  });
});

/**
 * Presets whose edited run is summarised and checked against the trace: one of each shape a run
 * summary reads differently — one TCP flow, SCTP, several flows, TCP beside UDP, a multi-homed
 * association, an AQM's early drops, an 802.11 cell's MAC drops, a table preset's sources,
 * pacing (BBR beside CUBIC), PR-SCTP's abandoned chunks. runSummary reads only the trace's
 * flows, FlowStats and data-drop events, so every other preset's summary is one of these shapes
 * (running all 70 distinct configurations was most of this file's time, for no other branch).
 */
const SUMMARISED = [
  'ff-3-drops',
  'caro-fig5-2-drops',
  'geo-shared',
  'vicuna-a-tcp-udp',
  'sctp-failover',
  'red-floyd-jacobson',
  'wifi-saturation',
  'geo-table2',
  'bbr-vs-cubic',
  'voip-pr-sctp',
];

describe('noticeState: drops and queue edited on every preset', () => {
  it('the summarised presets exist', () => {
    for (const id of SUMMARISED)
      expect(
        PRESETS.some((p) => p.id === id),
        id,
      ).toBe(true);
  });

  for (const p of PRESETS) {
    it(`${p.id}: the notice is marked as the unedited preset’s, the changes named${SUMMARISED.includes(p.id) ? ', the run’s counts given' : ''}`, () => {
      const e = editOf(p.id);
      const s = scenario(e.q);
      const ns = noticeState(s)!;
      expect(ns.edited).toBe(true);
      expect(ns.heading).toMatch(new RegExp(`^Preset ${p.id}, edited: `));
      expect(ns.heading).toMatch(new RegExp(`drops \\S+ → ${e.drops}\\b`));
      expect(ns.heading).toMatch(new RegExp(`queue \\d+ → ${e.queue}\\b`));
      expect(ns.banner).toMatch(/^This text describes the unedited preset; your run differs: /);
      if (!SUMMARISED.includes(p.id)) return;
      // The summary shown beside it is the run's own: FlowStats and the trace's drop events.
      const t = run(buildSimConfig(s));
      const rows = runSummary(t);
      const drops = dropsPerFlow(t);
      expect(rows.length).toBe(t.flows.length);
      rows.forEach((r, i) => {
        expect(r).toEqual({
          flow: i + 1,
          sender: t.flows[i]!.sender,
          drops: drops[i],
          fastRetransmits: t.flowStats[i]!.fastRetransmits,
          timeouts: t.flowStats[i]!.timeouts,
          retransmissions: t.flowStats[i]!.retransmissions,
        });
      });
      expect(runSummaryText(rows)).toContain(`flow 1 (`);
    }, 60_000);
  }

  it('ff-1-drops with drops=14 and queue=4 (the issue’s example): the run times out, and the text says so', () => {
    const s = scenario('preset=ff-1-drops&sender=reno&drops=14&queue=4');
    const ns = noticeState(s)!;
    expect(ns.heading).toBe('Preset ff-1-drops, edited: drops 15 → 14, queue 8 → 4');
    expect(ns.text).toContain('no sender times out');
    const t = run(buildSimConfig(s));
    expect(t.flowStats[0]!.timeouts).toBeGreaterThan(0);
    expect(runSummaryText(runSummary(t))).toMatch(
      /^flow 1 \(Reno TCP\): \d+ drops?, 1 fast retransmit, [1-9]\d* timeouts?, /,
    );
  });
});

describe('runSummaryText', () => {
  it('counts in words, singular and plural, and no drops for a counters-only trace', () => {
    expect(
      runSummaryText([
        { flow: 1, sender: 'reno', drops: 1, fastRetransmits: 2, timeouts: 0, retransmissions: 1 },
        {
          flow: 2,
          sender: 'sctp-2960',
          drops: null,
          fastRetransmits: 1,
          timeouts: 1,
          retransmissions: 3,
        },
      ]),
    ).toMatch(
      /^flow 1 \(Reno TCP\): 1 drop, 2 fast retransmits, 0 timeouts, 1 retransmission; flow 2 \(.+\): 1 fast retransmit, 1 timeout, 3 retransmissions$/,
    );
  });
});
