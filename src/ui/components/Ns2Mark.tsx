import { useMemo } from 'react';
import { ns2Mark } from '../model/ns2Mark';
import { useApp } from '../store';
import './ns2Mark.css';

/**
 * A small "matches ns-2.35" mark beside the preset picker (model/ns2Mark.ts): what was
 * compared and the fixture's name in its tooltip (and accessible name). Gone once the scenario
 * is edited or the sender on screen has no pinned run.
 */
export function Ns2Mark() {
  const scenario = useApp((s) => s.scenario);
  const compare = useApp((s) => s.compare);
  const mark = useMemo(() => ns2Mark(scenario, compare), [scenario, compare]);
  if (!mark) return null;
  return (
    <span
      className="ns2-mark"
      data-testid="ns2-mark"
      data-kind={mark.kind}
      data-fixture={mark.fixture}
      title={mark.tooltip}
      aria-label={mark.tooltip}
      role="note"
      tabIndex={0}
    >
      <span aria-hidden="true">✓ </span>
      {/* mark.label, its words apart: a narrow header shows "✓ ns-2.35" (ns2Mark.css). */}
      <span className="ns2-wide">matches </span>
      ns-2.35
      <span className="ns2-wide"> · {mark.detail}</span>
    </span>
  );
}
