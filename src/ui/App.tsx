import { useEffect, useRef } from 'react';
import { Banner } from './components/Banner';
import { ComparePanel } from './components/ComparePanel';
import { ExplanationLog } from './components/ExplanationLog';
import { Header } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { PanelGrid } from './components/PanelGrid';
import { PredictPrompt } from './components/PredictPrompt';
import { RunInfo } from './components/RunInfo';
import { Sidebar } from './components/Sidebar';
import { TransportBar } from './components/TransportBar';
import { handleVisualizerKey } from './hooks/keyboard';
import { usePlayback } from './hooks/usePlayback';
import { useApp } from './store';

/** The classroom app: header, scenario sidebar, and the visualizer (transport, panels, log). */
export function App() {
  const theme = useApp((s) => s.theme);
  const presentation = useApp((s) => s.presentation);
  const comparing = useApp((s) => s.compare.length >= 2);
  const showLog = useApp((s) => s.panels.includes('log'));
  usePlayback();
  // Keys work from the start: the visualizer takes focus once, unless something else has it.
  const visRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      visRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className={`app${presentation ? ' presentation' : ''}`} data-theme={theme}>
      <Header />
      <Banner />
      <div className="app-body">
        <Sidebar />
        <main
          ref={visRef}
          className="visualizer"
          tabIndex={0}
          aria-label="Visualizer (keyboard shortcuts: press ? for help)"
          data-testid="visualizer"
          onKeyDown={(e) => {
            handleVisualizerKey(e);
          }}
        >
          <TransportBar />
          <PredictPrompt />
          <div className="main-grid" style={showLog ? undefined : { gridTemplateColumns: '1fr' }}>
            {comparing ? <ComparePanel /> : <PanelGrid />}
            {showLog && <ExplanationLog />}
          </div>
          <RunInfo />
        </main>
      </div>
      <HelpOverlay />
    </div>
  );
}
