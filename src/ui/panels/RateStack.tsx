/**
 * What the rate and RTT panels share (issue 25): one plot per shown TCP flow of `Trace.rates`,
 * stacked in one panel root (the empty state when no flow has rate rows), drawn progressively on
 * a long run; and the seek that takes a click at time t to the ACK row at or before it.
 */
import { useMemo } from 'react';
import type { Trace } from '../../engine';
import { PanelRoot } from './PanelRoot';
import { rateRowAt, rateRowEvent } from './rates';
import { RateEmpty } from './RateEmpty';
import { TimePlot, type TimePlotSpec } from './TimePlot';
import { eventAtOrBefore, fullTimeDomain } from './traceCache';
import type { PanelProps, PlotOptions } from './types';
import { PROGRESSIVE_EVENTS, useProgressive } from './useProgressive';

/** The event a click at time `t` (s) in flow `flow`'s plot goes to: its ACK row's decision event. */
export function seekRateRow(trace: Trace, flow: number, t: number): number {
  const i = rateRowAt(trace, flow, t);
  return i >= 0 ? rateRowEvent(trace, i) : Math.max(0, eventAtOrBefore(trace, t));
}

/** A rate-trace panel's props: a panel's, plus the y scale's top shared by compared runs. */
export type RateStackProps = PanelProps &
  PlotOptions & {
    /** Top of the y scale's data, shared by compared runs (default: this run's largest value). */
    yTop?: number;
  };

/** One flow's plot of a rate-trace panel. */
export interface RateStackSpec {
  flow: number;
  spec: TimePlotSpec;
}

/** The stacked plots of a rate-trace panel (`panel`: 'rate' | 'rtt'), or its empty state. */
export function RateStack({
  plotProps,
  specs,
  panel,
}: {
  plotProps: RateStackProps;
  specs: readonly RateStackSpec[];
  panel: 'rate' | 'rtt';
}) {
  const { trace, theme } = plotProps;
  const flowsKey = plotProps.flows?.join(',') ?? '*';
  const full = useMemo(() => fullTimeDomain(trace), [trace]);
  const drawn = useProgressive(specs.length, trace.packets.length >= PROGRESSIVE_EVENTS, specs);
  if (specs.length === 0) return <RateEmpty trace={trace} flowsKey={flowsKey} theme={theme} />;
  return (
    <PanelRoot theme={theme} className={`ackp-${panel}`} fit={`${flowsKey}|${panel}`}>
      {specs.map(({ flow, spec }, k) => (
        <TimePlot
          key={flow}
          {...plotProps}
          spec={spec}
          xDomain={plotProps.xDomain ?? full}
          panel={panel}
          deferDraw={k >= drawn}
        />
      ))}
    </PanelRoot>
  );
}
