/**
 * "Open capture…": a file picker for a pcap or pcapng file (read in this browser only), or,
 * when a capture is open but the simulator is shown, a button back to it.
 */
import { useRef } from 'react';
import { importCapture } from '../../capture/bridge';
import { useApp } from '../../store';

export const CAPTURE_ACCEPT = '.pcap,.pcapng,.cap,.dmp,application/vnd.tcpdump.pcap';

/** Start reading the first file of a list (from the picker or a drop). */
export function openFiles(files: FileList | null | undefined): void {
  const f = files?.[0];
  if (f) void importCapture(f, f.name);
}

export function CapturePicker(props: { label?: string; className?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className={props.className}
        data-testid="capture-open"
        title="Open a pcap or pcapng capture (or drop it on the page); it is read in this browser and never uploaded"
        onClick={() => input.current?.click()}
      >
        {props.label ?? 'Open capture…'}
      </button>
      <input
        ref={input}
        type="file"
        accept={CAPTURE_ACCEPT}
        hidden
        data-testid="capture-file"
        aria-label="Capture file (pcap or pcapng)"
        onChange={(e) => {
          openFiles(e.currentTarget.files);
          e.currentTarget.value = '';
        }}
      />
    </>
  );
}

/** The header's control: the picker, and "Capture ▸" back to an open capture. */
export function CaptureOpen() {
  const file = useApp((s) => s.capture.file);
  const open = useApp((s) => s.capture.open);
  if (file && !open)
    return (
      <button
        type="button"
        className="secondary"
        data-testid="capture-show"
        title={`Show the capture ${file.name} again`}
        onClick={() => useApp.getState().setCaptureOpen(true)}
      >
        Capture ▸
      </button>
    );
  if (open) return null;
  return <CapturePicker className="secondary" />;
}
