import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Trace } from '../../../src/engine';
import { ComparePanel } from '../../../src/ui/components/ComparePanel';
import { ExplanationLog } from '../../../src/ui/components/ExplanationLog';
import { FlowPicker } from '../../../src/ui/components/FlowPicker';
import { handleVisualizerKey } from '../../../src/ui/hooks/keyboard';
import { PanelGrid } from '../../../src/ui/components/PanelGrid';
import { parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import { flowsSignature } from '../../../src/ui/model/flowVisibility';
import {
  CwndPlot,
  DelayPlot,
  MetricsPanel,
  RouterPlot,
  TimeSeqPlot,
  flowStyle,
  routerMarks,
  type PanelProps,
} from '../../../src/ui/panels';
import { fmtDelay, packetDelays } from '../../../src/ui/panels/delay';
import { classMetrics } from '../../../src/ui/deps/metrics';
import { delayHeadline } from '../../../src/ui/panels/delayHeadline';
import { resetApp, useApp } from '../../../src/ui/store';
import type { RunResult } from '../../../src/ui/worker/protocol';
import { runScenario } from '../../../src/ui/worker/runScenario';
import { handTrace } from './handTrace';
import { classOfFlow } from '../../../src/ui/panels/flowClasses';
import { markColor, markGlyph } from '../../../src/ui/panels/draw/layers';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

// Four flows: three TCP (Reno, SACK, Reno), one SCTP — classes bulk/tcp and bulk/sctp.
const QUERY = 'preset=fall-floyd&flows=reno,sack,sctp-4960,reno&stop=3';
let run4: RunResult;
beforeAll(() => {
  const p = parseScenarioQuery(QUERY);
  if (!p.ok) throw new Error('bad query');
  run4 = runScenario(p.scenario).result;
});
afterEach(cleanup);

function show(r: RunResult) {
  resetApp();
  useApp.getState().runFinished([r], ['reno'], 1);
  useApp.setState({ cursor: r.trace.packets.length - 1 });
}

function props(trace: Trace, over: Partial<PanelProps> = {}): PanelProps {
  const cursor = trace.packets.length - 1;
  return {
    trace,
    cursor,
    cursorTime: trace.packets.time[cursor]!,
    highlight: null,
    onHover: vi.fn(),
    onSeek: vi.fn(),
    xDomain: null,
    onXDomain: vi.fn(),
    theme: 'light',
    ...over,
  };
}

const texts = (c: Element) => Array.from(c.querySelectorAll('text')).map((t) => t.textContent);
const legendKeys = (c: Element) =>
  Array.from(c.querySelectorAll('li[data-legend]')).map((l) => l.getAttribute('data-legend'));

const details0 = () => screen.getByTestId('flow-picker').querySelector('summary')!;

describe('FlowPicker', () => {
  it('lists flows by class, hides a class in the store, narrates a flow', () => {
    show(run4);
    render(<FlowPicker trace={run4.trace} />);
    const summary = screen.getByTestId('flow-picker-summary');
    expect(summary.textContent).toBe('4 of 4 flows shown');
    // Up to 16 flows the classes open with their flows listed, in class order.
    const classes = document.querySelectorAll('.fp-class');
    expect(Array.from(classes).map((c) => c.getAttribute('data-class'))).toEqual([
      'bulk/tcp',
      'bulk/sctp',
    ]);
    expect(
      Array.from(classes[0]!.querySelectorAll('.fp-row')).map((r) => r.getAttribute('data-flow')),
    ).toEqual(['0', '1', '3']);

    fireEvent.click(screen.getByTestId('class-toggle-bulk/sctp'));
    expect(useApp.getState().hiddenFlows).toEqual([2]);
    expect(useApp.getState().hiddenFor).toBe(flowsSignature(run4.trace));
    expect(summary.textContent).toBe('3 of 4 flows shown (hidden: bulk/sctp)');
    expect((screen.getByTestId('flow-toggle-2') as HTMLInputElement).checked).toBe(false);

    // One TCP flow hidden: its class's checkbox is mixed; clicking it shows the class again.
    fireEvent.click(screen.getByTestId('flow-toggle-1'));
    expect(useApp.getState().hiddenFlows).toEqual([1, 2]);
    const tcp = screen.getByTestId('class-toggle-bulk/tcp') as HTMLInputElement;
    expect(tcp.indeterminate).toBe(true);
    expect(tcp.getAttribute('aria-checked')).toBe('mixed');
    fireEvent.click(tcp);
    expect(useApp.getState().hiddenFlows).toEqual([2]);

    // "only": the other classes hidden.
    fireEvent.click(within(classes[1] as HTMLElement).getByRole('button', { name: 'only' }));
    expect(useApp.getState().hiddenFlows).toEqual([0, 1, 3]);
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(useApp.getState().hiddenFlows).toEqual([]);

    // The log narrates flow 2.
    fireEvent.click(screen.getByTestId('flow-narrate-1'));
    expect(useApp.getState().flowFilter).toBe(1);
    expect(screen.getByTestId('flow-narrate-1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Log: every flow' }));
    expect(useApp.getState().flowFilter).toBeNull();

    // Space on a checkbox or the summary is theirs, not the visualizer's play key.
    for (const target of [screen.getByTestId('flow-toggle-0'), details0()]) {
      const ev = {
        key: ' ',
        target,
        preventDefault: vi.fn(),
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        shiftKey: false,
      };
      expect(handleVisualizerKey(ev as unknown as KeyboardEvent)).toBe(false);
      expect(ev.preventDefault).not.toHaveBeenCalled();
      expect(useApp.getState().playing).toBe(false);
    }

    // Escape folds the list away, the focus back on its summary.
    const details = screen.getByTestId('flow-picker') as HTMLDetailsElement;
    details.open = true;
    fireEvent.keyDown(screen.getByTestId('flow-toggle-0'), { key: 'Escape' });
    expect(details.open).toBe(false);
    expect(document.activeElement).toBe(details.querySelector('summary'));

    // Folding a class removes its rows (none are built while folded).
    fireEvent.click(screen.getByRole('button', { name: 'Fold the flows of bulk/tcp' }));
    expect(classes[0]!.querySelectorAll('.fp-row')).toHaveLength(0);
    expect(
      screen
        .getByRole('button', { name: 'List the flows of bulk/tcp' })
        .getAttribute('aria-expanded'),
    ).toBe('false');
  });

  it('starts with the classes folded above 16 flows', () => {
    const p = parseScenarioQuery(
      `preset=fall-floyd&flows=${Array.from({ length: 20 }, (_, i) => (i % 2 ? 'sctp-4960' : 'reno')).join(',')}&stop=1.5`,
    );
    if (!p.ok) throw new Error('bad query');
    const r = runScenario(p.scenario).result;
    show(r);
    render(<FlowPicker trace={r.trace} />);
    expect(document.querySelectorAll('.fp-class')).toHaveLength(2);
    expect(document.querySelectorAll('.fp-row')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'List the flows of bulk/sctp' }));
    expect(document.querySelectorAll('.fp-row')).toHaveLength(10);
  });
});

