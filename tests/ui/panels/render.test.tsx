import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DropCause, PacketEventKind as K, run, type Trace } from '../../../src/engine';
import { buildSimConfig, parseScenarioQuery } from '../../../src/ui/deps/scenarios';
import {
  CwndPlot,
  QueueView,
  RouterPlot,
  TimeSeqPlot,
  exportSvg,
  marksOfPacket,
  routerMarks,
  type PanelProps,
} from '../../../src/ui/panels';
import { Legend, shortLabel } from '../../../src/ui/panels/Legend';
import { opaqueOver } from '../../../src/ui/panels/draw/layers';
import { renoNoDrops, renoThreeDrops } from './fixtures';

afterEach(cleanup);

function props(trace: Trace, over: Partial<PanelProps> = {}): PanelProps {
  const cursor = over.cursor ?? Math.floor(trace.packets.length / 2);
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

/** Centre of a mark drawn as an SVG square path "M x,y h w …". */
function squareCentre(g: Element): [number, number] {
  const d = g.querySelector('path')!.getAttribute('d')!;
  const [x, y, w] = d.match(/-?[\d.]+/g)!.map(Number);
  return [x! + w! / 2, y! + w! / 2];
}

describe('RouterPlot (test DOM)', () => {
  const trace = renoThreeDrops();

  it('renders axes with units, the legend and one SVG mark per router event', () => {
    const { container } = render(<RouterPlot {...props(trace)} />);
    expect(texts(container)).toContain('time (s)');
    expect(texts(container)).toContain('packet number mod 50');
    const legend = screen.getByRole('list', { name: 'legend' });
    for (const l of [
      'arrival at router',
      'departure on bottleneck',
      'retransmission',
      'drop (scripted)',
      'ACK at router',
    ])
      expect(legend.textContent).toContain(l);
    expect(container.querySelector('[data-renderer]')!.getAttribute('data-renderer')).toBe('svg');
    expect(container.querySelectorAll('.ackp-marks [data-kind]').length).toBe(
      routerMarks(trace).marks.n,
    );
    expect(container.querySelector('.ackp-playhead')).not.toBeNull();
  });

  it('has a text summary with the counts', () => {
    render(<RouterPlot {...props(trace)} />);
    const img = screen.getByRole('img', { name: /Router plot of R1/ });
    expect(img.getAttribute('aria-label')).toMatch(
      /113 data arrivals, 110 departures, 3 drops \(3 scripted\)/,
    );
  });

  it('lights up the highlighted packet', () => {
    const { container } = render(
      <RouterPlot {...props(trace, { highlight: { flow: 0, packet: 15 } })} />,
    );
    const hl = container.querySelectorAll('.ackp-highlight [data-packet="15"]');
    // Arrival and drop of the first transmission; arrival and departure of the retransmission.
    expect(hl.length).toBe(marksOfPacket(routerMarks(trace).marks, { flow: 0, packet: 15 }).length);
    expect(hl.length).toBe(4);
  });

  it('hover names the absolute packet and lights it up; click seeks to its event', () => {
    const p = props(trace);
    const { container } = render(<RouterPlot {...p} />);
    const dep = container.querySelector('.ackp-marks [data-kind="1"][data-packet="60"]')!;
    const [x, y] = squareCentre(dep);
    const svg = container.querySelector('svg.ackp-main')!;
    fireEvent.pointerMove(svg, { clientX: x + 2, clientY: y - 1 });
    expect(p.onHover).toHaveBeenLastCalledWith({ flow: 0, packet: 60 });
    const tip = screen.getByRole('tooltip');
    expect(tip.textContent).toContain('Packet 60');
    expect(tip.textContent).toContain('flow 1 (Reno)');
    expect(tip.textContent).toMatch(/t = \d+\.\d{3} s/);
    fireEvent.pointerDown(svg, { clientX: x, clientY: y, button: 0 });
    fireEvent.pointerUp(svg, { clientX: x, clientY: y, button: 0 });
    const seeked = (p.onSeek as ReturnType<typeof vi.fn>).mock.calls[0]![0] as number;
    expect(trace.transmissions.packet[trace.packets.uid[seeked]!]).toBe(60);
  });

  it('click on an ACK circle seeks to exactly that ACK event', () => {
    const p = props(trace);
    const { container } = render(<RouterPlot {...p} />);
    const ack = container.querySelectorAll('.ackp-marks [data-kind="5"]')[40]!;
    const n = ack
      .querySelector('path')!
      .getAttribute('d')!
      .match(/-?[\d.]+/g)!
      .map(Number);
    const [cx, cy] = [(n[0]! + n[7]!) / 2, n[1]!];
    const svg = container.querySelector('svg.ackp-main')!;
    fireEvent.pointerDown(svg, { clientX: cx, clientY: cy, button: 0 });
    fireEvent.pointerUp(svg, { clientX: cx, clientY: cy, button: 0 });
    expect(p.onSeek).toHaveBeenCalledWith(Number(ack.getAttribute('data-event')));
  });

  it('a click away from marks seeks to the last event at that time', () => {
    const p = props(trace);
    const { container } = render(<RouterPlot {...p} />);
    const svg = container.querySelector('svg.ackp-main')!;
    // Top-left corner of the plot, before the first marks reach it.
    fireEvent.pointerDown(svg, { clientX: 66, clientY: 16, button: 0 });
    fireEvent.pointerUp(svg, { clientX: 66, clientY: 16, button: 0 });
    expect(p.onSeek).toHaveBeenCalledWith(0);
  });

  it('a horizontal drag of ≥ 20 px zooms x, a shorter one does not', () => {
    const p = props(trace);
    const { container } = render(<RouterPlot {...p} />);
    const svg = container.querySelector('svg.ackp-main')!;
    fireEvent.pointerDown(svg, { clientX: 200, clientY: 100, button: 0 });
    fireEvent.pointerMove(svg, { clientX: 210, clientY: 100 });
    fireEvent.pointerUp(svg, { clientX: 210, clientY: 100 });
    expect(p.onXDomain).not.toHaveBeenCalled();
    fireEvent.pointerDown(svg, { clientX: 200, clientY: 100, button: 0 });
    fireEvent.pointerMove(svg, { clientX: 300, clientY: 100 });
    fireEvent.pointerUp(svg, { clientX: 300, clientY: 100 });
    expect(p.onXDomain).toHaveBeenCalledTimes(1);
    const [a, b] = (p.onXDomain as ReturnType<typeof vi.fn>).mock.calls[0]![0] as [number, number];
    expect(b).toBeGreaterThan(a);
  });

  it('falls back to SVG when canvas is asked for but unavailable', () => {
    const { container } = render(<RouterPlot {...props(trace)} renderer="canvas" />);
    expect(container.querySelector('[data-renderer]')!.getAttribute('data-renderer')).toBe('svg');
    expect(container.querySelector('canvas')).toBeNull();
  });

  it('future marks are faint by default and hidden on request', () => {
    const faded = render(<RouterPlot {...props(trace)} />);
    const op = (c: Element) => c.querySelector('mask .ackp-future')!.getAttribute('fill-opacity');
    expect(Number(op(faded.container))).toBeCloseTo(0.15);
    cleanup();
    const hidden = render(<RouterPlot {...props(trace)} future="hidden" />);
    expect(Number(op(hidden.container))).toBe(0);
  });

  it('projector theme: 22 px labels, ≥ 2 px strokes', () => {
    const { container } = render(<RouterPlot {...props(trace, { theme: 'projector' })} />);
    const label = Array.from(container.querySelectorAll('text')).find(
      (t) => t.textContent === 'time (s)',
    )!;
    expect(Number(label.getAttribute('font-size'))).toBeGreaterThanOrEqual(22);
    const open = container.querySelector('.ackp-marks [data-kind="1"] path')!;
    expect(Number(open.getAttribute('stroke-width'))).toBeGreaterThanOrEqual(2);
  });

  it('exports a standalone SVG with axes and legend', () => {
    const { container } = render(<RouterPlot {...props(trace)} />);
    const svg = exportSvg(container.querySelector('.ackp')!);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain('time (s)');
    expect(svg).toContain('arrival at router');
    expect(svg).toContain('<desc>Router plot of R1');
  });
});

describe('CwndPlot (test DOM)', () => {
  const trace = renoThreeDrops();
  it('renders cwnd/ssthresh lines, phase bands, ticks and a summary', () => {
    const { container } = render(<CwndPlot {...props(trace)} show={['flightsize']} />);
    expect(texts(container)).toContain('cwnd (packets)');
    const legend = screen.getByRole('list', { name: 'legend' }).textContent!;
    for (const l of [
      'cwnd',
      'ssthresh',
      'flight size',
      'slow start',
      'congestion avoidance',
      'fast recovery',
      'timeout (RTO)',
      'drop (scripted)',
    ])
      expect(legend).toContain(l);
    expect(container.querySelector('.ackp-line-cwnd')).not.toBeNull();
    expect(
      container.querySelector('.ackp-line-ssthresh')!.getAttribute('stroke-dasharray'),
    ).toBeTruthy();
    expect(container.querySelectorAll('[data-phase]').length).toBeGreaterThanOrEqual(4);
    expect(container.querySelectorAll('.ackp-marks [data-kind="2"]').length).toBe(3);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /Congestion window of flow 1 \(Reno\)/,
    );
  });

  it('bytes units', () => {
    const { container } = render(<CwndPlot {...props(trace)} units="bytes" />);
    expect(texts(container)).toContain('cwnd (bytes)');
  });
});

