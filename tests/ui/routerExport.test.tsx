/**
 * The export bar follows the router shown (the `router` view key): on sctp-failover with A1
 * chosen, "router CSV" writes A1's rows (arrivals, departures onto A1 → B1, drops, ACKs: the
 * marks the router plot draws) in a file named …-router-A1.csv, and the router plot's SVG is
 * A1's plot in …-router-A1.svg; with the run's own router A0 the names carry no router.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { routerMarks } from '../../src/ui/panels/router';
import { resetApp, useApp, mainTrace } from '../../src/ui/store';
import { closeApp, openApp } from './openApp';

/** Every file the export bar writes: its name and text (PNG blobs are not read). */
const files: { name: string; text: string }[] = [];
vi.mock('../../src/ui/export/download', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/ui/export/download')>();
  return {
    ...real,
    downloadText: (text: string, name: string) => files.push({ name, text }),
    downloadBlob: (_: Blob, name: string) => files.push({ name, text: '' }),
  };
});

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
configure({ asyncUtilTimeout: 30_000 });

/** Open a link and wait for the router plot's choice buttons. */
async function open(search: string) {
  await openApp(search);
  await waitFor(() => screen.getByTestId('router-choice-0'));
}

const exportBar = () => screen.getByRole('group', { name: 'Export' });
const click = (label: string) =>
  fireEvent.click(
    Array.from(exportBar().querySelectorAll('button')).find((b) => b.textContent === label)!,
  );
/** The last file written, after a click. */
const lastFile = () => files[files.length - 1]!;

/** A router CSV's rows as `time,event,flow,packet/cum_ack` (flow 1-based, as written). */
function csvEvents(text: string): string[] {
  const [head, ...lines] = text.trimEnd().split('\n');
  expect(head).toBe('time,event,flow,packet,retx,cum_ack,cause');
  return lines.map((l) => {
    const [time, event, flow, packet, , cumAck] = l.split(',');
    return `${time},${event},${flow},${event === 'ack' ? cumAck : packet}`;
  });
}

/**
 * The router plot's marks at router `node` (by name), read from the trace's packet events: what
 * the plot draws, in the CSV's form.
 */
function plotEvents(node: string): string[] {
  const trace = mainTrace(useApp.getState())!;
  const router = trace.nodes.indexOf(node);
  const bottleneck = trace.links.findIndex((l) => l.from === node && l.to === `B${node.slice(1)}`);
  expect(router).toBeGreaterThanOrEqual(0);
  expect(bottleneck).toBeGreaterThanOrEqual(0);
  const m = routerMarks(trace, { router, bottleneck });
  const kinds: [number[], string][] = [
    [m.arrivals, 'arrive'],
    [m.departures, 'depart'],
    [m.drops, 'drop'],
    [m.acks, 'ack'],
  ];
  const p = trace.packets;
  const x = trace.transmissions;
  const out: [number, string][] = [];
  for (const [events, name] of kinds)
    for (const i of events) {
      const u = p.uid[i]!;
      const n = name === 'ack' ? x.cumAck[u]! : x.packet[u]!;
      out.push([i, `${p.time[i]!},${name},${x.flow[u]! + 1},${n}`]);
    }
  return out.sort((a, b) => a[0] - b[0]).map(([, s]) => s);
}

beforeEach(() => {
  resetApp();
  files.length = 0;
});
afterEach(() => {
  closeApp();
});

describe('export with another router shown (sctp-failover)', () => {
  it('router CSV: A0 by default, A1’s rows in …-router-A1.csv once A1 is chosen', async () => {
    await open('?preset=sctp-failover&panels=router,queue,log');
    click('router CSV');
    expect(lastFile().name).toBe('ackclock-sctp-failover-router.csv');
    const a0 = csvEvents(lastFile().text);
    expect(a0).toEqual(plotEvents('A0'));

    fireEvent.click(screen.getByTestId('router-choice-1'));
    expect(useApp.getState().routerNode).toBe('A1');
    click('router CSV');
    expect(lastFile().name).toBe('ackclock-sctp-failover-router-A1.csv');
    const a1 = csvEvents(lastFile().text);
    const expected = plotEvents('A1');
    expect(expected.length).toBeGreaterThan(100);
    expect(a1).toEqual(expected);
    // The first data at A1: the failover's retransmission of packet 1098 (flow 1).
    expect(a1[0]).toMatch(/^5\.38\d*,arrive,1,1098$/);
    expect(a1.filter((r) => a0.includes(r))).toEqual([]);
    // The counts the router slot shows are those of the file.
    const panel = screen.getByTestId('panel-router');
    expect(a1.filter((r) => r.includes(',arrive,'))).toHaveLength(Number(panel.dataset.arrivals));
    // The cwnd CSV does not depend on the router.
    click('cwnd CSV');
    expect(lastFile().name).toBe('ackclock-sctp-failover-cwnd.csv');
  });

  it('the router plot’s SVG is A1’s and its name says so', async () => {
    await open('?preset=sctp-failover&router=A1&panels=router,queue,log');
    expect(pressedRouter()).toBe('A1 (path S1→K1)');
    click('SVG');
    const svg = lastFile();
    expect(svg.name).toBe('ackclock-sctp-failover-router-A1.svg');
    expect(svg.text).toMatch(/<title>Router A1 → B1<\/title>/);
    expect(svg.text).toMatch(/<desc>Router plot of A1, link A1→B1/);
    // Back to A0: no router in the name, A0's plot.
    fireEvent.click(screen.getByTestId('router-choice-0'));
    click('SVG');
    expect(lastFile().name).toBe('ackclock-sctp-failover-router.svg');
    expect(lastFile().text).toMatch(/<title>Router A0 → B0<\/title>/);
  });
});

const pressedRouter = () =>
  screen.getAllByTestId(/^router-choice-\d$/).find((b) => b.getAttribute('aria-pressed') === 'true')
    ?.textContent;
