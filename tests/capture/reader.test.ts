import { describe, expect, it } from 'vitest';
import {
  CaptureCancelled,
  CaptureFormatError,
  createCaptureReader,
  readCapture,
  type ConnectionAnalysis,
} from '../../src/capture';
import { ACK, FIN, SYN, pcap, pcapng, sackOpt, type Seg } from './synthetic';

const ISN = 0xfffff000; // the sender's sequence numbers wrap past 2^32 during the transfer
const MSS = 1000;
const TS_OFF: number[] = [];
const WS = [1, 3, 3, 2]; // NOP, window scale 2

/** A transfer with one loss recovered by fast retransmit, a timeout, a D-SACK'd spurious
 * retransmission and a zero window. Times in seconds. */
function scenario(): Seg[] {
  const s: Seg[] = [];
  const d = (t: number, k: number, ack = 1) =>
    s.push({ t, fwd: true, seq: ISN + 1 + k * MSS, ack, flags: ACK, len: MSS });
  const a = (t: number, k: number, win = 16000, opts: number[] = TS_OFF) =>
    s.push({ t, fwd: false, seq: 1, ack: ISN + 1 + k * MSS, flags: ACK, win, opts });
  s.push({ t: 0, fwd: true, seq: ISN, ack: 0, flags: SYN, opts: [2, 4, 3, 232, 4, 2, ...WS] });
  s.push({
    t: 0.05,
    fwd: false,
    seq: 0,
    ack: ISN + 1,
    flags: SYN | ACK,
    opts: [2, 4, 3, 232, 4, 2, ...WS],
  });
  s.push({ t: 0.0501, fwd: true, seq: ISN + 1, ack: 1, flags: ACK, win: 16000 });
  for (let k = 0; k < 8; k++) d(0.1 + k * 0.001, k);
  a(0.15, 1);
  // segment 1 is lost: segments 2..7 bring 5 duplicate ACKs (SACKing them)
  for (let k = 2; k < 7; k++) {
    const t = 0.15 + k * 0.001;
    a(t, 1, 16000, sackOpt([[ISN + 1 + 2 * MSS, ISN + 1 + (k + 1) * MSS]]));
  }
  d(0.1562, 1); // 3rd duplicate ACK came at 0.154: fast retransmit 2.2 ms later
  a(0.21, 8);
  // segment 8 and 9 sent; 8 is lost, nothing comes back: timeout after 1.2 s
  d(0.211, 8);
  d(0.212, 9);
  a(0.26, 8, 16000, sackOpt([[ISN + 1 + 9 * MSS, ISN + 1 + 10 * MSS]]));
  d(1.46, 8); // RTO
  a(1.51, 10);
  d(1.511, 10);
  d(1.52, 10); // resent too soon (the first copy arrived): the D-SACK says so
  a(1.561, 11, 16000, sackOpt([[ISN + 1 + 10 * MSS, ISN + 1 + 11 * MSS]]));
  a(1.57, 11, 0); // zero window
  a(1.8, 11, 16000); // window update
  s.push({ t: 1.81, fwd: true, seq: ISN + 1 + 11 * MSS, ack: 1, flags: FIN | ACK });
  return s;
}

const FORMS: [string, () => Uint8Array][] = [
  ['pcap µs, Ethernet + 802.1Q, IPv4', () => pcap(scenario(), 'ethernet')],
  [
    'pcap ns big-endian, BSD loopback, IPv4',
    () => pcap(scenario(), 'null', { nano: true, big: true }),
  ],
  ['pcapng ns, two interfaces, raw IP, IPv4', () => pcapng(scenario(), 'raw')],
  [
    'pcapng ns, Linux SLL2, IPv6 + hop-by-hop header',
    () => pcapng(scenario(), 'sll2', { v6: true }),
  ],
];

function check(a: ConnectionAnalysis) {
  const s = a.summary;
  expect([s.packets, s.data_packets, s.retransmissions, s.duplicate_acks]).toEqual([30, 14, 3, 6]);
  expect([s.fast_retransmissions, s.rto_retransmissions, s.rack_retransmissions]).toEqual([
    1, 1, 1,
  ]);
  expect([s.spurious_retransmissions, s.zero_windows, s.out_of_order]).toEqual([1, 1, 0]);
  expect(a.retransmissions.map((r) => [r.seq, r.cls, r.spurious])).toEqual([
    [1 + MSS, 'fast', false],
    [1 + 8 * MSS, 'rto', false],
    [1 + 10 * MSS, 'rack', true],
  ]);
  expect(s.capture_side).toBe('sender');
  expect([s.sack_permitted, s.timestamps, s.mss]).toEqual([true, false, MSS]);
}

describe.each(FORMS)('%s', (_name, make) => {
  it('reads the connection and analyses it: 6 dupacks, fast retransmit, RTO, spurious, zero window', () => {
    const r = readCapture(make());
    expect(r.connections()).toHaveLength(1);
    check(r.analyse(0));
  });
});