describe('RouterPlot with many flows', () => {
  it('colours, shapes and names its marks by class above eight flows', () => {
    const flows = Array.from({ length: 12 }, (_, i) => (i % 3 === 2 ? 'sctp-4960' : 'reno'));
    const p = parseScenarioQuery(`preset=fall-floyd&flows=${flows.join(',')}&stop=2`);
    if (!p.ok) throw new Error('bad query');
    const t = runScenario(p.scenario).result.trace;
    const { container } = render(<RouterPlot {...props(t)} />);
    expect(
      legendKeys(container).filter((k) => k!.startsWith('class') || k!.startsWith('flow')),
    ).toEqual(['class0', 'class1']);
    expect(screen.getByText('bulk/tcp (8 flows): arrival ●')).toBeTruthy();
    expect(screen.getByText('bulk/sctp (4 flows): arrival ■')).toBeTruthy();
    // A mark of flow 6 (SCTP, class 2) takes class 2's colour and glyph, not flow 6's.
    const rm = routerMarks(t);
    const m = { ...rm.marks, styleOf: classOfFlow(t) };
    const i = rm.arrivals.find((e) => t.transmissions.flow[t.packets.uid[e]!] === 5)!;
    const k = Array.from(rm.marks.event).indexOf(i);
    expect(markColor(m, k)).toBe(flowStyle(1).color);
    expect(markGlyph(m, k)).toBe(flowStyle(1).glyph);
    expect(markColor(m, k)).not.toBe(flowStyle(5).color);
    cleanup();
    // byClass={false}: one entry per flow again.
    const again = render(<RouterPlot {...props(t)} byClass={false} />);
    expect(legendKeys(again.container).filter((key) => key!.startsWith('flow'))).toHaveLength(12);
  });
});

