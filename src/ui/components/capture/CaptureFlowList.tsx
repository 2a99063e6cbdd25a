/**
 * The capture's TCP connections, one row each (endpoints, payload bytes, duration,
 * retransmissions with their fast / RTO split, duplicate ACKs, and the side the capture was
 * taken on, with the evidence as the cell's title); a checkbox per row shows it (one or
 * several). Native checkboxes: Tab and Space work.
 */
import { selectConnections } from '../../capture/bridge';
import type { ConnectionSummary } from '../../deps/capture';
import { useApp } from '../../store';

export function fmtBytes(n: number): string {
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} MB`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)} kB`;
  return `${n} B`;
}

const SIDE_WORDS: Record<ConnectionSummary['capture_side'], string> = {
  sender: 'at the sender',
  receiver: 'at the receiver',
  middle: 'in the middle',
  unknown: 'not known',
};

export function captureSideWords(c: ConnectionSummary): string {
  return SIDE_WORDS[c.capture_side];
}

export function CaptureFlowList() {
  const file = useApp((s) => s.capture.file);
  const selected = useApp((s) => s.capture.selected);
  if (!file) return null;
  const toggle = (id: number, on: boolean) =>
    selectConnections(on ? [...selected, id] : selected.filter((x) => x !== id));
  return (
    <div className="capture-flows" data-testid="capture-flows">
      <table>
        <caption className="sr-only">TCP connections in the capture</caption>
        <thead>
          <tr>
            <th scope="col">show</th>
            <th scope="col">sender → receiver</th>
            <th scope="col">bytes</th>
            <th scope="col">duration</th>
            <th
              scope="col"
              title="retransmissions: fast retransmits / after an RTO / tail loss probe or RACK (time-based)"
            >
              retx (fast/RTO/RACK)
            </th>
            <th scope="col">dup ACKs</th>
            <th scope="col">captured</th>
          </tr>
        </thead>
        <tbody>
          {file.connections.map((c) => {
            const name = `${c.sender.addr}:${c.sender.port} → ${c.receiver.addr}:${c.receiver.port}`;
            const on = selected.includes(c.id);
            return (
              <tr key={c.id} className={on ? 'selected' : undefined} data-conn={c.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={on}
                    aria-label={`Show connection ${c.id + 1}: ${name}`}
                    onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                  />
                </td>
                <td className="capture-endpoints">
                  {c.id + 1}. {name}
                </td>
                <td>{fmtBytes(c.bytes)}</td>
                <td>{c.duration.toFixed(3)} s</td>
                <td data-retx={c.retransmissions}>
                  {c.retransmissions} ({c.fast_retransmissions}/{c.rto_retransmissions}/
                  {c.rack_retransmissions})
                </td>
                <td>{c.duplicate_acks}</td>
                <td title={c.capture_side_evidence} data-side={c.capture_side}>
                  {captureSideWords(c)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
