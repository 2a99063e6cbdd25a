/**
 * The medium under the queue view (QueueView.tsx) when the run has a shared medium: one line per
 * cell — who is on the air at the cursor, the members counting down a backoff (802.11: the
 * counter as last drawn or frozen), and the collisions and retries so far. The MAC panel
 * (MacPanel.tsx) has the per-member table; both read mac.ts.
 */
import type { Trace } from '../../engine';
import { macState } from './mac';

/** Members listed by name before "and k more". */
const MAX_NAMES = 6;

function names(list: string[]): string {
  if (list.length <= MAX_NAMES) return list.join(', ');
  return `${list.slice(0, MAX_NAMES).join(', ')} and ${list.length - MAX_NAMES} more`;
}

export function MediumStrip({ trace, cursorTime }: { trace: Trace; cursorTime: number }) {
  const media = macState(trace, cursorTime);
  if (media.length === 0) return null;
  return (
    <div className="ackp-medium" data-testid="queue-medium">
      {media.map((m) => {
        const onAir = m.members.filter((a) => a.onAir).map((a) => a.node);
        const backoff = m.members
          .filter((a) => a.backoff !== null && a.backoff > 0 && !a.onAir)
          .map((a) => `${a.node} ${a.backoff}`);
        const collisions = m.members.reduce((s, a) => s + a.collisions, 0);
        const retries = m.members.reduce((s, a) => s + a.retries, 0);
        const drops = m.members.reduce((s, a) => s + a.retryDrops, 0);
        return (
          <p key={m.index} data-medium={m.index} data-on-air={onAir.join(',')}>
            <strong>{m.label}</strong>
            {trace.mac === undefined ? (
              <span> · whole run</span>
            ) : (
              <span> · on the air: {onAir.length > 0 ? names(onAir) : 'nobody'}</span>
            )}
            {backoff.length > 0 && <span> · backoff (slots): {names(backoff)}</span>}
            <span>
              {' '}
              · collisions {collisions} · retries {retries}
              {drops > 0 ? ` · retry-limit drops ${drops}` : ''}
            </span>
          </p>
        );
      })}
    </div>
  );
}
