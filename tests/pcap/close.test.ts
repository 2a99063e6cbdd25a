/**
 * The control packets of a finite transfer in the pcap export: their names come from the trace
 * (Trace.controls), and a TCP transfer's FIN and its ACK (RFC 9293 §3.6) and an SCTP
 * association's SHUTDOWN, SHUTDOWN ACK and SHUTDOWN COMPLETE (RFC 4960 §9.2, §3.3.8, §3.3.9,
 * §3.3.13) decode in Wireshark (tshark) at the engine's times, with valid checksums. The tshark
 * tests are skipped, with a message, where tshark is not installed.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  PacketEventKind,
  PacketType,
  run,
  type SenderId,
  type SimConfig,
  type Trace,
} from '../../src/engine';
import { captureEvents, controlLabels, tracePcap } from '../../src/pcap';
import { fallFloydConfig } from '../helpers/fall-floyd';
import { hasTshark, ns, tshark, warnIfNoTshark } from './tshark-run';

warnIfNoTshark('tests/pcap/close.test.ts');

/** A 5000-byte transfer (5 packets of 1000 bytes) with the handshake, closed by the sender. */
function fileRun(sender: SenderId): { trace: Trace; config: SimConfig } {
  const config = fallFloydConfig(sender, [], {
    flow: { handshake: true, app: { kind: 'file', bytes: 5000 } },
    stopS: 10,
  });
  return { trace: run(config), config };
}

const tcp = fileRun('reno');
const sctp = fileRun('sctp-4960');

/** The names of Trace.controls, in send order. */
const tableNames = (t: Trace): string[] =>
  Array.from(t.controls!.label, (k) => t.controls!.names[k]!);

/** Time of the first event of `kind` at node `node` of the control packet labelled `label`. */
function controlTime(t: Trace, label: string, kind: number, node: string): number {
  const labels = controlLabels(t);
  const p = t.packets;
  const n = t.nodes.indexOf(node);
  for (let i = 0; i < p.length; i++) {
    if (p.kind[i] === kind && p.node[i] === n && labels.get(p.uid[i]!) === label) return p.time[i]!;
  }
  throw new Error(`no ${label} event ${kind} at ${node}`);
}

describe('controlLabels reads Trace.controls', () => {
  it('TCP: SYN, SYN-ACK, FIN, FIN-ACK, keyed by the uids of the table, in its order', () => {
    const labels = controlLabels(tcp.trace);
    expect([...labels.keys()]).toEqual(Array.from(tcp.trace.controls!.uid));
    expect([...labels.values()]).toEqual(['SYN', 'SYN-ACK', 'FIN', 'FIN-ACK']);
    expect([...labels.values()]).toEqual(tableNames(tcp.trace));
  });

  it('SCTP: set-up, HEARTBEAT, then SHUTDOWN, SHUTDOWN-ACK, SHUTDOWN-COMPLETE', () => {
    const labels = [...controlLabels(sctp.trace).values()];
    expect(labels).toEqual(tableNames(sctp.trace));
    expect(labels.slice(-3)).toEqual(['SHUTDOWN', 'SHUTDOWN-ACK', 'SHUTDOWN-COMPLETE']);
    expect(labels).toHaveLength(9);
  });

  it("the names are the table's, not guessed: a renamed table renames; a name it cannot encode is left out", () => {
    const c = tcp.trace.controls!;
    const renamed: Trace = {
      ...tcp.trace,
      controls: { ...c, names: ['SYN', 'SYN-ACK', 'RST', 'FIN-ACK'] },
    };
    expect([...controlLabels(renamed).values()]).toEqual(['SYN', 'SYN-ACK', 'FIN-ACK']);
    const swapped: Trace = {
      ...tcp.trace,
      controls: { ...c, label: Uint8Array.from([1, 0, 3, 2]) },
    };
    expect([...controlLabels(swapped).values()]).toEqual(['SYN-ACK', 'SYN', 'FIN-ACK', 'FIN']);
  });

  it('a trace without the table names none, and its pcap leaves the control packets out', () => {
    const bare: Trace = { ...tcp.trace, controls: undefined };
    expect(controlLabels(bare).size).toBe(0);
    const events = captureEvents(bare, bare.nodes.indexOf('S1'));
    const controls = [...events].filter(
      (i) => bare.transmissions.type[bare.packets.uid[i]!] === PacketType.control,
    );
    expect(controls).toHaveLength(4);
    const cap = tracePcap(bare, tcp.config, { node: 'S1' });
    expect(cap.packets).toBe(events.length - controls.length);
    expect(tracePcap(tcp.trace, tcp.config, { node: 'S1' }).packets).toBe(events.length);
  });
});

/** A boolean field as '0' / '1' (tshark versions print 0/1 or False/True). */
const bit = (s: string | undefined): string => (s === '1' || s === 'True' ? '1' : '0');

