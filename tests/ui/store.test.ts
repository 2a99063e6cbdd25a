import { decisionsOf } from '../../src/engine';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { describeEvent, traceIndex } from '../../src/ui/model/traceIndex';
import { resetApp, useApp, mainTrace } from '../../src/ui/store';
import { requestRun } from '../../src/ui/worker/bridge';
import { installInProcessEngine } from './inProcessEngine';

// These tests run the real engine in-process; give them room when the whole suite runs in parallel.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

async function load(qs: string) {
  const r = parseScenarioQuery(qs);
  if (!r.ok) throw new Error('bad query');
  useApp.getState().setScenario(r.scenario);
  await requestRun([{ sender: 'x', scenario: r.scenario }]);
  const t = mainTrace(useApp.getState());
  if (!t) throw new Error('no trace');
  return t;
}

beforeEach(() => {
  resetApp();
  installInProcessEngine();
});

describe('cursor navigation', () => {
  it('steps one event at a time and clamps at both ends', async () => {
    const t = await load('preset=ff-1-drops&sender=reno');
    const s = useApp.getState();
    s.step(-1);
    expect(useApp.getState().cursor).toBe(0);
    s.step(1);
    s.step(1);
    expect(useApp.getState().cursor).toBe(2);
    s.last();
    expect(useApp.getState().cursor).toBe(t.packets.length - 1);
    s.step(1);
    expect(useApp.getState().cursor).toBe(t.packets.length - 1);
  });

  it('next significant decision from the start of Reno 1 drop reaches the drop, then the 3rd duplicate ACK', async () => {
    const t = await load('preset=ff-1-drops&sender=reno');
    const s = useApp.getState();
    s.seek(0);
    s.nextSignificant(1, 1);
    expect(describeEvent(t, useApp.getState().cursor)).toMatch(/packet 15 dropped at R1/);
    s.nextSignificant(1, 1);
    const desc = describeEvent(t, useApp.getState().cursor);
    expect(desc).toBe('3rd duplicate ACK, fast retransmit');
  });

  it('back then forward gives the identical state', async () => {
    const t = await load('preset=ff-3-drops&sender=newreno');
    const s = useApp.getState();
    s.seek(500);
    s.step(-1);
    s.step(1);
    expect(useApp.getState().cursor).toBe(500);
    const sig = traceIndex(t).significant;
    s.seek(sig[3]!);
    s.nextSignificant(-1, 1);
    expect(useApp.getState().cursor).toBe(sig[2]);
    s.nextSignificant(1, 1);
    expect(useApp.getState().cursor).toBe(sig[3]);
  });

  it('every significant event index is a decision event or a drop', async () => {
    const t = await load('preset=ff-3-drops&sender=reno');
    const idx = traceIndex(t);
    expect(idx.significant.length).toBeGreaterThan(3);
    for (const e of idx.significant) expect(e).toBeLessThan(t.packets.length);
  });
});

describe('predict mode', () => {
  it('stops just before the fast retransmit and asks; reveal then continue passes it', async () => {
    const t = await load('preset=ff-1-drops&sender=reno');
    const s = useApp.getState();
    s.setPredictKind('fast-retransmit');
    s.setPlaying(true);
    s.seek(t.packets.length - 1);
    const st = useApp.getState();
    expect(st.playing).toBe(false);
    expect(st.predict.pending).not.toBeNull();
    const d = decisionsOf(t)[st.predict.pending!.decisionId]!;
    expect(d.code).toBe('reno.fast-retransmit');
    expect(st.cursor).toBe(traceIndex(t).decisionEvent[d.id]! - 1);
    // cannot move forward before revealing
    st.step(1);
    expect(useApp.getState().cursor).toBe(st.cursor);
    st.setGuess('7');
    st.reveal();
    useApp.getState().dismissPredict();
    useApp.getState().step(1);
    expect(useApp.getState().cursor).toBe(st.cursor + 1);
    useApp.getState().last();
    expect(useApp.getState().cursor).toBe(t.packets.length - 1);
  });
});

