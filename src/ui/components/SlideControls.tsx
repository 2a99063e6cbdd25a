import { useId, useState } from 'react';
import {
  addSlide,
  clearLecture,
  goToSlide,
  lectureLink,
  slideEdited,
  stepSlide,
} from '../model/lecture';
import { useLecture } from '../model/lectureState';
import { MAX_SENTENCE } from '../model/slides';
import { useApp } from '../store';
import './slides.css';

/**
 * The lecture in the transport bar (model/lecture.ts): "◀ Slide k/n ▶" with the slide's
 * sentence while a lecture is open ([ and ] step through it), and — outside presentation mode —
 * the builder: a sentence, "Add this view as a slide" (saying what of the view a slide cannot
 * keep, model/lecture.ts slideLosses), "Copy lecture link", "Close lecture".
 */
export function SlideControls() {
  const inputId = useId();
  const slides = useLecture((l) => l.slides);
  const index = useLecture((l) => l.index);
  const message = useLecture((l) => l.message);
  const warning = useLecture((l) => l.warning);
  // Re-render on scenario changes so "edited" stays true to the view on screen.
  useApp((s) => s.scenario);
  const [text, setText] = useState('');
  const [copied, setCopied] = useState<string | null>(null);
  const n = slides.length;
  const current = index !== null ? slides[index] : undefined;
  const edited = current ? slideEdited() : false;

  const copy = async () => {
    const link = lectureLink();
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      setCopied(`Lecture link copied (${n} slide${n === 1 ? '' : 's'}).`);
    } catch {
      setCopied(`Copy this link: ${link}`);
    }
  };

  return (
    <div className="lecture-row" data-testid="lecture">
      {n > 0 && (
        <div className="slide-nav" role="group" aria-label="Lecture">
          <button
            type="button"
            onClick={() => stepSlide(-1)}
            disabled={index === null || index <= 0}
            aria-label="Previous slide ([)"
            title="Previous slide ([)"
          >
            ◀
          </button>
          <span className="slide-readout" data-testid="slide-readout">
            Slide {index === null ? '–' : index + 1}/{n}
            {edited ? ' · edited' : ''}
          </span>
          <button
            type="button"
            onClick={() => stepSlide(1)}
            disabled={index !== null && index >= n - 1}
            aria-label="Next slide (])"
            title="Next slide (])"
          >
            ▶
          </button>
          {current && (
            <span className="slide-text" data-testid="slide-text" aria-live="polite">
              {current.s}
            </span>
          )}
          {index === null && (
            <button type="button" className="secondary" onClick={() => goToSlide(0)}>
              Start the lecture
            </button>
          )}
        </div>
      )}
      <details className="slide-builder secondary">
        <summary>Lecture{n > 0 ? ` (${n} slide${n === 1 ? '' : 's'})` : ''}</summary>
        <label htmlFor={inputId}>Sentence for this view</label>
        <input
          id={inputId}
          type="text"
          value={text}
          maxLength={MAX_SENTENCE}
          placeholder="e.g. The 3rd duplicate ACK triggers fast retransmit."
          onChange={(e) => setText(e.target.value)}
        />
        <button
          type="button"
          onClick={() => {
            if (addSlide(text) === null) setText('');
          }}
        >
          Add this view as a slide
        </button>
        <button type="button" onClick={() => void copy()} disabled={n === 0}>
          Copy lecture link
        </button>
        <button type="button" onClick={clearLecture} disabled={n === 0}>
          Close lecture
        </button>
        {message && (
          <span className="field-error" role="alert" data-testid="lecture-message">
            {message}
          </span>
        )}
        {warning && (
          <span role="status" className="slide-warning" data-testid="lecture-warning">
            {warning}
          </span>
        )}
        {copied && (
          <span role="status" className="slide-copied">
            {copied}
          </span>
        )}
      </details>
    </div>
  );
}
