import { useEffect, useRef } from 'react';
import { viewUrl } from './app/controller';
import { Banner } from './components/Banner';
import { PanelBoundary } from './components/ErrorBoundary';
import { HelpOverlay } from './components/HelpOverlay';
import { MainGrid } from './components/MainGrid';
import { TransportBar } from './components/TransportBar';
import { UpdatePrompt } from './components/UpdatePrompt';
import { useFocusKeeper } from './hooks/focusKeeper';
import { handleVisualizerKey } from './hooks/keyboard';
import { usePlayback } from './hooks/usePlayback';
import { useApp } from './store';
import './embed.css';

/** Class of <html> while the embed view is shown: the document itself never scrolls. */
const EMBED_DOCUMENT_CLASS = 'ackclock-embed';

/**
 * "Open in ackclock": the full app at the same view (the address without `embed=1`), in a new
 * tab. Its address is taken when it is used (pointer down, focus, context menu), so it holds
 * the cursor of that moment without re-rendering at every step.
 */
function OpenFullApp() {
  const refresh = (e: { currentTarget: HTMLAnchorElement }) => {
    e.currentTarget.href = viewUrl({ embed: false });
  };
  return (
    <a
      className="embed-open"
      href={viewUrl({ embed: false })}
      target="_blank"
      rel="noopener"
      data-testid="embed-open"
      title="Open this view in the full ackclock app (scenario form, presets, exports) in a new tab"
      onPointerDown={refresh}
      onFocus={refresh}
      onContextMenu={refresh}
    >
      open in ackclock ↗
    </a>
  );
}

/**
 * The embed view (`embed=1`), for an iframe in a slide deck or an LMS page: the transport bar
 * and the panels the address chose (`panels=`; the router plot, the lower slot's panel and the
 * log as in the app), in compare or predict mode too, and a link to the full app — no header,
 * no sidebar. It fills the frame, 640×360 and up, and the frame's document never scrolls.
 *
 * Keyboard: click into it (a plot, the log, the transport bar), then Space, ←/→, PgUp/PgDn,
 * Home/End and ? work as in the app. Unlike the app it does not take focus by itself when it
 * loads: a page with embeds keeps its own focus (and does not jump to an embed).
 */
export function EmbedApp() {
  const theme = useApp((s) => s.theme);
  const presentation = useApp((s) => s.presentation);
  const results = useApp((s) => s.run.results);
  usePlayback();
  // After a click in the frame, the keys keep working (as in the app: focus that fell out, or
  // a toggle a mouse clicked, goes to the visualizer).
  const visRef = useRef<HTMLElement>(null);
  useFocusKeeper(visRef);
  useEffect(() => {
    const root = document.documentElement;
    root.classList.add(EMBED_DOCUMENT_CLASS);
    return () => root.classList.remove(EMBED_DOCUMENT_CLASS);
  }, []);
  return (
    <div
      className={`app embed${presentation ? ' presentation' : ''}`}
      data-theme={theme}
      data-testid="embed"
    >
      <PanelBoundary name="Messages">
        <Banner />
      </PanelBoundary>
      <main
        ref={visRef}
        className="visualizer"
        tabIndex={0}
        aria-label="ackclock visualizer (click, then use the keyboard; press ? for help)"
        data-testid="visualizer"
        onKeyDown={(e) => {
          handleVisualizerKey(e);
        }}
      >
        <PanelBoundary name="Transport bar" resetKey={results}>
          <TransportBar />
        </PanelBoundary>
        <MainGrid withoutLog={{ className: 'no-log' }} />
        <footer className="embed-footer">
          <span className="embed-keys embed-keys-idle">Click here to use the keyboard</span>
          <span className="embed-keys embed-keys-active">
            Space play · ←/→ step · PgDn next episode · ? help
          </span>
          <OpenFullApp />
        </footer>
      </main>
      <PanelBoundary name="Keyboard help">
        <HelpOverlay />
      </PanelBoundary>
      <UpdatePrompt />
    </div>
  );
}
