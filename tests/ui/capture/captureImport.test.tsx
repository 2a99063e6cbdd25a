/**
 * The capture import in the app (issue 27): the picker hands the file to the capture worker
 * (here its API in-process, with a hand-built analysis), progress and Cancel, the flow list,
 * the time–sequence panel and the log on the imported connection, a file the reader refuses
 * (the scenario and the capture on screen kept), and the way back to the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { setCaptureFactory, type CaptureHandle } from '../../../src/ui/capture/bridge';
import { packConnection } from '../../../src/ui/capture/pack';
import type { CaptureFile } from '../../../src/ui/capture/types';
import type { CaptureApi } from '../../../src/ui/worker/captureApi';
import { useApp } from '../../../src/ui/store';
import { captureApi } from '../../../src/ui/worker/captureApi';
import { runScenario } from '../../../src/ui/worker/runScenario';
import { readScenarioQuery } from '../../../src/ui/deps/scenarios';
import { readFileSync } from 'node:fs';
import { closeApp, openApp } from '../openApp';
import { handAnalysis, handSummary } from './handAnalysis';

const file: CaptureFile = {
  name: 'lab.pcapng',
  bytes: 4096,
  format: 'pcapng',
  packets: 40,
  tcpPackets: 26,
  connections: [handSummary(0, { bytes: 1200 }), handSummary(1)],
};

/** What the fake worker is asked and how it answers the next `open`. */
const calls = { open: [] as string[], analyse: [] as number[], terminated: 0 };
let nextOpen: (name: string, onProgress?: (f: number) => void) => Promise<CaptureFile>;

function fakeHandle(): CaptureHandle {
  const api: CaptureApi = {
    open: (_f, name, onProgress) => {
      calls.open.push(name);
      return nextOpen(name, onProgress);
    },
    analyse: async (id) => {
      calls.analyse.push(id);
      // Packed as the worker packs it: the page's plots read the worker's models.
      return packConnection(handAnalysis(id)).packed;
    },
    replay: () => Promise.reject(new Error('no replay in this test')),
  };
  return { api, remote: false, terminate: () => void calls.terminated++ };
}

function pick(name: string) {
  const input = screen.getByTestId('capture-file');
  fireEvent.change(input, { target: { files: [new File(['x'], name)] } });
}

beforeAll(async () => {
  await openApp('?');
  setCaptureFactory(fakeHandle);
});
afterAll(() => {
  closeApp();
});

