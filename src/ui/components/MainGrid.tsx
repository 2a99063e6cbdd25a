/**
 * The visualizer's grid, shared by the app and the embed view: the plots (or compare mode's
 * rows), the explanation log when its panel is on, and the predict prompt over the plots' top
 * right (styles.css .predict, so the plots keep their height). Each panel sits in its own error
 * boundary, reset by a new run. The caller gives the grid's layout while the log is off: the
 * app one column, the embed view its `no-log` class (embed.css).
 */
import type { CSSProperties } from 'react';
import { useApp } from '../store';
import { ComparePanel } from './ComparePanel';
import { PanelBoundary } from './ErrorBoundary';
import { ExplanationLog } from './ExplanationLog';
import { PanelGrid } from './PanelGrid';
import { PredictPrompt } from './PredictPrompt';

export function MainGrid({
  withoutLog,
}: {
  /** The grid's extra class or style while the log panel is off. */
  withoutLog: { className?: string; style?: CSSProperties };
}) {
  const comparing = useApp((s) => s.compare.length >= 2);
  const showLog = useApp((s) => s.panels.includes('log'));
  const results = useApp((s) => s.run.results);
  const { className, style } = showLog ? {} : withoutLog;
  return (
    <div
      className={`main-grid${comparing ? ' comparing' : ''}${className ? ` ${className}` : ''}`}
      style={style}
    >
      {comparing ? (
        <PanelBoundary name="Compare" resetKey={results}>
          <ComparePanel />
        </PanelBoundary>
      ) : (
        <PanelBoundary name="Plots" resetKey={results}>
          <PanelGrid />
        </PanelBoundary>
      )}
      {showLog && (
        <PanelBoundary name="Explanation log" className="log" resetKey={results}>
          <ExplanationLog />
        </PanelBoundary>
      )}
      <PanelBoundary name="Predict mode" className="predict" resetKey={results}>
        <PredictPrompt />
      </PanelBoundary>
    </div>
  );
}