describe('hidden flows reach every panel', () => {
  it('the router plot and the throughput panel leave a hidden flow out', () => {
    show(run4);
    useApp.setState({ panels: ['router', 'tput', 'log'] });
    useApp.getState().setHiddenFlows([1], flowsSignature(run4.trace));
    render(<PanelGrid />);
    const router = screen.getByTestId('panel-router');
    expect(legendKeys(router).filter((k) => k!.startsWith('flow'))).toEqual([
      'flow0',
      'flow2',
      'flow3',
    ]);
    const tput = screen.getByTestId('panel-tput');
    expect(legendKeys(tput).filter((k) => k!.startsWith('flow'))).toEqual([
      'flow0',
      'flow2',
      'flow3',
    ]);
    // Per class: the TCP class sums its two shown flows.
    fireEvent.click(within(tput).getByRole('button', { name: 'per class' }));
    expect(legendKeys(tput).filter((k) => k!.startsWith('class'))).toEqual(['class0', 'class1']);
    expect(within(tput).getByText('bulk/tcp (2 flows)')).toBeTruthy();
  });

  it('the log leaves a hidden flow’s decisions out, its search too', () => {
    show(run4);
    useApp.getState().setHiddenFlows([2], flowsSignature(run4.trace));
    render(<ExplanationLog />);
    const D = run4.trace.decisions;
    const want = Array.from({ length: D.length }, (_, i) => i).filter((i) => D.flow[i] !== 2);
    expect(want.length).toBeLessThan(D.length);
    expect(screen.getByTestId('log-count').textContent).toBe(`${want.length} / ${D.length}`);
    const rows = within(screen.getByRole('listbox', { name: 'Sender decisions' })).getAllByRole(
      'option',
    );
    expect(rows.map((r) => Number(r.getAttribute('data-decision')))).toEqual(want);
    // The row at the cursor (the run's end): the last decision of a shown flow.
    const cur = rows.find((r) => r.getAttribute('aria-selected') === 'true');
    expect(Number(cur?.getAttribute('data-decision'))).toBe(want[want.length - 1]);
    // One flow chosen for the log: its decisions, hidden or not.
    act(() => useApp.getState().setFlowFilter(2));
    expect(screen.getByTestId('log-count').textContent).toBe(
      `${D.length - want.length} / ${D.length}`,
    );
  });

  it('compare mode: the flow list is there and the router plots leave the hidden flow out', () => {
    resetApp();
    useApp.getState().runFinished([run4, run4], ['reno', 'sack'], 1);
    useApp.getState().setHiddenFlows([1], flowsSignature(run4.trace));
    render(<ComparePanel />);
    expect(screen.getByTestId('flow-picker-summary').textContent).toBe('3 of 4 flows shown');
    const want = routerMarks(run4.trace, { flows: [0, 2, 3] }).arrivals.length;
    expect(want).toBeLessThan(routerMarks(run4.trace).arrivals.length);
    const plots = screen
      .getAllByRole('img')
      .filter((e) => (e.getAttribute('aria-label') ?? '').startsWith('Router plot'));
    expect(plots).toHaveLength(2);
    for (const p of plots)
      expect(p.getAttribute('aria-label')).toContain(`: ${want} data arrivals`);
  });

  it('hidden flows of another run are not applied', () => {
    show(run4);
    useApp.setState({ panels: ['router', 'log'] });
    useApp.getState().setHiddenFlows([1], 'another run');
    render(<PanelGrid />);
    expect(
      legendKeys(screen.getByTestId('panel-router')).filter((k) => k!.startsWith('flow')),
    ).toHaveLength(4);
  });
});