describe('runs', () => {
  it('an engine error keeps the previous run and reports a readable message', async () => {
    const t = await load('preset=ff-0-drops&sender=reno');
    installInProcessEngine({ fail: () => 'no route from S1 to K9' });
    const other = parseScenarioQuery('preset=ff-1-drops');
    if (!other.ok) throw new Error('bad preset');
    await requestRun([{ sender: 'reno', scenario: other.scenario }]);
    const st = useApp.getState();
    expect(st.run.error).toMatch(/no route from S1 to K9/);
    expect(mainTrace(st)).toBe(t);
  });
});

describe('zoom', () => {
  it('zooms the time axis around the cursor and resets to the full run', async () => {
    const t = await load('preset=ff-1-drops&sender=reno');
    const s = useApp.getState();
    s.seekTime(2.08);
    s.zoom(0.5);
    const d = useApp.getState().xDomain!;
    const full = t.stopS - (t.packets.time[0] as number);
    expect(d[1] - d[0]).toBeCloseTo(full / 2, 6);
    expect(d[0]).toBeLessThanOrEqual(2.08);
    expect(d[1]).toBeGreaterThanOrEqual(2.08);
    s.zoom(2);
    expect(useApp.getState().xDomain).toBeNull();
  });
});

describe('bridge', () => {
  it('marks a run slow after 100 ms, and cancelling keeps the previous results', async () => {
    await load('preset=ff-1-drops&sender=reno');
    const before = useApp.getState().run.results;
    const { setEngineFactory, cancelRun } = await import('../../src/ui/worker/bridge');
    let terminated = 0;
    setEngineFactory(() => ({
      api: {
        run: () => new Promise(() => {}), // never finishes
        fingerprint: async () => 'ac3-x',
      },
      terminate: () => {
        terminated++;
      },
    }));
    void requestRun([{ sender: 'reno', scenario: useApp.getState().scenario }]);
    expect(useApp.getState().run.status).toBe('running');
    expect(useApp.getState().run.slow).toBe(false);
    await new Promise((r) => setTimeout(r, 150));
    expect(useApp.getState().run.slow).toBe(true);
    cancelRun();
    const st = useApp.getState();
    expect(st.run.status).toBe('idle');
    expect(st.run.error).toMatch(/cancelled/);
    expect(st.run.results).toBe(before);
    expect(terminated).toBe(1);
  });
});

describe('step levels and replay', () => {
  it('PgDn walks episodes (the drop of 15 starts the only one), Shift+PgDn every decision', async () => {
    const t = await load('preset=ff-1-drops&sender=reno');
    const s = useApp.getState();
    s.seek(0);
    s.nextSignificant(1);
    expect(describeEvent(t, useApp.getState().cursor)).toBe('packet 15 dropped at R1');
    const episode = useApp.getState().cursor;
    s.nextSignificant(1);
    expect(useApp.getState().cursor).toBe(episode); // no further episode in ff-1-drops
    s.nextSignificant(1, 1);
    expect(describeEvent(t, useApp.getState().cursor)).toBe('3rd duplicate ACK, fast retransmit');
    s.nextSignificant(-1);
    expect(useApp.getState().cursor).toBe(episode);
  });

  it('Play at the last event plays again from the start of the window shown', async () => {
    const t = await load('preset=ff-1-drops&sender=reno');
    const s = useApp.getState();
    s.last();
    useApp.setState({ xDomain: [1.6, 2.6] });
    s.setPlaying(true);
    const c = useApp.getState().cursor;
    expect(useApp.getState().playing).toBe(true);
    expect(t.packets.time[c]).toBeGreaterThanOrEqual(1.6);
    expect(t.packets.time[c - 1]).toBeLessThan(1.6);
    s.setPlaying(false);
    s.last();
    useApp.setState({ xDomain: null });
    s.setPlaying(true);
    expect(useApp.getState().cursor).toBe(0);
    s.setPlaying(false);
  });
});
