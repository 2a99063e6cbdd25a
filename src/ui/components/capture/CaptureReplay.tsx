/**
 * "Replay in the simulator": the capture module builds a scenario from the analysed connection
 * (`replayScenario`, in the capture worker: bottleneck rate from the ACK clock, base RTT from
 * the handshake or the min RTT, the lost segments as a drop list), read as a link is (the
 * scenario module's readScenarioQuery); the chosen senders run on it in compare mode (the app's
 * scenario and `compare` keys, so the address then holds the replay scenario, never the
 * trace). Their time–sequence plots are drawn under the real sender's (CaptureReplays).
 */
import { useState } from 'react';
import { requestReplay } from '../../capture/bridge';
import type { ConnectionAnalysis, Replay } from '../../deps/capture';
import { readScenarioQuery } from '../../deps/scenarios';
import { useApp } from '../../store';

/** The senders offered, in the order a class would compare them. */
export const REPLAY_SENDERS = ['reno', 'newreno', 'sack', 'cubic'] as const;

/**
 * Run `senders` (1–4) on the replay scenario of connection `id` in the simulator; resolves to
 * null, or to a sentence saying why it could not start.
 */
export async function startReplay(id: number, senders: readonly string[]): Promise<string | null> {
  const first = senders[0];
  if (!first) return 'Choose at least one sender to replay.';
  let replay: Replay;
  try {
    replay = await requestReplay(id, first);
  } catch (err) {
    return `Connection ${id + 1} cannot be replayed: ${err instanceof Error ? err.message : String(err)}`;
  }
  const reading = readScenarioQuery(replay.query);
  if (!reading.ok)
    return `The replay's scenario was refused: ${reading.errors.map((e) => e.message).join('; ')}`;
  const scenario = reading.scenario;
  useApp.getState().setCaptureReplay({ connection: id, scenario, notes: replay.notes });
  useApp.setState({ scenario, compare: senders.length >= 2 ? [...senders] : [] });
  return null;
}

export function CaptureReplay({
  analysis,
  onStarted,
}: {
  analysis: ConnectionAnalysis;
  onStarted?: () => void;
}) {
  const [chosen, setChosen] = useState<string[]>(['reno', 'cubic']);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useApp((s) => s.run.status === 'running');
  return (
    <div className="capture-replay" data-testid="capture-replay">
      <span>
        Replay connection {analysis.summary.id + 1} in the simulator — what would these senders have
        done here?
      </span>
      {REPLAY_SENDERS.map((s) => (
        <label key={s}>
          <input
            type="checkbox"
            checked={chosen.includes(s)}
            onChange={(e) =>
              setChosen(
                e.currentTarget.checked
                  ? REPLAY_SENDERS.filter((x) => x === s || chosen.includes(x))
                  : chosen.filter((x) => x !== s),
              )
            }
          />{' '}
          {s}
        </label>
      ))}
      <button
        type="button"
        data-testid="capture-replay-run"
        disabled={chosen.length === 0 || running}
        onClick={() => {
          void startReplay(analysis.summary.id, chosen).then((p) => {
            setProblem(p);
            if (!p) onStarted?.();
          });
        }}
      >
        {running ? 'Running…' : 'Replay'}
      </button>
      {problem && (
        <span role="alert" className="field-error">
          {problem}
        </span>
      )}
    </div>
  );
}