describe('delay and jitter agree with the metrics module', () => {
  it('each flow’s mean and largest one-way delay and last RFC 3550 jitter', () => {
    const p = parseScenarioQuery('preset=fall-floyd&flows=reno,udp,sctp-4960&f2.app=voip&stop=4');
    if (!p.ok) throw new Error('bad query');
    const r = runScenario(p.scenario).result;
    const pd = packetDelays(r.trace);
    for (const fm of r.metrics!.flows) {
      const fd = pd[fm.flow - 1]!;
      expect(fd.delay.length).toBe(fm.arrivals);
      expect(fd.delay.length).toBeGreaterThan(10);
      let sum = 0;
      let max = 0;
      for (const x of fd.delay) {
        sum += x;
        max = Math.max(max, x);
      }
      expect(sum / fd.delay.length).toBeCloseTo(fm.delayMeanS!, 12);
      expect(max).toBeCloseTo(fm.delayMaxS!, 12);
      expect(fd.jitter[fd.jitter.length - 1]).toBeCloseTo(fm.jitterS!, 12);
      expect([fd.sent, fd.dropped]).toEqual([fm.dataSent, fm.dataDropped]);
    }
    // The header line and the metrics panel's class table read classMetrics.
    const cls = classMetrics(r.metrics!);
    expect(cls.map((c) => c.flowClass)).toEqual(['bulk/tcp', 'voip/udp', 'bulk/sctp']);
    const head = delayHeadline(r.metrics);
    expect(head).toContain(
      `voip/udp ${fmtDelay(cls[1]!.delayMeanS!)}, jitter ${fmtDelay(cls[1]!.jitterS!)}, `,
    );
    expect(head.split(' · ')).toHaveLength(3);
    render(<MetricsPanel trace={r.trace} metrics={r.metrics} cursorTime={0} theme="light" />);
    const rows = screen.getByTestId('class-table').querySelectorAll('tbody tr');
    expect(Array.from(rows).map((tr) => tr.getAttribute('data-class'))).toEqual([
      'bulk/tcp',
      'voip/udp',
      'bulk/sctp',
    ]);
    expect(Number(rows[1]!.getAttribute('data-jitter'))).toBe(cls[1]!.jitterS);
    expect(rows[1]!.querySelectorAll('td')[0]!.textContent).toBe('1');
  });
});

