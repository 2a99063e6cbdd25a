/**
 * Predict mode (issue 10 §7): the prompt names the event as the log does, the preset's notice is
 * collapsed while the answer is pending, and Reveal moves focus to the next control.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { decisionAt } from '../../src/engine';
import { startController } from '../../src/ui/app/controller';
import { PredictPrompt } from '../../src/ui/components/PredictPrompt';
import { PresetPicker } from '../../src/ui/components/PresetPicker';
import { explainRule } from '../../src/ui/deps/outputs';
import { parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { predictEventText } from '../../src/ui/model/predict';
import { mainTrace, resetApp, useApp } from '../../src/ui/store';
import { runScenario } from '../../src/ui/worker/runScenario';
import { installInProcessEngine } from './inProcessEngine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

function traceOf(q: string) {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(q);
  return runScenario(r.scenario).trace;
}

describe('predictEventText', () => {
  const t = traceOf('preset=ff-3-drops&sender=newreno');
  const text = (id: number) => predictEventText(t, decisionAt(t, id));

  it('a partial ACK is named as one, not by the sender’s duplicate counter', () => {
    const d = decisionAt(t, 27);
    expect(d.code).toBe('newreno.partial-ack');
    expect(d.trigger.kind === 'ack' && d.trigger.dupacks).toBe(12);
    expect(text(27)).toBe('a partial ACK for 26');
  });

  it('duplicates in the log’s words, with NewReno’s counter when it differs', () => {
    expect(text(17)).toBe('the 3rd duplicate ACK for 14');
    expect(text(28)).toBe("the 1st duplicate ACK for 26 (NewReno's duplicate counter: 13)");
    // The same words open the log's sentence for that decision.
    for (const id of [17, 28, 29, 33])
      expect(explainRule(decisionAt(t, id), t).startsWith(text(id).replace(/^the /, ''))).toBe(true);
  });

  it('a new ACK and a timeout', () => {
    const d0 = decisionAt(t, 5);
    expect(d0.trigger.kind).toBe('ack');
    expect(text(5)).toMatch(/^a new ACK for \d+$/);
    const rto = traceOf('preset=ff-4-drops&sender=reno');
    const timeout = Array.from({ length: rto.decisions.length }, (_, i) => decisionAt(rto, i)).find(
      (d) => d.trigger.kind === 'timer',
    );
    expect(timeout).toBeDefined();
    expect(predictEventText(rto, timeout!)).toBe('a retransmission timeout (the timer expires)');
  });
});

let stop: (() => void) | null = null;
beforeEach(() => resetApp());
afterEach(() => {
  stop?.();
  stop = null;
  cleanup();
});

describe('the prompt', () => {
  it('asks about the partial ACK, hides the notice until Reveal, then focuses Continue', async () => {
    window.history.replaceState(null, '', '/?preset=ff-3-drops&sender=newreno&predict=partial-ack');
    installInProcessEngine();
    render(
      <>
        <PresetPicker />
        <PredictPrompt />
      </>,
    );
    await act(async () => {
      stop = startController();
    });
    await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
    await waitFor(() => expect(useApp.getState().run.status).not.toBe('running'));
    expect(screen.getByTestId('preset-notice').textContent).toMatch(/^What to watch: /);
    const t = mainTrace(useApp.getState())!;
    act(() => {
      useApp.getState().setPlaying(true);
      useApp.getState().seek(t.packets.length - 1);
    });
    expect(useApp.getState().predict.pending?.decisionId).toBe(27);
    expect(screen.getByTestId('predict-question').textContent).toBe(
      'Predict: the next event is a partial ACK for 26. What will cwnd be after it (in packets: ns-2’s cwnd, or cwnd + window inflation as RFC 5681 counts it — both count), and which packet will the sender send next?',
    );
    expect(screen.getByTestId('predict').textContent).not.toMatch(/duplicate #/);
    const notice = screen.getByTestId('preset-notice');
    expect(notice.textContent).toBe('What to notice is hidden until you reveal your prediction.');
    expect(notice.dataset.hiddenFor).toBe('predict');
    expect(document.activeElement).toBe(screen.getByLabelText('Your guess (packets)'));

    fireEvent.change(screen.getByLabelText('Your guess (packets)'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reveal' }));
    const cont = screen.getByRole('button', { name: 'Continue' });
    expect(document.activeElement).toBe(cont);
    const result = screen.getByTestId('predict-result');
    expect(result.getAttribute('role')).toBe('status');
    expect(cont.getAttribute('aria-describedby')).toBe(result.id);
    expect(result.textContent).toMatch(/^Your guess: 7 · Answer: cwnd = /);
    expect(screen.getByTestId('preset-notice').textContent).toMatch(/^What to watch: /);
  });
});
