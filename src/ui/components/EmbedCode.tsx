import { useEffect, useId, useRef, useState } from 'react';
import { viewUrl } from '../app/controller';
import { findVariant, getPreset } from '../deps/scenarios';
import { DEFAULT_EMBED_SIZE, EMBED_SIZES, embedSnippet } from '../model/embedCode';
import { presetOf, senderOf } from '../model/scenarioQuery';
import { useApp } from '../store';
import './embedCode.css';

/** The frame's title: what it shows, for screen readers ("ackclock: Three drops … (Reno TCP)"). */
function frameTitle(): string {
  const s = useApp.getState();
  const preset = presetOf(s.scenario);
  const what = (preset && getPreset(preset)?.title) || 'a scenario';
  const senders = s.compare.length >= 2 ? s.compare : [senderOf(s.scenario)];
  const names = senders.map((id) => findVariant(id)?.label ?? id).join(', ');
  return `ackclock: ${what} (${names})`;
}

/** Width of the box, px (less in a narrow window). */
const BOX_WIDTH_PX = 520;

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * "Copy embed code": copies an `<iframe>` of the view on screen as the embed view (`embed=1`:
 * the transport bar and the panels shown now, at the cursor, zoom and theme of now) and opens a
 * box with the code, selected, so it can be copied by hand when the clipboard is refused, a
 * choice of frame size, and a note on what the host must allow. Esc or Close shuts it.
 */
export function EmbedCode() {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [src, setSrc] = useState('');
  const [title, setTitle] = useState('');
  const [size, setSize] = useState(DEFAULT_EMBED_SIZE);
  const [status, setStatus] = useState<string | null>(null);
  const [place, setPlace] = useState<{
    top?: number;
    bottom?: number;
    left: number;
    width: number;
  } | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  const wrap = useRef<HTMLSpanElement>(null);
  const code = embedSnippet(src, size, title);

  const copy = async (text: string) => {
    const ok = await copyText(text);
    setStatus(
      ok
        ? 'Embed code copied.'
        : 'The browser did not allow copying: select the code below and copy it (Ctrl+C).',
    );
  };
  const start = () => {
    // Beside the button, inside the window: above it in the lower half of the window (the
    // button sits in the run info row at the bottom), else below it.
    const r = button.current?.getBoundingClientRect();
    const width = Math.min(BOX_WIDTH_PX, window.innerWidth - 16);
    if (r) {
      const left = Math.max(8, Math.min(r.left, window.innerWidth - width - 8));
      setPlace(
        r.top > window.innerHeight / 2
          ? { bottom: window.innerHeight - r.top + 6, left, width }
          : { top: r.bottom + 6, left, width },
      );
    }
    const nextSrc = viewUrl({ embed: true });
    const nextTitle = frameTitle();
    setSrc(nextSrc);
    setTitle(nextTitle);
    setOpen(true);
    setStatus('Copying…');
    void copy(embedSnippet(nextSrc, size, nextTitle));
  };
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    area.current?.focus();
    area.current?.select();
    // A press outside the box (and its button) closes it, as Esc does.
    const outside = (e: PointerEvent) => {
      if (e.target instanceof Node && !wrap.current?.contains(e.target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  return (
    <span ref={wrap} className="embed-code-wrap">
      <button
        ref={button}
        type="button"
        className="secondary"
        aria-expanded={open}
        aria-controls={open ? `${id}-box` : undefined}
        data-testid="embed-code-button"
        title="Copy an <iframe> of this view (embed=1) for a slide deck, an LMS or a web page"
        onClick={() => (open ? close() : start())}
      >
        Copy embed code
      </button>
      {open && (
        <div
          id={`${id}-box`}
          className="embed-code"
          role="dialog"
          aria-label="Embed code"
          data-testid="embed-code"
          style={place ?? undefined}
          onKeyDown={(e) => {
            if (e.key === 'Escape') {
              e.preventDefault();
              e.stopPropagation();
              close();
            }
          }}
        >
          <p className="embed-code-status" role="status" data-testid="embed-code-status">
            {status}
          </p>
          <label htmlFor={`${id}-code`}>
            Embed code: this view (its panels, cursor, zoom and theme) in a frame
          </label>
          <textarea
            ref={area}
            id={`${id}-code`}
            readOnly
            rows={4}
            value={code}
            data-testid="embed-code-text"
            onFocus={(e) => e.currentTarget.select()}
          />
          <div className="embed-code-actions">
            <label htmlFor={`${id}-size`}>Size</label>
            <select
              id={`${id}-size`}
              value={`${size.width}x${size.height}`}
              onChange={(e) => {
                const next = EMBED_SIZES.find((z) => `${z.width}x${z.height}` === e.target.value);
                if (next) setSize(next);
                setStatus(null);
              }}
            >
              {EMBED_SIZES.map((z) => (
                <option key={`${z.width}x${z.height}`} value={`${z.width}x${z.height}`}>
                  {z.width} × {z.height}
                </option>
              ))}
            </select>
            <button type="button" onClick={() => void copy(code)}>
              Copy
            </button>
            <a href={src} target="_blank" rel="noopener">
              Preview ↗
            </a>
            <button type="button" onClick={close}>
              Close
            </button>
          </div>
          <p className="embed-code-note">
            The frame shows the transport bar and the panels on screen now (choose them in the
            sidebar, under View). A host that sends <code>X-Frame-Options</code> or a{' '}
            <code>frame-ancestors</code> policy must allow the page that embeds it (README,
            “Publish”).
          </p>
        </div>
      )}
    </span>
  );
}
