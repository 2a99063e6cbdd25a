import { useEffect, useId, useRef } from 'react';
import { mainTrace, useApp } from '../store';
import { decisionAt } from '../../engine';
import { predictEventText } from '../model/predict';
import {
  checkGuess,
  guessLabel,
  predictAnswer,
  predictQuantity,
  windowUnitText,
} from '../model/predictAnswer';
import { decisionLabel } from '../model/traceIndex';

const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));

/**
 * Predict mode: "what will cwnd be?" before the chosen event, then the answer beside the guess.
 * The question names the quantity (model/predictAnswer.ts: ns-2's cwnd or RFC 5681's cwnd +
 * inflation for Reno and NewReno, MTUs or bytes for SCTP); every reading it names counts as
 * right, and the reveal says which one the guess matched and how the readings differ.
 *
 * It lies over the top right of the plots (styles.css `.main-grid > .predict`), so the plots
 * keep their height while it asks and when it reveals.
 */
export function PredictPrompt() {
  const id = useId();
  const pending = useApp((s) => s.predict.pending);
  const kind = useApp((s) => s.predict.kind);
  const trace = useApp(mainTrace);
  const inputRef = useRef<HTMLInputElement>(null);
  const continueRef = useRef<HTMLButtonElement>(null);
  const asking = pending !== null && !pending.revealed;
  const revealed = pending?.revealed ?? false;
  const decisionId = pending?.decisionId;
  // A new question: focus the guess. Reveal removes its button, so focus moves to Continue
  // (the next step), which the answer describes: a screen reader reads the answer with it.
  useEffect(() => {
    if (asking) inputRef.current?.focus();
  }, [asking, decisionId]);
  useEffect(() => {
    if (revealed) continueRef.current?.focus();
  }, [revealed, decisionId]);
  if (!pending || !trace) return null;
  const d =
    pending.decisionId < trace.decisions.length ? decisionAt(trace, pending.decisionId) : undefined;
  if (!d) return null;
  const a = useApp.getState();
  const answer = predictAnswer(trace, d, kind);
  const matched = checkGuess(answer, pending.guess);
  const hasGuess = matched !== undefined;
  const pGuess = pending.guessPacket.trim();
  const firstSent = d.packets[0];
  const pRight = pGuess !== '' && firstSent !== undefined && Number(pGuess) === firstSent;
  const trig = predictEventText(trace, d);
  const label = guessLabel(trace, d.flow);
  return (
    <section className="predict" aria-label="Predict" data-testid="predict">
      <h2 data-testid="predict-question">
        Predict: the next event is {trig}. What will cwnd be after it{' '}
        <span className="predict-quantity">{predictQuantity(trace, d.flow)}</span>, and which packet
        will the sender send next?
      </h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          a.reveal();
        }}
      >
        <label htmlFor={id}>{label} </label>
        <input
          ref={inputRef}
          id={id}
          type="text"
          inputMode="decimal"
          value={pending.guess}
          disabled={pending.revealed}
          onChange={(e) => a.setGuess(e.target.value)}
          size={6}
        />{' '}
        <label htmlFor={`${id}-p`}>next packet sent </label>
        <input
          id={`${id}-p`}
          type="text"
          inputMode="numeric"
          value={pending.guessPacket}
          disabled={pending.revealed}
          onChange={(e) => a.setGuessPacket(e.target.value)}
          size={5}
          placeholder="optional"
        />{' '}
        {!pending.revealed && (
          <button type="submit" className="primary">
            Reveal
          </button>
        )}
      </form>
      {pending.revealed && (
        <>
          <p role="status" id={`${id}-result`} data-testid="predict-result">
            Your guess: <strong>{hasGuess ? pending.guess.trim() : '—'}</strong> · Answer:{' '}
            <span className="answer" data-testid="predict-answer">
              cwnd = {fmt(answer.cwnd)}
              {windowUnitText(answer.unit, answer.cwnd)}
            </span>{' '}
            (ssthresh {fmt(d.after.ssthresh)}
            {windowUnitText(answer.unit, d.after.ssthresh)}; {decisionLabel(d, trace)}; sends{' '}
            {d.packets.length ? d.packets.join(', ') : 'nothing'}){' '}
            {hasGuess &&
              (matched
                ? `✓ right${answer.accepted.length > 1 ? ` (${matched.name})` : ''}`
                : '✗ not quite')}
            {pGuess !== '' && (
              <>
                {' '}
                · next packet: you said {pGuess}, it sends {firstSent ?? 'nothing'}{' '}
                {pRight ? '✓' : '✗'}
              </>
            )}
            {answer.note && (
              <>
                {' '}
                <span className="predict-note" data-testid="predict-note">
                  {answer.note}
                </span>
              </>
            )}
          </p>
          <p>
            <button
              ref={continueRef}
              type="button"
              aria-describedby={`${id}-result`}
              data-testid="predict-continue"
              onClick={() => {
                a.dismissPredict();
                a.step(1);
              }}
            >
              Continue
            </button>
          </p>
        </>
      )}
    </section>
  );
}