describe('the reader', () => {
  it('chunks of 1 to 97 bytes give what the whole file gives, with progress per chunk', () => {
    const bytes = pcapng(scenario(), 'raw');
    const seen: number[] = [];
    const r = createCaptureReader({
      totalBytes: bytes.length,
      onProgress: (p) => seen.push(p.bytesRead),
    });
    for (let o = 0, n = 1; o < bytes.length; o += n, n = (n % 97) + 1)
      r.push(bytes.subarray(o, o + n));
    r.end();
    check(r.analyse(0));
    expect(seen[seen.length - 1]).toBe(bytes.length);
    expect(r.progress).toMatchObject({ packets: 30, tcpPackets: 30, totalBytes: bytes.length });
  });
  it('nanosecond timestamps survive a Unix-time base: the fast retransmit 2.2 ms after the 3rd dupack', () => {
    const a = readCapture(pcapng(scenario(), 'raw')).analyse(0);
    expect(a.retransmissions[0]!.delay).toBeCloseTo(0.0022, 9);
    expect(readCapture(pcapng(scenario(), 'raw')).startTime).toBe(1_700_000_000);
  });
  it('relative sequence numbers across the 2^32 wrap, windows scaled by 2^2', () => {
    const a = readCapture(pcap(scenario(), 'raw')).analyse(0);
    const last = a.packets.length - 1;
    expect(a.packets.seq[last]).toBe(1 + 11 * MSS);
    expect(a.summary.goodput_bytes).toBe(11 * MSS);
    const win = [...a.packets.win].filter((_, i) => a.packets.dir[i] === 1);
    expect(win.slice(-3)).toEqual([64000, 0, 64000]);
  });
  it('the explanation narrates the fast retransmit with its RFC, seen at the sender side', () => {
    const rows = readCapture(pcap(scenario(), 'raw')).analyse(0).explanation;
    const fast = rows.find((r) => r.kind === 'fast-retransmit')!;
    expect(fast.text).toBe(
      '3rd duplicate ACK for 1001 at 0.1540 s → the sender retransmits 1001 2.2 ms later: fast retransmit',
    );
    expect([fast.basis, fast.source]).toEqual(['seen', 'RFC 5681 §3.2']);
    expect(rows.find((r) => r.kind === 'rto')!.basis).toBe('inferred');
    expect(rows.find((r) => r.kind === 'spurious')!.text).toMatch(/D-SACK for 10001–11001/);
    expect(rows.map((r) => r.kind)).toContain('zero-window');
  });
  it('cancel: the next push throws CaptureCancelled', () => {
    const r = createCaptureReader();
    const bytes = pcap(scenario(), 'raw');
    r.push(bytes.subarray(0, 100));
    r.cancel();
    expect(() => r.push(bytes.subarray(100))).toThrow(CaptureCancelled);
  });
  it('errors: not a capture, a truncated one, an unknown link type', () => {
    expect(() =>
      readCapture(new TextEncoder().encode('hello, this is not a capture file')),
    ).toThrow(CaptureFormatError);
    const bytes = pcap(scenario(), 'raw');
    expect(() => readCapture(bytes.subarray(0, bytes.length - 5))).toThrow(/ends inside a record/);
    const odd = pcap(scenario(), 'raw');
    odd[20] = 200; // link type 200
    expect(() => readCapture(odd)).toThrow(/unsupported link type 200/);
  });
});

describe('away from the sender: the loop through it', () => {
  /** At the receiver side, no timestamps: the handshake's loop through the sender is 400 ms
   * (SYN-ACK → ACK); segment 1 is lost before the capture point, 2..7 bring 6 duplicate ACKs
   * 1 ms apart, and the retransmission comes `after` s after the `nth` of them. */
  function receiverSide(nth: number, after: number, lateData = false): ConnectionAnalysis {
    const s: Seg[] = [
      { t: 0, fwd: true, seq: 0, ack: 0, flags: SYN, opts: [2, 4, 3, 232] },
      { t: 0.01, fwd: false, seq: 0, ack: 1, flags: SYN | ACK, opts: [2, 4, 3, 232] },
      { t: 0.41, fwd: true, seq: 1, ack: 1, flags: ACK },
    ];
    const d = (t: number, k: number) =>
      s.push({ t, fwd: true, seq: 1 + k * MSS, ack: 1, flags: ACK, len: MSS });
    const a = (t: number, k: number) =>
      s.push({ t, fwd: false, seq: 1, ack: 1 + k * MSS, flags: ACK });
    d(0.5, 0);
    a(0.5001, 1);
    for (let k = 2; k < 8; k++) {
      d(0.5 + k * 0.001, k);
      a(0.5001 + k * 0.001, 1);
    }
    if (lateData) d(0.5021 + (nth - 1) * 0.001 + after - 0.05, 8);
    d(0.5021 + (nth - 1) * 0.001 + after, 1);
    a(0.5021 + (nth - 1) * 0.001 + after + 0.01, lateData ? 9 : 8);
    return readCapture(pcap(s, 'raw')).analyse(0);
  }
  it('a retransmission one loop after the 3rd duplicate ACK answers it: fast, though 400 ms exceeds the 200 ms RTO floor', () => {
    const a = receiverSide(3, 0.4);
    expect([a.summary.capture_side, a.summary.duplicate_acks]).toEqual(['receiver', 6]);
    expect(a.retransmissions.map((r) => [r.seq, r.cls])).toEqual([[1 + MSS, 'fast']]);
    expect(a.retransmissions[0]!.loop).toBeCloseTo(0.4, 9);
    expect(a.explanation.find((r) => r.kind === 'fast-retransmit')!.text).toBe(
      '3rd duplicate ACK for 1001 at 0.5041 s → the sender retransmits 1001 400.0 ms later: fast retransmit (its answer: one loop here → sender → here, 400.0 ms, after that ACK passed, though our RTO estimate had elapsed)',
    );
  });
  it('later than one loop after the last duplicate ACK: the sender let them pass, not a fast retransmit', () => {
    // new data 50 ms before it: no silence, so not a timeout either
    expect(receiverSide(3, 0.7, true).retransmissions.map((r) => r.cls)).toEqual(['rack']);
  });
  it('one loop after the 1st duplicate ACK answers that one (not the 3rd): the timer rule decides', () => {
    expect(receiverSide(1, 0.4).retransmissions.map((r) => [r.cls, r.loop])).toEqual([
      ['rto', undefined],
    ]);
  });
});
