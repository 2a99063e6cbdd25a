import { useEffect, useRef, useState } from 'react';
import { Banner } from './components/Banner';
import { CaptureStatus } from './components/capture/CaptureStatus';
import { CaptureView } from './components/capture/CaptureView';
import { useCaptureDrop } from './components/capture/useCaptureDrop';
import { PanelBoundary } from './components/ErrorBoundary';
import { Header } from './components/Header';
import { HelpOverlay } from './components/HelpOverlay';
import { MainGrid } from './components/MainGrid';
import { RunInfo } from './components/RunInfo';
import { Sidebar } from './components/Sidebar';
import { TransportBar } from './components/TransportBar';
import { UpdatePrompt } from './components/UpdatePrompt';
import { useFocusKeeper } from './hooks/focusKeeper';
import { handleVisualizerKey } from './hooks/keyboard';
import { usePlayback } from './hooks/usePlayback';
import { useApp } from './store';

const SIDEBAR_KEY = 'ackclock:sidebar';

function readSidebarOpen(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_KEY) !== 'closed';
  } catch {
    return true;
  }
}

function writeSidebarOpen(open: boolean): void {
  try {
    window.localStorage.setItem(SIDEBAR_KEY, open ? 'open' : 'closed');
  } catch {
    // Storage refused (private mode): the choice lasts for this page only.
  }
}

/** The classroom app: header, scenario sidebar, and the visualizer (transport, panels, log). */
export function App() {
  const theme = useApp((s) => s.theme);
  const presentation = useApp((s) => s.presentation);
  // A new run gives every panel a fresh start (a failed one renders again).
  const results = useApp((s) => s.run.results);
  // An imported capture (issue 27) takes the visualizer's place while it is open.
  const captureOpen = useApp((s) => s.capture.open);
  const drop = useCaptureDrop();
  // The scenario form can be folded away so the plots get the width (kept for the next visit).
  const [sidebarOpen, setSidebarOpen] = useState(readSidebarOpen);
  const toggleSidebar = () => {
    setSidebarOpen(!sidebarOpen);
    writeSidebarOpen(!sidebarOpen);
  };
  usePlayback();
  // Keys work from the start: the visualizer takes focus once, unless something else has it.
  const visRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null)
      visRef.current?.focus({ preventScroll: true });
  }, []);
  // After a click, the keys keep working (focus that fell out, or a toggle a mouse clicked).
  useFocusKeeper(visRef);
  return (
    <div
      className={`app${presentation ? ' presentation' : ''}${captureOpen ? ' capture-open' : ''}${drop.dragging ? ' dropping' : ''}`}
      data-theme={theme}
      {...drop.handlers}
    >
      <PanelBoundary name="Header">
        <Header sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
      </PanelBoundary>
      <PanelBoundary name="Messages">
        <Banner />
        <CaptureStatus />
      </PanelBoundary>
      {/* The scenario form describes the simulator: a capture takes its width. */}
      <div className={`app-body${sidebarOpen && !captureOpen ? '' : ' no-sidebar'}`}>
        {sidebarOpen && !captureOpen && (
          <PanelBoundary name="Scenario sidebar" className="sidebar" resetKey={results}>
            <Sidebar />
          </PanelBoundary>
        )}
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
          {captureOpen ? (
            <PanelBoundary name="Capture" className="capture-boundary">
              <CaptureView />
            </PanelBoundary>
          ) : (
            <>
              <PanelBoundary name="Transport bar" resetKey={results}>
                <TransportBar />
              </PanelBoundary>
              <MainGrid withoutLog={{ style: { gridTemplateColumns: '1fr' } }} />
              <PanelBoundary name="Run info" resetKey={results}>
                <RunInfo />
              </PanelBoundary>
            </>
          )}
        </main>
      </div>
      <PanelBoundary name="Keyboard help">
        <HelpOverlay />
      </PanelBoundary>
      <UpdatePrompt />
      {drop.dragging && (
        <div className="capture-drop" aria-hidden="true">
          Drop a pcap or pcapng capture to open it — it is read in this browser and never uploaded
        </div>
      )}
    </div>
  );
}
