/**
 * Keyboard focus after a click (hooks/focusKeeper.ts): the rule on hand-made elements, then the
 * app — a click on a lower-panel tab keeps the tab strip (the same element) and hands the focus
 * to the visualizer; arrow keys on a focused tab move along the same strip.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { focusAfterClick, isToggle } from '../../src/ui/hooks/focusKeeper';
import { resetApp } from '../../src/ui/store';
import { closeApp, openApp } from './openApp';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });
configure({ asyncUtilTimeout: 30_000 });

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  document.body.append(e);
  return e;
}

describe('focusAfterClick', () => {
  afterEach(() => document.body.replaceChildren());

  it('sends focus that fell out (body, a removed control) to the visualizer, pointer or key', () => {
    const b = el('button');
    for (const pointer of [true, false]) {
      expect(focusAfterClick({ pointer, clicked: b, active: document.body })).toBe('visualizer');
      expect(focusAfterClick({ pointer, clicked: b, active: null })).toBe('visualizer');
      const gone = document.createElement('button');
      expect(focusAfterClick({ pointer, clicked: gone, active: gone })).toBe('visualizer');
    }
  });

  it('hands a toggle a pointer clicked to the visualizer; a key’s click keeps it', () => {
    const b = el('button');
    const box = el('input', { type: 'checkbox' });
    const tab = el('div', { role: 'tab', tabindex: '0' });
    for (const t of [b, box, tab]) {
      expect(focusAfterClick({ pointer: true, clicked: t, active: t })).toBe('visualizer');
      expect(focusAfterClick({ pointer: false, clicked: t, active: t })).toBe('stay');
    }
    // A click on the button's text (a child) or on a checkbox's label counts as the control's.
    const span = document.createElement('span');
    b.append(span);
    expect(focusAfterClick({ pointer: true, clicked: span, active: b })).toBe('visualizer');
    const label = el('label');
    const inner = document.createElement('input');
    inner.type = 'checkbox';
    label.append(inner, 'flightsize');
    expect(focusAfterClick({ pointer: true, clicked: label, active: inner })).toBe('visualizer');
  });

  it('keeps text fields, selects, the scrubber, dialogs and a focus moved on purpose', () => {
    const text = el('input', { type: 'text' });
    const select = el('select');
    const range = el('input', { type: 'range' });
    for (const t of [text, select, range])
      expect(focusAfterClick({ pointer: true, clicked: t, active: t })).toBe('stay');
    const dialog = el('div', { role: 'dialog' });
    const close = document.createElement('button');
    dialog.append(close);
    expect(focusAfterClick({ pointer: true, clicked: close, active: close })).toBe('stay');
    // Reveal was clicked and focused Continue itself.
    const reveal = el('button');
    const cont = el('button');
    expect(focusAfterClick({ pointer: true, clicked: reveal, active: cont })).toBe('stay');
    // A log row (not a toggle) keeps the focus the click gave it.
    const row = el('li', { tabindex: '-1' });
    expect(focusAfterClick({ pointer: true, clicked: row, active: row })).toBe('stay');
  });

  it('knows the toggles', () => {
    expect(isToggle(el('button'))).toBe(true);
    expect(isToggle(el('input', { type: 'radio' }))).toBe(true);
    expect(isToggle(el('summary'))).toBe(true);
    expect(isToggle(el('input', { type: 'text' }))).toBe(false);
    expect(isToggle(el('a'))).toBe(false);
  });
});

describe('the app: a click on a lower-panel tab', () => {
  afterEach(() => {
    closeApp();
    resetApp();
  });

  it('keeps the strip mounted and gives the visualizer the focus', async () => {
    await openApp('?preset=ff-3-drops&sender=reno');
    const strip = await waitFor(() => screen.getByTestId('panel-tabs'));
    const tab = screen.getByTestId('panel-tab-timeseq');
    await act(async () => {
      tab.focus();
      fireEvent.click(tab, { detail: 1 });
      await new Promise((r) => setTimeout(r, 10));
    });
    await waitFor(() => screen.getByTestId('panel-timeseq'));
    expect(screen.getByTestId('panel-tabs')).toBe(strip);
    expect(document.activeElement).toBe(screen.getByTestId('visualizer'));
  });

  it('moves along the same strip with the arrow keys, the chosen tab focused', async () => {
    await openApp('?preset=ff-3-drops&sender=reno');
    const strip = await waitFor(() => screen.getByTestId('panel-tabs'));
    const cwnd = screen.getByTestId('panel-tab-cwnd');
    cwnd.focus();
    await act(async () => {
      fireEvent.keyDown(cwnd, { key: 'ArrowRight' });
    });
    await waitFor(() => screen.getByTestId('panel-timeseq'));
    expect(screen.getByTestId('panel-tabs')).toBe(strip);
    expect(document.activeElement).toBe(screen.getByTestId('panel-tab-timeseq'));
    expect(screen.getByTestId('panel-tab-timeseq').getAttribute('tabindex')).toBe('0');
  });
});
