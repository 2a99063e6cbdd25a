/**
 * The router a panel shows when a multi-homed run's paths leave the sender through different
 * first routers (routerChoices): the router plot and the queue view each show the choice
 * buttons. Given `router`, the panel shows that router and reports a press to
 * `onRouterChange` (the app keeps one choice for both panels, and in its address); without it
 * the panel keeps its own choice.
 */
import { useMemo, useState } from 'react';
import type { Trace } from '../../engine';
import { routerChoiceIndex, routerChoiceName, routerChoices, type RouterChoice } from './paths';

export interface RouterChoiceProps {
  /**
   * The router shown, by node name (`A1`); null, or a name that is not among the trace's
   * choices: the trace's own router. Absent: the panel keeps its own choice.
   */
  router?: string | null;
  /** A choice button was pressed: the chosen router's node name. */
  onRouterChange?: (node: string) => void;
}

export interface RouterChoiceState {
  choices: RouterChoice[];
  /** The choice shown. */
  at: RouterChoice;
  choose: (k: number) => void;
}

/** The routers `trace` offers and the one shown (controlled by `router` when given). */
export function useRouterChoice(trace: Trace, props: RouterChoiceProps): RouterChoiceState {
  const choices = useMemo(() => routerChoices(trace), [trace]);
  const [own, setOwn] = useState<string | null>(null);
  const controlled = props.router !== undefined;
  const k = routerChoiceIndex(trace, controlled ? props.router : own);
  const at = choices[k >= 0 ? k : 0]!;
  const { onRouterChange } = props;
  const choose = (i: number) => {
    const c = choices[i];
    if (!c) return;
    const name = routerChoiceName(trace, c);
    if (!controlled) setOwn(name);
    onRouterChange?.(name);
  };
  return { choices, at, choose };
}

/** The choice buttons (nothing when the trace offers one router). */
export function RouterChoiceButtons(props: {
  state: RouterChoiceState;
  /** The group's accessible name ("Router shown"). */
  label: string;
  /** data-testid of button k: `${testId}-${k}`. */
  testId: string;
  /** A button's tooltip. */
  titleOf: (c: RouterChoice) => string;
}) {
  const { choices, at, choose } = props.state;
  if (choices.length <= 1) return null;
  return (
    <div className="ackp-controls" role="group" aria-label={props.label}>
      {choices.map((c, k) => (
        <button
          key={c.router}
          type="button"
          aria-pressed={at === c}
          data-testid={`${props.testId}-${k}`}
          title={props.titleOf(c)}
          onClick={() => choose(k)}
        >
          {c.label}
        </button>
      ))}
    </div>
  );
}
