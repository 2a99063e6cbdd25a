/**
 * `npx ackclock --in capture.pcapng [--out analysis|router|tseq] [--format csv|json]`: the
 * arguments of the capture-import mode (issue 27), parsed apart from the simulator's.
 */
export const CAPTURE_OUTPUTS = ['analysis', 'router', 'tseq'] as const;
export type CaptureOutput = (typeof CAPTURE_OUTPUTS)[number];

export interface CaptureCliOptions {
  /** The capture file (pcap or pcapng). */
  file: string;
  out: CaptureOutput;
  format: 'csv' | 'json';
}

export type CaptureArgs =
  { kind: 'capture'; options: CaptureCliOptions } | { kind: 'error'; message: string };

/** Whether argv asks for the capture mode. */
export function wantsCapture(argv: readonly string[]): boolean {
  return argv.some((a) => a === '--in' || a.startsWith('--in='));
}

export function parseCaptureArgs(argv: readonly string[]): CaptureArgs {
  const seen = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') continue;
    const eq = arg.indexOf('=');
    const name = arg.startsWith('--') && eq >= 0 ? arg.slice(0, eq) : arg;
    if (name !== '--in' && name !== '--out' && name !== '--format') {
      return {
        kind: 'error',
        message: arg.startsWith('-')
          ? `${name} is not an option of --in (it takes --out and --format)`
          : `--in reads a capture: no query string ('${arg}')`,
      };
    }
    const value = eq >= 0 && arg.startsWith('--') ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '')
      return { kind: 'error', message: `${name} needs a value` };
    if (seen.has(name)) return { kind: 'error', message: `${name} given twice` };
    seen.set(name, value);
  }
  const out = seen.get('--out') ?? 'analysis';
  if (!(CAPTURE_OUTPUTS as readonly string[]).includes(out))
    return {
      kind: 'error',
      message: `--out with --in must be one of ${CAPTURE_OUTPUTS.join(', ')} (got '${out}')`,
    };
  const format = seen.get('--format') ?? (out === 'analysis' ? 'json' : 'csv');
  if (format !== 'csv' && format !== 'json')
    return { kind: 'error', message: `--format with --in must be csv or json (got '${format}')` };
  return {
    kind: 'capture',
    options: { file: seen.get('--in')!, out: out as CaptureOutput, format },
  };
}

export const CAPTURE_USAGE = `
Capture import (pcap or pcapng: Ethernet, Linux cooked SLL/SLL2, raw IP, loopback; IPv4/IPv6; TCP):
  --in FILE        read FILE instead of running a scenario; streamed, so large files work
  --out analysis   one entry per TCP connection (JSON, default; or CSV): id, sender, receiver,
                   client, start and duration (s), packets, data_packets, bytes, goodput_bytes,
                   retransmissions, fast_retransmissions, rto_retransmissions,
                   rack_retransmissions, spurious_retransmissions, duplicate_acks (RFC 5681),
                   out_of_order, zero_windows, recoveries, capture_side (sender, receiver,
                   middle, unknown) and its evidence, handshake_rtt and min_rtt (s),
                   sack_permitted, timestamps, mss (bytes)
  --out router     every TCP packet at the capture point (CSV, default; or JSON):
                   time,connection,dir,kind,seq,end,ack,win,len,retx,inflight — time in s since
                   the capture's first packet; dir sender|receiver; kind the packet's labels
                   joined by '+' (data, retransmission, ack, dupack, window-update, zero-window,
                   out-of-order, sack, dsack, spurious, syn, fin, rst); seq/end/ack relative
                   (tcptrace's), win and inflight in bytes; retx the class (fast, rto, rack)
  --out tseq       the time–sequence graph in tcptrace's conventions (CSV, default; or JSON):
                   time,connection,series,lo,hi — series data, retransmission, ack, window
                   (ack + receive window), sack, dupack; lo/hi relative sequence numbers
`;
