/** The rate and RTT panels' empty state: one sentence saying why (rates.ts noRatesText). */
import type { Trace } from '../../engine';
import { PanelRoot } from './PanelRoot';
import { noRatesText } from './rates';
import type { Theme } from './types';

export function RateEmpty(props: { trace: Trace; flowsKey: string; theme: Theme }) {
  return (
    <PanelRoot theme={props.theme}>
      <p className="ackp-empty" role="status" data-testid="rate-empty">
        {noRatesText(props.trace, props.flowsKey)}
      </p>
    </PanelRoot>
  );
}
