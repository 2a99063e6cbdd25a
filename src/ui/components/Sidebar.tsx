import { useId } from 'react';
import { startRun } from '../app/controller';
import { PREDICT_KINDS } from '../model/predict';
import { ALL_PANELS, useApp, type PanelId, type PredictKind } from '../store';
import { LOWER_PANELS, PANEL_TITLES } from '../deps/panels';
import { lowerPanelOf, withLowerPanel } from './PanelGrid';

type LowerId = (typeof LOWER_PANELS)[number];
import { ComparePicker } from './ComparePicker';
import { DropListEditor } from './DropListEditor';
import { FlowsEditor } from './FlowsEditor';
import { ParamForm } from './ParamForm';
import { ProblemText } from './ProblemText';

function PredictPicker() {
  const id = useId();
  const kind = useApp((s) => s.predict.kind);
  const setKind = useApp((s) => s.setPredictKind);
  const problem = useApp((s) => s.fieldProblems.predict);
  return (
    <div className="field" data-key="predict">
      <label htmlFor={id}>Pause before</label>
      <select
        id={id}
        value={kind ?? ''}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-err` : undefined}
        onChange={(e) => {
          useApp.getState().clearFieldProblem('predict');
          setKind((e.target.value || null) as PredictKind | null);
        }}
      >
        <option value="">(predict mode off)</option>
        {PREDICT_KINDS.map((k) => (
          <option key={k.id} value={k.id}>
            {k.label}
          </option>
        ))}
      </select>
      <span className="field-help">
        Playback stops just before the next such event and asks what cwnd will be.
      </span>
      <ProblemText id={`${id}-err`} message={problem?.message} />
    </div>
  );
}

function ViewControls() {
  const modId = useId();
  const panels = useApp((s) => s.panels);
  const togglePanel = useApp((s) => s.togglePanel);
  const setPanels = useApp((s) => s.setPanels);
  const lowerId = useId();
  const modulus = useApp((s) => s.modulus);
  const setModulus = useApp((s) => s.setModulus);
  const modProblem = useApp((s) => s.fieldProblems.mod);
  return (
    <>
      <fieldset className="checks">
        <legend className="sr-only">Visible panels</legend>
        {ALL_PANELS.filter((p) => !(LOWER_PANELS as readonly PanelId[]).includes(p)).map((p) => (
          <label key={p}>
            <input type="checkbox" checked={panels.includes(p)} onChange={() => togglePanel(p)} />{' '}
            {PANEL_TITLES[p]}
          </label>
        ))}
      </fieldset>
      <div className="field" data-key="panels">
        <label htmlFor={lowerId}>Panel under the router plot</label>
        <select
          id={lowerId}
          value={lowerPanelOf(panels) ?? ''}
          onChange={(e) =>
            setPanels(withLowerPanel(panels, (e.target.value || null) as LowerId | null))
          }
        >
          <option value="">(none)</option>
          {LOWER_PANELS.map((p) => (
            <option key={p} value={p}>
              {PANEL_TITLES[p]}
            </option>
          ))}
        </select>
      </div>
      <div className="field" data-key="mod">
        <label htmlFor={modId}>Router plot modulus</label>
        <span className="unit">packets, 2–1000</span>
        <select
          id={modId}
          value={modulus}
          aria-invalid={modProblem ? true : undefined}
          aria-describedby={modProblem ? `${modId}-err` : undefined}
          onChange={(e) => {
            useApp.getState().clearFieldProblem('mod');
            setModulus(Number(e.target.value));
          }}
        >
          {[...new Set([50, 90, 100, modulus])]
            .sort((a, b) => a - b)
            .map((m) => (
              <option key={m} value={m}>
                mod {m}
              </option>
            ))}
        </select>
        <ProblemText id={`${modId}-err`} message={modProblem?.message} />
      </div>
    </>
  );
}

export function Sidebar() {
  const autoRun = useApp((s) => s.autoRun);
  const setAutoRun = useApp((s) => s.setAutoRun);
  const running = useApp((s) => s.run.status === 'running');
  return (
    <aside id="scenario-sidebar" className="sidebar secondary" aria-label="Scenario">
      {/* Compare and Predict first: they are short, and the scenario form below is long. */}
      <h2>Compare</h2>
      <ComparePicker />
      <h2>Predict</h2>
      <PredictPicker />
      <h2>Scenario</h2>
      <FlowsEditor />
      <DropListEditor />
      <ParamForm />
      <div className="checks" style={{ margin: '0.4em 0' }}>
        <label>
          <input type="checkbox" checked={autoRun} onChange={(e) => setAutoRun(e.target.checked)} />{' '}
          run on every valid change
        </label>
        <button
          type="button"
          className="primary"
          disabled={running}
          onClick={() => void startRun()}
        >
          Run
        </button>
      </div>
      <h2>View</h2>
      <ViewControls />
    </aside>
  );
}
