import { useLayoutEffect, useRef, useState } from 'react';
import { currentQuery } from '../app/controller';
import { useApp, type ThemeName } from '../store';
import { PresetPicker } from './PresetPicker';
import { SenderPicker } from './SenderPicker';

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether the preset notice's student text (a clamped paragraph in the header) has more text
 * than it shows, checked again whenever the header's size or content changes.
 */
function useNoticeClamped(header: React.RefObject<HTMLElement | null>, open: boolean): boolean {
  const [clamped, setClamped] = useState(false);
  useLayoutEffect(() => {
    const el = header.current;
    if (!el) return;
    const check = () => {
      const p = el.querySelector<HTMLElement>('.notice-student');
      setClamped(!!p && (open || p.scrollHeight > p.clientHeight + 1));
    };
    check();
    const ro = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    ro?.observe(el);
    // Content changes (a run's progress text changes the header many times a second): one
    // check per frame, not a forced layout per change.
    let frame = 0;
    const later = () => {
      if (typeof requestAnimationFrame === 'undefined') return check();
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          check();
        });
    };
    const mo = typeof MutationObserver === 'undefined' ? null : new MutationObserver(later);
    mo?.observe(el, { childList: true, subtree: true, characterData: true });
    return () => {
      ro?.disconnect();
      mo?.disconnect();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [header, open]);
  return clamped;
}

export function Header(props: { sidebarOpen?: boolean; onToggleSidebar?: () => void } = {}) {
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const presentation = useApp((s) => s.presentation);
  const setPresentation = useApp((s) => s.setPresentation);
  const setHelpOpen = useApp((s) => s.setHelpOpen);
  const sweepShown = useApp((s) => s.panels.includes('sweep'));
  const sweepRunning = useApp((s) => s.sweep.status === 'running');
  const [copied, setCopied] = useState<string | null>(null);
  const headerRef = useRef<HTMLElement>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const clamped = useNoticeClamped(headerRef, noticeOpen);

  const copyLink = async () => {
    const url = `${window.location.origin}${window.location.pathname}?${currentQuery()}`;
    const ok = await copyText(url);
    setCopied(ok ? 'Link copied' : url);
    setTimeout(() => setCopied(null), ok ? 2000 : 8000);
  };

  return (
    <header ref={headerRef} className={`app-header${noticeOpen ? ' notice-open' : ''}`}>
      {props.onToggleSidebar && (
        <button
          type="button"
          className="sidebar-toggle secondary"
          aria-expanded={props.sidebarOpen ?? true}
          aria-controls="scenario-sidebar"
          title={
            props.sidebarOpen
              ? 'Hide the scenario form (the plots get its width)'
              : 'Show the scenario form'
          }
          data-testid="sidebar-toggle"
          onClick={props.onToggleSidebar}
        >
          ☰ Scenario
        </button>
      )}
      <h1>
        ackclock<small className="secondary">congestion control, one ACK at a time</small>
      </h1>
      <PresetPicker />
      <SenderPicker />
      <span className="header-spacer" />
      <div className="header-group">
        <label htmlFor="theme-select">Theme</label>
        <select
          id="theme-select"
          value={theme}
          onChange={(e) => setTheme(e.target.value as ThemeName)}
        >
          <option value="light">light</option>
          <option value="dark">dark</option>
          <option value="projector">projector</option>
        </select>
      </div>
      <button
        type="button"
        aria-pressed={presentation}
        onClick={() => setPresentation(!presentation)}
      >
        {presentation ? 'Exit presentation' : 'Present'}
      </button>
      <button
        type="button"
        className="secondary"
        aria-pressed={sweepShown}
        data-testid="sweep-toggle"
        title="Run a preset over many values and seeds, beside the paper’s table"
        onClick={() => useApp.getState().togglePanel('sweep')}
      >
        Sweep{sweepRunning ? ' (running)' : ''}
      </button>
      <button type="button" className="secondary" onClick={() => void copyLink()}>
        Copy link
      </button>
      <button type="button" onClick={() => setHelpOpen(true)} aria-label="Keyboard shortcuts (?)">
        ?
      </button>
      {clamped && (
        <button
          type="button"
          className="notice-more"
          aria-expanded={noticeOpen}
          data-testid="notice-more"
          onClick={() => setNoticeOpen(!noticeOpen)}
        >
          {noticeOpen ? 'less' : 'more'}
        </button>
      )}
      {copied && (
        <span role="status" className="copied">
          {copied}
        </span>
      )}
    </header>
  );
}
