import { useId } from 'react';
import { applyField, senderOf, senderOptions } from '../model/scenarioQuery';
import { useApp } from '../store';

export function SenderPicker() {
  const id = useId();
  const scenario = useApp((s) => s.scenario);
  const compare = useApp((s) => s.compare);
  const setScenario = useApp((s) => s.setScenario);
  const sender = senderOf(scenario);
  return (
    <div className="header-group">
      <label htmlFor={id}>Sender</label>
      <select
        id={id}
        value={sender}
        disabled={compare.length >= 2}
        title={compare.length >= 2 ? 'Compare mode: the senders are chosen under Compare' : undefined}
        onChange={(e) => {
          const r = applyField(scenario, 'sender', e.target.value);
          if (r.ok) setScenario(r.scenario);
        }}
      >
        {senderOptions().map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