describe('TimeSeqPlot (test DOM)', () => {
  it('renders segments, R marks, the ACK staircase and the "3" label', () => {
    const trace = renoThreeDrops();
    const { container } = render(
      <TimeSeqPlot {...props(trace, { cursor: trace.packets.length - 1 })} />,
    );
    expect(texts(container)).toContain('sequence (packet number)');
    const legend = screen.getByRole('list', { name: 'legend' }).textContent!;
    expect(legend).toContain('cumulative ACK');
    expect(legend).toContain('duplicate ACK');
    expect(container.querySelector('.ackp-line-ackLine')).not.toBeNull();
    expect(texts(container).filter((t) => t === 'R').length).toBeGreaterThanOrEqual(1);
    expect(texts(container)).toContain('3');
  });
});

describe('QueueView (test DOM)', () => {
  it('shows the full queue (7 of 7) and the overflow drop at the first overflow', () => {
    const trace = renoNoDrops();
    const P = trace.packets;
    let first = -1;
    for (let i = 0; i < P.length && first < 0; i++)
      if (P.kind[i] === K.drop && P.cause[i] === DropCause.overflow) first = i;
    const p = props(trace, { cursor: first });
    const { container } = render(<QueueView {...p} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toMatch(
      /holds 7 of at most 7 packets/,
    );
    const stack = container.querySelectorAll('.ackp-stack .ackp-qpkt:not(.ackp-drop)');
    expect(stack.length).toBe(7);
    const drop = container.querySelector('.ackp-drop')!;
    expect(drop.getAttribute('data-packet')).toBe(
      String(trace.transmissions.packet[P.uid[first]!]),
    );
    expect(drop.classList.contains('ackp-flash')).toBe(true);
    expect(texts(container)).toContain('7 / 7 waiting');
    fireEvent.click(stack[0]!.querySelector('rect')!);
    expect(p.onSeek).toHaveBeenCalledTimes(1);
  });

  it('draws every node and the packets in flight', () => {
    const trace = renoThreeDrops();
    const { container } = render(<QueueView {...props(trace, { cursor: 300 })} />);
    for (const n of trace.nodes) expect(texts(container)).toContain(n);
    expect(container.querySelectorAll('.ackp-inflight .ackp-qpkt').length).toBeGreaterThan(0);
  });
});

describe('Legend labels in a compact panel', () => {
  it('drop where the mark is drawn but keep what tells marks apart', () => {
    expect(shortLabel('arrival at router')).toBe('arrival');
    expect(shortLabel('departure on bottleneck')).toBe('departure');
    expect(shortLabel('ACK at router')).toBe('ACK');
    expect(shortLabel('drop (scripted)')).toBe('drop (scripted)');
    expect(shortLabel('retransmission')).toBe('retransmission');
  });
});

describe("The legend's key (the marks' entries a compact panel folds away)", () => {
  it('opens the folded entries with their full words, and closes again', () => {
    const { container } = render(
      <Legend
        theme="projector"
        items={[
          { key: 'cwnd', label: 'cwnd', swatch: { type: 'line', color: 'data', dash: '' } },
          {
            key: 'k1',
            label: 'drop (queue overflow)',
            swatch: { type: 'glyph', glyph: 0, color: 'overflow' },
            fold: true,
          },
        ]}
      />,
    );
    expect(container.querySelector('li[data-legend="k1"]')!.hasAttribute('data-fold')).toBe(true);
    expect(container.querySelector('li[data-legend="cwnd"]')!.hasAttribute('data-fold')).toBe(
      false,
    );
    const key = screen.getByTestId('legend-key');
    expect(key.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('.ackp-key-pop')).toBeNull();
    fireEvent.click(key);
    expect(key.getAttribute('aria-expanded')).toBe('true');
    const pop = container.querySelector('.ackp-key-pop')!;
    expect(pop.id).toBe(key.getAttribute('aria-controls'));
    expect(pop.textContent).toBe('drop (queue overflow)');
    fireEvent.keyDown(key, { key: 'Escape' });
    expect(container.querySelector('.ackp-key-pop')).toBeNull();
  });

  it('is left out when no entry folds; the cwnd plot folds its drop and timeout entries', () => {
    const { container } = render(<CwndPlot {...props(renoThreeDrops())} renderer="svg" />);
    const folded = [...container.querySelectorAll('li[data-fold]')].map((l) =>
      l.getAttribute('data-legend'),
    );
    expect(folded.length).toBeGreaterThan(0);
    expect(folded.every((k) => k!.startsWith('k'))).toBe(true);
    expect(container.querySelector('li[data-legend="cwnd"]')!.hasAttribute('data-fold')).toBe(
      false,
    );
    cleanup();
    render(
      <Legend
        theme="light"
        items={[{ key: 'a', label: 'a', swatch: { type: 'line', color: 'data', dash: '' } }]}
      />,
    );
    expect(screen.queryByTestId('legend-key')).toBeNull();
  });
});

describe('Phase words in the cwnd plot', () => {
  it('sit over the lines on a halo the colour of their band, so ssthresh along the top does not cross them', () => {
    expect(opaqueOver('rgba(86, 180, 233, 0.16)', '#ffffff')).toBe('rgb(228, 243, 251)');
    expect(opaqueOver('#fff1c9', '#ffffff')).toBe('#fff1c9');
    const { container } = render(<CwndPlot {...props(renoThreeDrops())} renderer="svg" />);
    const labels = container.querySelector('.ackp-band-labels')!;
    const line = container.querySelector('.ackp-line-ssthresh')!;
    expect(line.compareDocumentPosition(labels) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const ss = [...labels.querySelectorAll('text')].find((t) => t.textContent === 'SS')!;
    expect(ss.getAttribute('stroke')).toMatch(/^rgb\(/);
    expect(ss.getAttribute('paint-order')).toBe('stroke');
  });
});

describe('A long run seen whole (marks a pixel cannot separate)', () => {
  const p = parseScenarioQuery('preset=fall-floyd&sender=reno&sender2=newreno&stop=100&loss=0.01');
  if (!p.ok) throw new Error('bad query');
  const long = run(buildSimConfig(p.scenario));

  it('router plot: departures per bin for each flow (flow 1 up, flow 2 down), drops one by one', () => {
    const { container } = render(<RouterPlot {...props(long)} width={800} height={320} />);
    const area = container.querySelector('.ackp-area')!;
    expect(area.getAttribute('data-aggregate')).toBe('rate');
    const bars = container.querySelectorAll('path.ackp-rate');
    expect([...bars].map((b) => b.getAttribute('data-flow'))).toEqual(['0', '1']);
    expect(bars[0]!.getAttribute('fill')).not.toBe(bars[1]!.getAttribute('fill'));
    // Only drops stay single marks, on a row per flow: at most one glyph per kind and cell
    // (a row of separate glyphs, not an overlapping chain), each flow's count beside its name.
    const marks = [...container.querySelectorAll('.ackp-marks .ackp-mark')];
    const rm = routerMarks(long);
    const drops = rm.drops.length;
    expect(drops).toBeGreaterThan(0);
    expect(marks.length).toBeGreaterThan(0);
    expect(marks.length).toBeLessThanOrEqual(drops);
    expect(texts(container).some((t) => /^departures per \d/.test(t ?? ''))).toBe(true);
    const n1 = rm.drops.filter((i) => long.transmissions.flow[long.packets.uid[i]!] === 0).length;
    expect(texts(container)).toContain(`flow 1 (Reno) ↑ · ${n1} drops (row above)`);
    const legend = screen.getByRole('list', { name: 'legend' });
    expect(legend.textContent).toContain('flow 2 (NewReno): departures (down)');
  });

  it('a zoomed window of the same run draws every mark again', () => {
    const { container } = render(
      <RouterPlot {...props(long, { xDomain: [40, 43] })} width={800} height={320} />,
    );
    expect(container.querySelector('.ackp-area')!.getAttribute('data-aggregate')).toBeNull();
    expect(container.querySelectorAll('path.ackp-rate').length).toBe(0);
  });

  it('time–sequence plot: one bar per bin and colour, retransmissions still marked "R"', () => {
    const { container } = render(
      <TimeSeqPlot {...props(long, { flows: [0] })} width={400} height={320} />,
    );
    expect(container.querySelector('.ackp-area')!.getAttribute('data-aggregate')).toBe('range');
    expect(container.querySelectorAll('path.ackp-range').length).toBeGreaterThan(0);
    expect(texts(container)).toContain('R');
  });
});