describe('DelayPlot', () => {
  const trace = handTrace();

  it('draws one-way delay and jitter with axes in ms, per flow or per class', () => {
    const { container } = render(<DelayPlot {...props(trace)} />);
    const delay = container.querySelector('[data-panel="delay"]')!;
    const jitter = container.querySelector('[data-panel="jitter"]')!;
    expect(texts(delay)).toContain('one-way delay (ms)');
    expect(texts(delay)).toContain('time (s)');
    expect(texts(jitter)).toContain('jitter (ms)');
    // Three flows: one line each by default, named in the legend.
    expect(legendKeys(container)).toEqual(['flow0', 'flow1', 'flow2']);
    // The summary: each line's mean and largest delay, jitter and loss (worked out by hand).
    expect(delay.querySelector('[role="img"]')!.getAttribute('aria-label')).toContain(
      'flow 1 (Reno): mean 73.3 ms, max 100 ms, jitter 3.0 ms, loss 25.00 %',
    );
    fireEvent.click(screen.getByRole('button', { name: 'per class' }));
    expect(legendKeys(container)).toEqual(['class0', 'class1']);
    expect(screen.getByText('bulk/tcp (2 flows)')).toBeTruthy();
    expect(screen.getByText('voip/udp (1 flow)')).toBeTruthy();
  });

  it('shows one plot on request; the projector starts with the delay plot alone', () => {
    const { container } = render(<DelayPlot {...props(trace)} />);
    fireEvent.click(screen.getByRole('button', { name: 'jitter' }));
    expect(container.querySelector('[data-panel="delay"]')).toBeNull();
    const jitter = container.querySelector('[data-panel="jitter"]')!;
    expect(jitter.querySelector('.ackp-title')!.textContent).toBe('RFC 3550 jitter per 0.1 s');
    expect(legendKeys(jitter)).toEqual(['flow0', 'flow1', 'flow2']);
    cleanup();
    const proj = render(<DelayPlot {...props(trace, { theme: 'projector' })} />);
    expect(proj.container.querySelector('[data-panel="delay"]')).not.toBeNull();
    expect(proj.container.querySelector('[data-panel="jitter"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'both' }));
    expect(proj.container.querySelector('[data-panel="jitter"]')).not.toBeNull();
  });

  it('says so when every flow is hidden', () => {
    render(<DelayPlot {...props(trace, { flows: [] })} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Every flow is hidden: show some in the flow list.',
    );
  });
});

describe('UDP flows', () => {
  // Flow 2 is a UDP flow fed by a constant-rate source: data packets only, no decisions.
  let udp: RunResult;
  beforeAll(() => {
    const p = parseScenarioQuery('preset=fall-floyd&flows=reno,udp,reno&f2.app=cbr&stop=3');
    if (!p.ok) throw new Error(`bad query: ${JSON.stringify(p.errors)}`);
    udp = runScenario(p.scenario).result;
  });

  it('a run of UDP flows only: the log says there is nothing to narrate', () => {
    const p = parseScenarioQuery('preset=fall-floyd&flows=udp,udp&app=cbr&f2.app=onoff&stop=2');
    if (!p.ok) throw new Error(`bad query: ${JSON.stringify(p.errors)}`);
    const r = runScenario(p.scenario).result;
    expect(r.trace.decisions.length).toBe(0);
    show(r);
    render(<ExplanationLog />);
    expect(screen.getByTestId('log-empty').textContent).toBe(
      'Every flow is UDP: they send without congestion control, so there is no decision to narrate.',
    );
    cleanup();
    render(<CwndPlot {...props(r.trace)} />);
    expect(screen.getByTestId('cwnd-windowless').textContent).toMatch(
      /^No congestion window: flow 1 \(.+\), flow 2 \(.+\) send without congestion control/,
    );
  });

  it('the trace has a UDP flow of class cbr/udp without decisions', () => {
    expect(udp.trace.flows.map((f) => `${f.app}/${f.protocol}`)).toEqual([
      'bulk/tcp',
      'cbr/udp',
      'bulk/tcp',
    ]);
    expect(Array.from(udp.trace.decisions.flow).filter((f) => f === 1)).toHaveLength(0);
  });

  it('the cwnd panel names it instead of drawing an empty plot', () => {
    render(<CwndPlot {...props(udp.trace)} />);
    expect(screen.getByTestId('cwnd-windowless').textContent).toMatch(
      /^No congestion window: flow 2 \(.+\) sends without congestion control \(UDP: no cwnd, no decisions\)\.$/,
    );
    // The two TCP flows still have their plots.
    expect(document.querySelectorAll('[data-panel="cwnd"]')).toHaveLength(2);
    cleanup();
    render(<CwndPlot {...props(udp.trace, { flows: [1] })} />);
    expect(screen.getByTestId('cwnd-windowless')).toBeTruthy();
    expect(document.querySelector('[data-panel="cwnd"]')).toBeNull();
  });

  it('the time–sequence plot shows its datagrams, without an ACK line', () => {
    const { container } = render(<TimeSeqPlot {...props(udp.trace, { flows: [1] })} />);
    expect(container.querySelector('.ackp-title')!.textContent).toBe(
      'Time–sequence · flow 2 (UDP) · UDP: datagrams only, no ACKs',
    );
    const keys = legendKeys(container);
    expect(keys).toHaveLength(1);
    expect(container.querySelector('li[data-legend]')!.textContent).toMatch(
      /^datagram sent \(\d+\)$/,
    );
    expect(container.querySelector('[role="img"]')!.getAttribute('aria-label')).toMatch(
      /datagrams sent, highest packet \d+; UDP has no ACKs\.$/,
    );
  });

  it('the metrics panel sums its share under UDP, beside TCP', () => {
    render(<MetricsPanel trace={udp.trace} metrics={udp.metrics} cursorTime={0} theme="light" />);
    const rows = Array.from(document.querySelectorAll('tfoot tr'));
    expect(rows.map((r) => r.getAttribute('data-protocol'))).toEqual(['tcp', 'udp']);
    expect(rows[1]!.querySelector('th')!.textContent).toBe('UDP flows (1)');
    const pct = rows.map((r) => Number(r.getAttribute('data-pct')));
    expect(pct[0]! + pct[1]!).toBeCloseTo(100, 9);
  });

  it('its delay and jitter are drawn like any flow’s', () => {
    render(<DelayPlot {...props(udp.trace)} />);
    expect(legendKeys(document.body)).toEqual(['flow0', 'flow1', 'flow2']);
    fireEvent.click(screen.getByRole('button', { name: 'per class' }));
    expect(screen.getByText('cbr/udp (1 flow)')).toBeTruthy();
  });

  it('the log says it has nothing to narrate; the flow list cannot pick it', () => {
    show(udp);
    useApp.setState({ flowFilter: 1 });
    render(<ExplanationLog />);
    expect(screen.getByTestId('log-empty').textContent).toMatch(
      /^flow 2 \(.+\) is UDP: it sends without congestion control, so it takes no decisions to narrate\.$/,
    );
    cleanup();
    render(<FlowPicker trace={udp.trace} />);
    expect((screen.getByTestId('flow-narrate-1') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('flow-narrate-0') as HTMLButtonElement).disabled).toBe(false);
  });
});
