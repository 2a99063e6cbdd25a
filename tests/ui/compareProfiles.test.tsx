import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../src/ui/App.tsx';
import { startController } from '../../src/ui/app/controller';
import { ComparePicker } from '../../src/ui/components/ComparePicker';
import { findVariant } from '../../src/ui/deps/scenarios';
import { parseLocation } from '../../src/ui/model/urlState';
import { mainTrace, resetApp, useApp } from '../../src/ui/store';
import { installInProcessEngine } from './inProcessEngine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

let stop: (() => void) | null = null;
beforeEach(() => resetApp());
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

function pickerOn(search: string) {
  const p = parseLocation(search);
  expect(p.errors).toEqual([]);
  useApp.setState({ scenario: p.scenario, compare: p.view.compare ?? [] });
  render(<ComparePicker />);
}

const runs = () => within(screen.getByTestId('compare-runs')).getAllByRole('listitem');

describe('ComparePicker: the same sender under other profiles, without typing a link', () => {
  it('"Compare profiles" runs the sender under every profile, the scenario’s own first', () => {
    pickerOn('?preset=ff-1-drops&sender=newreno');
    const button = screen.getByRole('button', { name: 'Compare profiles' });
    expect(button.getAttribute('title')).toBe('Run newreno under each stack profile (ff96, ns2, rfc) side by side');
    fireEvent.click(button);
    expect(useApp.getState().compare).toEqual(['newreno', 'newreno@ns2', 'newreno@rfc']);
    expect(runs()).toHaveLength(3);
    const select = screen.getByRole('combobox', { name: 'Profile of run 2, NewReno · ns-2.35 defaults' });
    expect((select as HTMLSelectElement).value).toBe('ns2');
    expect(
      (screen.getByRole('combobox', { name: /^Profile of run 1/ }) as HTMLSelectElement).selectedOptions[0]!
        .textContent,
    ).toBe('scenario’s (ff96)');
    // Every profile is used: no other profile to add for NewReno.
    const add = screen.getAllByRole('button', { name: 'Also run newreno under another profile' });
    expect(add.every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
    expect(add[0]!.getAttribute('title')).toBe('newreno already runs under every profile');
  });

  it('a run’s profile select changes its entry; one that would repeat a run is refused and says why', () => {
    pickerOn('?preset=ff-1-drops&sender=newreno&compare=reno,newreno');
    fireEvent.change(screen.getByRole('combobox', { name: 'Profile of run 2, NewReno' }), {
      target: { value: 'rfc' },
    });
    expect(useApp.getState().compare).toEqual(['reno', 'newreno@rfc']);
    // Labels now say each run's profile.
    expect(screen.getByRole('combobox', { name: 'Profile of run 1, Reno · Fall & Floyd test suite' })).toBeTruthy();
    // + profile adds NewReno under the first profile it does not run under yet (ff96).
    fireEvent.click(screen.getByRole('button', { name: 'Also run newreno under another profile' }));
    expect(useApp.getState().compare).toEqual(['reno', 'newreno@rfc', 'newreno@ff96']);
    // Run 3 to rfc would repeat run 2: refused, the list unchanged, the message beside the control.
    fireEvent.change(screen.getByRole('combobox', { name: /^Profile of run 3/ }), { target: { value: 'rfc' } });
    expect(useApp.getState().compare).toEqual(['reno', 'newreno@rfc', 'newreno@ff96']);
    expect(screen.getByRole('alert').textContent).toBe('compare: “newreno@rfc” is listed twice');
    expect(screen.getByRole('group').getAttribute('aria-invalid')).toBe('true');
    // Removing runs down to one leaves compare mode.
    fireEvent.click(screen.getByRole('button', { name: 'Remove run 1, Reno · Fall & Floyd test suite' }));
    expect(useApp.getState().compare).toEqual(['newreno@rfc', 'newreno@ff96']);
    fireEvent.click(screen.getByRole('button', { name: /^Remove run 2/ }));
    expect(useApp.getState().compare).toEqual([]);
    expect(screen.queryByTestId('compare-runs')).toBeNull();
  });

  it('unticking a sender removes all its runs; at four runs nothing more can be added', () => {
    pickerOn('?preset=ff-1-drops&sender=newreno&compare=newreno,newreno@ns2,newreno@rfc,reno');
    expect(screen.getByRole('checkbox', { name: 'sack' })).toHaveProperty('disabled', true);
    const add = screen.getAllByRole('button', { name: 'Also run reno under another profile' })[0]!;
    expect(add).toHaveProperty('disabled', true);
    expect(add.getAttribute('title')).toBe('At most 4 runs side by side');
    fireEvent.click(screen.getByRole('checkbox', { name: 'newreno' }));
    expect(useApp.getState().compare).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'newreno' })).toHaveProperty('checked', true);
  });
});

describe('compare mode with one sender under two profiles', () => {
  it('labels each run with its profile, keeps the sender’s colour and tells the runs apart by marker', async () => {
    window.history.replaceState(null, '', '/?preset=ff-1-drops&compare=newreno@ns2,newreno@rfc');
    installInProcessEngine();
    render(<App />);
    await act(async () => {
      stop = startController();
    });
    await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
    const ns2 = await screen.findByTestId('compare-newreno@ns2');
    const rfc = screen.getByTestId('compare-newreno@rfc');
    expect(within(ns2).getByTestId('compare-name').textContent).toBe(' NewReno · ns-2.35 defaults');
    expect(within(rfc).getByTestId('compare-name').textContent).toBe(' NewReno · RFC text (5681, 6582, 4960)');
    const color = findVariant('newreno')!.color;
    const markers = (row: HTMLElement) =>
      [...row.querySelectorAll('[data-marker]')].map((m) => [m.getAttribute('data-marker'), m.getAttribute('stroke')]);
    expect(new Set(markers(ns2).map(String))).toEqual(new Set([String(['square', color])]));
    expect(new Set(markers(rfc).map(String))).toEqual(new Set([String(['triangle', color])]));
    // The first decision that differs: ns-2's SYN with cwnd 1 against the RFC's start with cwnd 4.
    expect(screen.getByTestId('divergence').textContent).toMatch(
      /^First different decision \(vs NewReno · ns2\): the start of the transfer go to it — NewReno · ns2: SYN, cwnd 1, sends 1 \(1\.000 s\); NewReno · rfc: start, cwnd 4, sends 1–4 \(1\.\d{3} s\)\./,
    );
    // The log's run select names the runs the same way.
    const logSelect = screen.getByRole('combobox', { name: 'Log of sender' }) as HTMLSelectElement;
    expect([...logSelect.options].map((o) => o.textContent)).toEqual([
      'NewReno · ns-2.35 defaults',
      'NewReno · RFC text (5681, 6582, 4960)',
    ]);
    // The address keeps the entries as typed.
    expect(new URLSearchParams(window.location.search).get('compare')).toBe('newreno@ns2,newreno@rfc');
    expect(window.location.search).toContain('compare=newreno@ns2,newreno@rfc');
  });
});
