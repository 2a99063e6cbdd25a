/**
 * The MAC panel: for each shared medium of the run (an 802.11 or 802.16 cell), one row per
 * member — its share of the airtime up to the cursor as a bar, whether it is on the air at the
 * cursor, its backoff counter (802.11), attempts, collisions, retries and retry-limit drops.
 * Read from the engine's MAC rows and counters (mac.ts); exact values ride on data-* attributes.
 */
import { useMemo } from 'react';
import type { Trace } from '../../engine';
import type { PanelDescriptor } from './descriptor';
import { hasMedia, macState, macSummary } from './mac';
import { PALETTE } from './palette';
import { PanelRoot } from './PanelRoot';
import type { Theme } from './types';
import './panels.css';

export interface MacPanelProps {
  trace: Trace;
  /** Time of the cursor, s. */
  cursorTime: number;
  theme: Theme;
}

const pct = (v: number) => `${(v * 100).toFixed(1)} %`;

export function MacPanel({ trace, cursorTime, theme }: MacPanelProps) {
  const media = useMemo(() => macState(trace, cursorTime), [trace, cursorTime]);
  const c = PALETTE[theme];
  if (!hasMedia(trace)) {
    return (
      <PanelRoot theme={theme}>
        <p className="ackp-empty" role="status">
          No shared medium in this run: every hop is a point-to-point link. Open a preset with a
          Wi-Fi or WiMAX cell, or set link=wifi-g or link=wimax.
        </p>
      </PanelRoot>
    );
  }
  const whole = trace.mac === undefined;
  return (
    <PanelRoot theme={theme} className="ackp-metrics ackp-mac">
      <div className="ackp-mscroll" role="region" aria-label={macSummary(trace, cursorTime)}>
        {media.map((m) => {
          const max = m.members.reduce((x, a) => Math.max(x, a.share), 0);
          const hasBackoff = m.members.some((a) => a.backoff !== null) || m.kind === 'wifi';
          return (
            <table
              key={m.index}
              className="ackp-mtable"
              data-testid={`mac-medium-${m.index}`}
              data-busy={m.busy}
            >
              <caption>
                {m.label} · air busy {pct(m.busy)}{' '}
                {whole ? '(whole run)' : `(0 – ${cursorTime.toFixed(3)} s)`}
              </caption>
              <thead>
                <tr>
                  <th scope="col">member</th>
                  <th
                    scope="col"
                    className="ackp-barcol"
                    title="Its own frames' time on the air, over the time elapsed"
                  >
                    airtime
                  </th>
                  <th scope="col" title="On the air at the cursor">
                    now
                  </th>
                  {hasBackoff && (
                    <th scope="col" title="Backoff counter as last drawn or frozen, slots">
                      backoff
                    </th>
                  )}
                  <th scope="col" title="Transmissions started (802.16: bursts)">
                    attempts
                  </th>
                  <th scope="col">collisions</th>
                  <th scope="col" title="Attempts after a frame’s first">
                    retries
                  </th>
                  <th scope="col" title="Frames dropped at the retry limit">
                    drops
                  </th>
                </tr>
              </thead>
              <tbody>
                {m.members.map((a) => (
                  <tr
                    key={a.node}
                    data-node={a.node}
                    data-share={a.share}
                    data-on-air={a.onAir ? 1 : 0}
                    data-attempts={a.attempts}
                  >
                    <th scope="row">
                      {a.node}
                      {a.node === m.hub ? (m.kind === 'wimax' ? ' (BS)' : ' (AP)') : ''}
                    </th>
                    <td className="ackp-barcol">
                      <span className="ackp-bar">
                        <span
                          className="ackp-barfill"
                          style={{
                            width: `${max > 0 ? (a.share / max) * 100 : 0}%`,
                            background: a.onAir ? c.retx : c.data,
                          }}
                        />
                      </span>
                      <span className="ackp-barval">{pct(a.share)}</span>
                    </td>
                    <td>{a.onAir ? 'on air' : ''}</td>
                    {hasBackoff && <td>{a.backoff ?? '—'}</td>}
                    <td>{a.attempts}</td>
                    <td>{a.collisions}</td>
                    <td>{a.retries}</td>
                    <td>{a.retryDrops}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          );
        })}
      </div>
    </PanelRoot>
  );
}

/** The MAC panel in the app: a lower tab, a row per member of each shared medium (a table). */
export const macPanel = {
  id: 'mac',
  title: 'MAC',
  slot: 'lower',
  heightFactor: (flows) => Math.min(flows, 8),
  summary: (trace, _view) => (hasMedia(trace) ? macSummary(trace, trace.stopS) : ''),
  Component: ({ trace, cursorTime, theme }) => (
    <MacPanel trace={trace} cursorTime={cursorTime} theme={theme} />
  ),
} as const satisfies PanelDescriptor<'mac'>;