const dir = mkdtempSync(join(tmpdir(), 'ackclock-close-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pcap of a run captured at the sender S1 (its sends at their send times), as a file. */
function pcapAtSender(r: { trace: Trace; config: SimConfig }, name: string): string {
  const file = join(dir, name);
  writeFileSync(file, tracePcap(r.trace, r.config, { node: 'S1' }).bytes);
  return file;
}

describe.skipIf(!hasTshark)('tshark reads the close of a finite transfer', () => {
  it('TCP: SYN, SYN-ACK, 5 data segments, the FIN at its send time after the last byte, its ACK', () => {
    const frames = tshark(
      pcapAtSender(tcp, 'tcp-file.pcap'),
      ['tcp.relative_sequence_numbers:FALSE', 'tcp.check_checksum:TRUE', 'ip.check_checksum:TRUE'],
      [
        'frame.time_epoch',
        'ip.src',
        'tcp.flags.syn',
        'tcp.flags.ack',
        'tcp.flags.fin',
        'tcp.seq',
        'tcp.ack',
        'tcp.len',
        'tcp.checksum.status',
        'ip.checksum.status',
      ],
    );
    const t = tcp.trace;
    expect(frames.every((f) => f[8] === '1' && f[9] === '1')).toBe(true);
    const flags = (f: string[]) => f.slice(2, 5).map(bit).join('');
    // SYN (syn), SYN-ACK (syn ack), first.
    expect(frames.slice(0, 2).map(flags)).toEqual(['100', '110']);
    const data = frames.filter((f) => f[1] === '10.0.0.1' && Number(f[7]) > 0);
    expect(data.map((f) => Number(f[5]))).toEqual([1, 1001, 2001, 3001, 4001]);
    const fins = frames.filter((f) => bit(f[4]) === '1');
    expect(fins).toHaveLength(1);
    const fin = fins[0]!;
    const [finTime, finSrc, , , , finSeq, finAck, finLen] = fin;
    expect(ns(finTime!)).toBe(ns(controlTime(t, 'FIN', PacketEventKind.send, 'S1')));
    expect([finSrc, flags(fin), Number(finSeq), Number(finAck), Number(finLen)]).toEqual([
      '10.0.0.1',
      '011',
      5001,
      1,
      0,
    ]);
    // After the FIN, the receiver's ACK of it (ack = FIN seq + 1), delivered to S1; nothing else.
    const after = frames.slice(frames.indexOf(fin) + 1);
    expect(after).toHaveLength(1);
    const [ackTime, ackSrc, , , , , ackAck] = after[0]!;
    expect([ackSrc, flags(after[0]!), Number(ackAck)]).toEqual(['10.0.0.3', '010', 5002]);
    expect(ns(ackTime!)).toBe(ns(controlTime(t, 'FIN-ACK', PacketEventKind.deliver, 'S1')));
    console.info(`reno 5000 B at S1: FIN at ${finTime}, its ACK at ${ackTime}`);
  });

  it('SCTP: SHUTDOWN (7), SHUTDOWN ACK (8), SHUTDOWN COMPLETE (14) last, in order, tags and CRC32c valid', () => {
    const frames = tshark(
      pcapAtSender(sctp, 'sctp-file.pcap'),
      ['sctp.checksum:CRC-32C'],
      [
        'frame.time_epoch',
        'ip.src',
        'sctp.chunk_type',
        'sctp.verification_tag',
        'sctp.checksum.status',
        'sctp.shutdown_cumulative_tsn_ack',
        'sctp.shutdown_complete_t_bit',
        'sctp.data_tsn_raw',
      ],
    );
    expect(frames.every((f) => f[4] === '1')).toBe(true);
    const types = frames.map((f) => Number(f[2]));
    expect(types.slice(0, 6)).toEqual([1, 2, 10, 11, 4, 5]);
    expect(types.slice(-3)).toEqual([7, 8, 14]);
    expect(types.filter((c) => c === 0)).toHaveLength(5);
    expect(frames.filter((f) => f[2] === '0').map((f) => Number(f[7]))).toEqual([1, 2, 3, 4, 5]);
    const [shut, shutAck, complete] = frames.slice(-3) as [string[], string[], string[]];
    const t = sctp.trace;
    // SHUTDOWN and SHUTDOWN COMPLETE go to the receiver with its tag; SHUTDOWN ACK with the
    // sender's (the tags the INIT / INIT ACK announced: flows.ts).
    expect([shut[1], shut[3], shut[5]]).toEqual(['10.0.0.1', '0xac000002', '0']);
    expect([shutAck[1], shutAck[3]]).toEqual(['10.0.0.3', '0xac000001']);
    expect([complete[1], complete[3], bit(complete[6])]).toEqual(['10.0.0.1', '0xac000002', '0']);
    expect(ns(shut[0]!)).toBe(ns(controlTime(t, 'SHUTDOWN', PacketEventKind.send, 'S1')));
    expect(ns(shutAck[0]!)).toBe(ns(controlTime(t, 'SHUTDOWN-ACK', PacketEventKind.deliver, 'S1')));
    expect(ns(complete[0]!)).toBe(
      ns(controlTime(t, 'SHUTDOWN-COMPLETE', PacketEventKind.send, 'S1')),
    );
    console.info(`sctp-4960 5000 B at S1: SHUTDOWN at ${shut[0]}, COMPLETE at ${complete[0]}`);
  });
});