describe('importing a capture', () => {
  it('reads the picked file, lists its connections and shows the largest one', async () => {
    nextOpen = async (_n, onProgress) => {
      onProgress?.(0.5);
      return file;
    };
    pick('lab.pcapng');
    await screen.findByTestId('capture-view');
    expect(calls.open).toEqual(['lab.pcapng']);
    expect(screen.getByTestId('capture-private').textContent).toBe(
      'This trace stays in your browser; the link does not contain it.',
    );
    const rows = within(screen.getByTestId('capture-flows')).getAllByRole('checkbox');
    expect(rows).toHaveLength(2);
    // Connection 2 sent 5000 bytes, connection 1 1200: the larger is shown first.
    expect(rows.map((r) => (r as HTMLInputElement).checked)).toEqual([false, true]);
    const row2 = screen.getByTestId('capture-flows').querySelector('tr[data-conn="1"]')!;
    expect(row2.textContent).toContain('10.0.0.1:40001 → 10.0.0.2:5001');
    expect(row2.textContent).toContain('5.0 kB');
    expect(row2.textContent).toContain('1 (1/0/0)');
    expect(row2.textContent).toContain('at the sender');
    await waitFor(() => expect(calls.analyse).toEqual([1]));
    const ts = await screen.findByTestId('capture-timeseq');
    expect(ts.querySelector('[aria-label*="new segments"]')!.getAttribute('aria-label')).toContain(
      '4 new segments, 1 retransmissions',
    );
    expect(screen.getByTestId('capture-flight')).toBeTruthy();
    const log = screen.getByTestId('capture-log');
    const items = log.querySelectorAll('li');
    expect(items).toHaveLength(3);
    expect(log.querySelectorAll('li.inferred')).toHaveLength(1);
    expect(log.querySelector('li.inferred')!.textContent).toContain('inferred');
    // The capture opens at its end: the last row is the cursor's.
    expect(items[2]!.getAttribute('aria-current')).toBe('true');
  });

  it('a click on a log row moves the cursor there; a second connection is stacked', async () => {
    const log = screen.getByTestId('capture-log');
    fireEvent.click(log.querySelectorAll('li')[0]!);
    // Row 10 of connection 2 (it starts 0.5 s into the capture) is at 0.034 s.
    expect(useApp.getState().capture.cursor).toBeCloseTo(0.534, 9);
    expect(log.querySelectorAll('li')[0]!.getAttribute('aria-current')).toBe('true');
    fireEvent.click(within(screen.getByTestId('capture-flows')).getAllByRole('checkbox')[0]!);
    await waitFor(() => expect(screen.getAllByTestId('capture-timeseq')).toHaveLength(2));
    expect(calls.analyse).toEqual([1, 0]);
  });

  it('a file the reader refuses keeps the capture and the scenario on screen', async () => {
    const scenario = useApp.getState().scenario;
    nextOpen = () =>
      Promise.reject(new Error('not a pcap or pcapng capture (it starts with “PK”)'));
    pick('notes.zip');
    const alert = await screen.findByTestId('capture-error');
    expect(alert.textContent).toContain(
      'notes.zip: not a pcap or pcapng capture (it starts with “PK”)',
    );
    expect(alert.textContent).toContain('The capture on screen is kept.');
    expect(screen.getByTestId('capture-name').textContent).toBe('lab.pcapng');
    expect(useApp.getState().scenario).toBe(scenario);
  });

  it('Cancel stops the reading worker and keeps what was shown', async () => {
    nextOpen = (_n, onProgress) => {
      onProgress?.(0.25);
      return new Promise<CaptureFile>(() => {});
    };
    const before = calls.terminated;
    pick('big.pcap');
    const progress = await screen.findByTestId('capture-progress');
    expect(progress.textContent).toMatch(/Reading big\.pcap in this browser…\s+25%/);
    await act(async () => fireEvent.click(screen.getByTestId('capture-cancel')));
    expect(calls.terminated).toBe(before + 1);
    expect(screen.getByTestId('capture-error').textContent).toContain(
      'Import cancelled; nothing was changed.',
    );
    expect(screen.getByTestId('capture-name').textContent).toBe('lab.pcapng');
  });

  it('goes back to the simulator and returns to the capture', async () => {
    fireEvent.click(screen.getByTestId('capture-close'));
    expect(screen.queryByTestId('capture-view')).toBeNull();
    expect(screen.getByTestId('run-info')).toBeTruthy();
    fireEvent.click(screen.getByTestId('capture-show'));
    expect(screen.getByTestId('capture-view')).toBeTruthy();
  });
});

describe('the real reader, in-process, on the app’s own pcap export', () => {
  it('lists the exported run’s connection with the run’s own retransmissions', async () => {
    setCaptureFactory(() => ({ api: captureApi, remote: false, terminate: () => {} }));
    const bytes = readFileSync('tests/fixtures/capture-ui/ff-3-drops-sack-at-sender.pcap');
    // The capture view's "Open another…".
    fireEvent.change(screen.getByTestId('capture-file'), {
      target: { files: [new File([bytes], 'ff-3-drops-sack-at-sender.pcap')] },
    });
    await waitFor(() =>
      expect(screen.getByTestId('capture-name').textContent).toBe('ff-3-drops-sack-at-sender.pcap'),
    );
    const rows = screen.getByTestId('capture-flows').querySelectorAll('tbody tr');
    expect(rows).toHaveLength(1);
    // The same run in the simulator: its sender's retransmissions are the capture's.
    const { trace } = runScenario(
      readScenarioQuery('preset=ff-3-drops&sender=sack&stop=2.5').scenario,
    );
    expect(Number(rows[0]!.querySelector('[data-retx]')!.getAttribute('data-retx'))).toBe(
      trace.flowStats[0]!.retransmissions,
    );
    await screen.findByTestId('capture-timeseq');
    expect(useApp.getState().capture.file!.packets).toBe(72);
  });

  it('replays the connection in the simulator: the run’s own drops, Reno and CUBIC side by side', async () => {
    fireEvent.click(screen.getByTestId('capture-replay-run'));
    await waitFor(() => expect(useApp.getState().compare).toEqual(['reno', 'cubic']));
    const s = useApp.getState().scenario;
    expect(s.preset).toBe('bufferbloat-path');
    // The three segments the simulator dropped (15, 27, 29) are the replay's drop list.
    expect(s.flows[0]!.drops.map((d) => d.packet)).toEqual([15, 27, 29]);
    const replays = await screen.findByTestId('capture-replays', {}, { timeout: 20_000 });
    await waitFor(() => expect(replays.querySelectorAll('section')).toHaveLength(2), {
      timeout: 20_000,
    });
    expect(replays.textContent).toContain('simulated: reno');
    expect(replays.textContent).toContain('simulated: cubic');
    expect(screen.getByRole('tab', { name: 'Replays' }).getAttribute('aria-selected')).toBe('true');
  });
});
