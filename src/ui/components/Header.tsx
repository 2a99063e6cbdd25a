import { useState } from 'react';
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

export function Header() {
  const theme = useApp((s) => s.theme);
  const setTheme = useApp((s) => s.setTheme);
  const presentation = useApp((s) => s.presentation);
  const setPresentation = useApp((s) => s.setPresentation);
  const setHelpOpen = useApp((s) => s.setHelpOpen);
  const sweepShown = useApp((s) => s.panels.includes('sweep'));
  const sweepRunning = useApp((s) => s.sweep.status === 'running');
  const [copied, setCopied] = useState<string | null>(null);

  const copyLink = async () => {
    const url = `${window.location.origin}${window.location.pathname}?${currentQuery()}`;
    const ok = await copyText(url);
    setCopied(ok ? 'Link copied' : url);
    setTimeout(() => setCopied(null), ok ? 2000 : 8000);
  };

  return (
    <header className="app-header">
      <h1>
        ackclock<small className="secondary">congestion control, one ACK at a time</small>
      </h1>
      <PresetPicker />
      <SenderPicker />
      <span className="header-spacer" />
      <div className="header-group">
        <label htmlFor="theme-select">Theme</label>
        <select id="theme-select" value={theme} onChange={(e) => setTheme(e.target.value as ThemeName)}>
          <option value="light">light</option>
          <option value="dark">dark</option>
          <option value="projector">projector</option>
        </select>
      </div>
      <button type="button" aria-pressed={presentation} onClick={() => setPresentation(!presentation)}>
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
      {copied && (
        <span role="status" className="copied">
          {copied}
        </span>
      )}
    </header>
  );
}
