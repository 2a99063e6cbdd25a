import { memo, useId } from 'react';
import type { Trace } from '../../engine';
import { flowOptionLabel } from '../model/flows';
import { useApp } from '../store';

/**
 * The flow filter (view key `flow`): every flow, or one. The log lists that flow's decisions;
 * with more than two flows the time–sequence plot shows it (flow 1 when every flow is listed).
 * A native select, so it is in the tab order and works with the arrow keys; `f` / Shift+F cycle
 * it from the visualizer. Memoised: its parent (the log) renders on every cursor step, and a
 * 120-flow run's select has 121 options to compare each time.
 */
export const FlowSelect = memo(function FlowSelect(props: {
  trace: Trace;
  label: string;
  all?: boolean;
  testId?: string;
}) {
  const id = useId();
  const filter = useApp((s) => s.flowFilter);
  const set = useApp((s) => s.setFlowFilter);
  const n = props.trace.flows.length;
  const all = props.all ?? true;
  const value = filter !== null && filter < n ? String(filter) : all ? '' : '0';
  return (
    <span className="flow-select">
      <label htmlFor={id} className="sr-only">
        {props.label}
      </label>
      <select
        id={id}
        value={value}
        data-testid={props.testId}
        title={`${props.label} (f / Shift+F cycle it)`}
        onChange={(e) => set(e.target.value === '' ? null : Number(e.target.value))}
      >
        {all && <option value="">all {n} flows</option>}
        {Array.from({ length: n }, (_, f) => (
          <option key={f} value={String(f)}>
            {flowOptionLabel(props.trace, f)}
          </option>
        ))}
      </select>
    </span>
  );
});
