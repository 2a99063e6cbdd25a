/**
 * Lectures (model/slides.ts, lecture.ts, components/SlideControls.tsx): the `slides` value
 * round-trips, each bad slide is named with the good ones kept, the address carries the lecture,
 * and the transport bar's slide controls walk it.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { startController } from '../../src/ui/app/controller';
import { SlideControls } from '../../src/ui/components/SlideControls';
import { handleVisualizerKey, SHORTCUTS } from '../../src/ui/hooks/keyboard';
import { addSlide, clearLecture, loadLecture, slideSearch } from '../../src/ui/model/lecture';
import { useLecture } from '../../src/ui/model/lectureState';
import { readSlideIndex, readSlides, writeSlides, type Slide } from '../../src/ui/model/slides';
import { parseLocation } from '../../src/ui/model/urlState';
import { mainTrace, resetApp, useApp } from '../../src/ui/store';
import { installInProcessEngine } from './inProcessEngine';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
configure({ asyncUtilTimeout: 10_000 });

const TWO: Slide[] = [
  { q: 'preset=ff-1-drops&sender=reno', e: 40, z: [1.6, 2.6], s: 'Packet 15 is lost.' },
  { q: 'preset=ff-2-drops&sender=newreno', e: 120, z: 'full', s: 'Partial ACKs: “one hole per RTT” ✓' },
];

describe('slides codec', () => {
  it('write then read gives the same slides (unicode sentence, full zoom, no e/z)', () => {
    const three = [...TWO, { q: 'preset=ff-0-drops', s: 'Just the preset.' }];
    const raw = writeSlides(three);
    expect(raw).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(readSlides(raw)).toEqual({ slides: three, errors: [] });
  });

  it('not base64url / not JSON / not a list: one message naming the key', () => {
    expect(readSlides('***').errors).toEqual(['slides: not a lecture (base64url of a JSON list of slides)']);
    expect(readSlides(btoa('{"q":1}').replace(/=+$/, '')).errors).toEqual(['slides: not a list of slides']);
  });

  it('bad slides are named, the good ones kept', () => {
    const raw = writeSlides([
      TWO[0]!,
      { q: 'preset=ff-1-drops&queue=1', s: 'bad queue' },
      { q: 'preset=ff-1-drops', e: -3, s: 'bad e' },
      { q: 'preset=ff-1-drops&e=4', s: 'view key inside q' },
      TWO[1]!,
    ] as Slide[]);
    const r = readSlides(raw);
    expect(r.slides).toEqual(TWO);
    expect(r.errors).toHaveLength(3);
    expect(r.errors[0]).toMatch(/^slides: slide 2: q: queue: /);
    expect(r.errors[1]).toMatch(/^slides: slide 3: e: /);
    expect(r.errors[2]).toBe('slides: slide 4: q: holds view keys (e); give them as e, z and v');
    const extra = readSlides(Buffer.from(JSON.stringify([{ q: 'preset=ff-1-drops', s: 'x', colour: 'red' }])).toString('base64url'));
    expect(extra.errors[0]).toMatch(/^slides: slide 1: /);
  });

  it('slide numbers: 1…n', () => {
    expect(readSlideIndex('2', 2)).toEqual({ index: 1 });
    expect(readSlideIndex('3', 2)).toEqual({ error: 'slide: 3 is past the last slide (2)' });
    expect(readSlideIndex('x', 2)).toEqual({ error: 'slide: “x” is not a slide number (1, 2, …)' });
  });

  it('the address: parseLocation reads slides and slide, with each problem keyed', () => {
    const bad = writeSlides([TWO[0]!, { q: 'preset=nope', s: 'x' }]);
    const p = parseLocation(`?preset=ff-1-drops&slides=${bad}&slide=2`);
    expect(p.view.slides).toEqual([TWO[0]]);
    expect(p.errors.map((e) => e.key)).toEqual(['slides', 'slide']);
    expect(p.errors[0]!.message).toMatch(/^slides: slide 2: q: preset: /);
    expect(p.errors[1]!.message).toBe('slide: 2 is past the last slide (1)');
  });

  it('slideSearch: slide k’s scenario, cursor, zoom and the lecture', () => {
    const q = new URLSearchParams(slideSearch(TWO, 1));
    expect(q.get('preset')).toBe('ff-2-drops');
    expect(q.get('sender')).toBe('newreno');
    expect(q.get('e')).toBe('120');
    expect(q.get('zoom')).toBe('full');
    expect(q.get('slide')).toBe('2');
    expect(readSlides(q.get('slides')!).slides).toEqual(TWO);
  });
});

let stop: (() => void) | null = null;
async function open(search: string) {
  window.history.replaceState(null, '', `/${search}`);
  loadLecture(search);
  installInProcessEngine();
  render(<SlideControls />);
  await act(async () => {
    stop = startController();
  });
  await waitFor(() => expect(mainTrace(useApp.getState())).not.toBeNull());
  await waitFor(() => expect(useApp.getState().run.status).not.toBe('running'));
}

describe('<SlideControls />', () => {
  beforeEach(() => {
    resetApp();
    useLecture.setState({ slides: [], index: null, message: null, warning: null });
  });
  afterEach(() => {
    stop?.();
    stop = null;
    cleanup();
  });

  it('walks a two-slide lecture with ] and the buttons: scenario, cursor, sentence, address', async () => {
    await open(`?${slideSearch(TWO, 0)}`);
    expect(screen.getByTestId('slide-readout').textContent).toBe('Slide 1/2');
    expect(screen.getByTestId('slide-text').textContent).toBe('Packet 15 is lost.');
    expect(useApp.getState().cursor).toBe(40);
    expect(SHORTCUTS.some((s) => s.keys.join() === '[,]')).toBe(true);
    act(() => {
      handleVisualizerKey(new KeyboardEvent('keydown', { key: ']' }));
    });
    await waitFor(() => expect(useApp.getState().cursor).toBe(120));
    expect(useApp.getState().scenario.preset).toBe('ff-2-drops');
    expect(useApp.getState().xDomain).toBeNull();
    expect(screen.getByTestId('slide-readout').textContent).toBe('Slide 2/2');
    expect(screen.getByTestId('slide-text').textContent).toBe(TWO[1]!.s);
    expect(new URLSearchParams(window.location.search).get('slide')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide ([)' }));
    await waitFor(() => expect(useApp.getState().cursor).toBe(40));
    expect(screen.getByTestId('slide-readout').textContent).toBe('Slide 1/2');
  });

  it('Add this view as a slide takes scenario, cursor and zoom; an empty sentence is refused', async () => {
    await open('?preset=ff-3-drops&sender=sack&e=55&zoom=1.7-2.9');
    expect(screen.queryByTestId('slide-readout')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add this view as a slide' }));
    expect(screen.getByTestId('lecture-message').textContent).toBe('Write the sentence for this slide first.');
    fireEvent.change(screen.getByLabelText('Sentence for this view'), { target: { value: 'SACK resends 27 and 29.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add this view as a slide' }));
    expect(useLecture.getState().slides).toEqual([
      { q: 'preset=ff-3-drops&sender=sack', e: 55, z: [1.7, 2.9], v: '', s: 'SACK resends 27 and 29.' },
    ]);
    expect(screen.queryByTestId('lecture-warning')).toBeNull();
    expect(screen.getByTestId('slide-readout').textContent).toBe('Slide 1/1');
    expect(new URLSearchParams(window.location.search).get('slide')).toBe('1');
    expect(addSlide('x'.repeat(400))).toMatch(/limit is 300/);
    act(() => clearLecture());
    expect(screen.queryByTestId('slide-readout')).toBeNull();
    expect(new URLSearchParams(window.location.search).has('slides')).toBe(false);
  });

  it('a slide keeps compare mode, panels, units, mod, the flow filter and predict; the log’s run is named as not kept', async () => {
    await open(
      '?preset=ff-3-drops&sender=reno&compare=newreno,sack&units=bytes&mod=40&panels=router,timeseq,log&predict=partial-ack&flow=1&theme=dark',
    );
    await waitFor(() => expect(useApp.getState().run.results).toHaveLength(2));
    act(() => useApp.getState().setLogRun(1));
    fireEvent.change(screen.getByLabelText('Sentence for this view'), { target: { value: 'Two runs.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add this view as a slide' }));
    const slide = useLecture.getState().slides[0]!;
    expect(slide.v).toBe(
      'compare=newreno,sack&panels=router,timeseq,log&units=bytes&mod=40&flow=1&predict=partial-ack',
    );
    expect(screen.getByTestId('lecture-warning').textContent).toBe(
      'Slide 1 added; a slide cannot keep the explanation log narrating the sack run (a slide’s log narrates the first run, newreno).',
    );
    // Its address: the slide's view keys, the page's theme.
    const q = new URLSearchParams(slideSearch([slide], 0, { theme: 'projector', panels: ['router', 'cwnd', 'log'] }));
    expect(q.get('compare')).toBe('newreno,sack');
    expect(q.get('units')).toBe('bytes');
    expect(q.get('mod')).toBe('40');
    expect(q.get('panels')).toBe('router,timeseq,log');
    expect(q.get('predict')).toBe('partial-ack');
    expect(q.get('flow')).toBe('1');
    expect(q.get('theme')).toBe('projector');
  });
});

describe('slide view keys', () => {
  it('a slide with v = "" shows every key at its default; one without v keeps the page’s', () => {
    const page = { units: 'bytes' as const, mod: 30, panels: ['router' as const, 'log' as const] };
    const plain = new URLSearchParams(slideSearch([{ ...TWO[0]!, v: '' }], 0, page));
    expect(plain.has('units')).toBe(false);
    expect(plain.has('panels')).toBe(false);
    expect(plain.has('compare')).toBe(false);
    const old = new URLSearchParams(slideSearch([TWO[0]!], 0, page));
    expect(old.get('units')).toBe('bytes');
    expect(old.get('mod')).toBe('30');
    expect(old.get('panels')).toBe('router,log');
  });

  it('bad view keys are named with the slide; keys a slide does not carry are refused', () => {
    const raw = writeSlides([
      { ...TWO[0]!, v: 'compare=reno,bogus' },
      { ...TWO[0]!, v: 'theme=dark' },
      { ...TWO[0]!, v: 'flow=3' },
      { ...TWO[0]!, v: 'compare=newreno,sack&hide=1' },
    ]);
    const r = readSlides(raw, undefined);
    // Without the address's check only the keys are checked.
    expect(r.errors).toEqual([
      'slides: slide 2: v: holds keys a slide does not carry there (theme); it carries compare, panels, units, mod, flow, hide, predict',
    ]);
    const p = parseLocation(`?slides=${raw}`);
    expect(p.view.slides).toEqual([{ ...TWO[0]!, v: 'compare=newreno,sack&hide=1' }]);
    const msgs = p.errors.map((e) => e.message);
    expect(msgs[0]).toMatch(/^slides: slide 1: v: compare: “bogus” names an unknown sender/);
    expect(msgs[1]).toMatch(/^slides: slide 2: v: holds keys a slide does not carry there \(theme\)/);
    expect(msgs[2]).toBe('slides: slide 3: v: flow: “3” names no flow of this scenario (it has 1 flow)');
  });
});
