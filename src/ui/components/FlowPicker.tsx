import { useRef, useState } from 'react';
import type { Trace } from '../../engine';
import {
  classLabel,
  classStyle,
  flowClasses,
  flowStyle,
  PALETTE,
  type FlowClass,
} from '../deps/panels';
import { flowName } from '../model/flows';
import {
  classShown,
  flowsSignature,
  onlyClass,
  setFlowsShown,
  shownText,
  toggleClass,
} from '../model/flowVisibility';
import { useApp } from '../store';
import { useHiddenFlows } from '../hooks/useVisibleFlows';
import './flowPicker.css';

/** Up to this many flows the classes open with their flows listed; more start folded. */
export const OPEN_CLASSES_UP_TO = 16;

/**
 * The flow list: show or hide flows, or whole classes (application kind / protocol), in every
 * panel, and choose the flow the explanation log narrates. Grouped by class; a class lists its
 * flows only while it is unfolded (a 100-flow run builds no row it does not show). Native
 * checkboxes and buttons: Tab reaches them, Space toggles, Enter narrates, Escape folds the list.
 */
export function FlowPicker({ trace }: { trace: Trace }) {
  const hidden = useHiddenFlows(trace);
  const narrated = useApp((s) => s.flowFilter);
  const sig = flowsSignature(trace);
  const classes = flowClasses(trace);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const few = trace.flows.length <= OPEN_CLASSES_UP_TO;
  const setHidden = (h: number[]) => useApp.getState().setHiddenFlows(h, sig);
  const narrate = (f: number | null) => useApp.getState().setFlowFilter(f);
  const summary = shownText(trace, hidden);
  const ref = useRef<HTMLDetailsElement>(null);
  return (
    <details
      ref={ref}
      className="flow-picker"
      data-testid="flow-picker"
      onKeyDown={(e) => {
        // Escape folds the list away and gives the focus back to its summary.
        if (e.key !== 'Escape' || !ref.current?.open) return;
        e.preventDefault();
        e.stopPropagation();
        ref.current.open = false;
        ref.current.querySelector('summary')?.focus();
      }}
    >
      <summary title="Show or hide flows and classes in every panel; choose the flow the log narrates">
        Flows: <span data-testid="flow-picker-summary">{summary}</span>
      </summary>
      <div className="fp-body" role="group" aria-label="Flows shown in the panels">
        <div className="fp-actions">
          <button type="button" onClick={() => setHidden([])} disabled={hidden.length === 0}>
            Show all
          </button>
          {narrated !== null && (
            <button type="button" onClick={() => narrate(null)}>
              Log: every flow
            </button>
          )}
        </div>
        <ul className="fp-classes">
          {classes.map((c) => {
            const isOpen = open[c.key] ?? few;
            return (
              <ClassRow
                key={c.key}
                trace={trace}
                c={c}
                hidden={hidden}
                open={isOpen}
                onOpen={(o) => setOpen({ ...open, [c.key]: o })}
                narrated={narrated}
                onHidden={setHidden}
                onNarrate={narrate}
                canOnly={classes.length > 1}
              />
            );
          })}
        </ul>
      </div>
    </details>
  );
}

function ClassRow(props: {
  trace: Trace;
  c: FlowClass;
  hidden: number[];
  open: boolean;
  onOpen: (open: boolean) => void;
  narrated: number | null;
  onHidden: (h: number[]) => void;
  onNarrate: (f: number) => void;
  canOnly: boolean;
}) {
  const { trace, c, hidden, open } = props;
  const theme = useApp((s) => s.theme);
  const state = classShown(c, hidden);
  const st = classStyle(c.index);
  const listId = `flow-class-${c.index}`;
  const hiddenSet = new Set(hidden);
  return (
    <li className="fp-class" data-class={c.key}>
      <div className="fp-class-head">
        <button
          type="button"
          className="fp-fold"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={`${open ? 'Fold' : 'List'} the flows of ${c.key}`}
          onClick={() => props.onOpen(!open)}
        >
          {open ? '▾' : '▸'}
        </button>
        <label>
          <input
            type="checkbox"
            checked={state === 'all'}
            ref={(el) => {
              if (el) el.indeterminate = state === 'some';
            }}
            aria-checked={state === 'some' ? 'mixed' : state === 'all'}
            data-testid={`class-toggle-${c.key}`}
            onChange={() => props.onHidden(toggleClass(c, hidden))}
          />{' '}
          <span
            className="fp-swatch"
            style={{ color: PALETTE[theme][st.color] }}
            aria-hidden="true"
          >
            {st.symbol}
          </span>{' '}
          {classLabel(c)}
        </label>
        {props.canOnly && (
          <button
            type="button"
            className="fp-only"
            title={`Show only the flows of ${c.key}`}
            onClick={() => props.onHidden(onlyClass(trace, c))}
          >
            only
          </button>
        )}
      </div>
      {open && (
        <ul id={listId} className="fp-rows">
          {c.flows.map((f) => {
            const fs = flowStyle(f);
            const info = trace.flows.find((x) => x.id === f);
            const udp = info?.protocol === 'udp';
            return (
              <li key={f} className="fp-row" data-flow={f}>
                <label>
                  <input
                    type="checkbox"
                    checked={!hiddenSet.has(f)}
                    data-testid={`flow-toggle-${f}`}
                    onChange={(e) => props.onHidden(setFlowsShown(hidden, [f], e.target.checked))}
                  />{' '}
                  <span
                    className="fp-swatch"
                    style={{ color: PALETTE[theme][fs.color] }}
                    aria-hidden="true"
                  >
                    {fs.symbol}
                  </span>{' '}
                  {flowName(trace, f)}
                </label>
                <button
                  type="button"
                  className="fp-narrate"
                  aria-pressed={props.narrated === f}
                  disabled={udp}
                  title={
                    udp
                      ? 'A UDP flow takes no congestion-control decisions: nothing to narrate'
                      : `The explanation log narrates ${flowName(trace, f)} only`
                  }
                  data-testid={`flow-narrate-${f}`}
                  onClick={() => props.onNarrate(f)}
                >
                  log
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
