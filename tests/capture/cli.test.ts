import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runCli } from '../../src/cli/main';
import { USAGE } from '../../src/cli/args';

const file = fileURLToPath(new URL('../fixtures/captures/reno-receiver.pcap', import.meta.url));

describe('npx ackclock --in', () => {
  it('--out analysis (JSON by default): connections[] with the issue 27 fields', () => {
    const r = runCli(['--in', file]);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect([j.format, j.packets, j.tcp_packets, j.connections.length]).toEqual([
      'pcap',
      1159,
      1159,
      1,
    ]);
    const c = j.connections[0];
    expect(c).toMatchObject({
      packets: 1159,
      data_packets: 691,
      retransmissions: 27,
      duplicate_acks: 131,
      out_of_order: 0,
      spurious_retransmissions: 0,
      capture_side: 'receiver',
      receiver: { addr: '10.77.2.2', port: 5001 },
    });
    expect(c.fast_retransmissions + c.rto_retransmissions + c.rack_retransmissions).toBe(27);
  });
  it('--out analysis --format csv: a header and one row per connection, endpoints addr:port', () => {
    const lines = runCli(['--in', file, '--out', 'analysis', '--format', 'csv'])
      .stdout.trim()
      .split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]!.split(',').slice(0, 4)).toEqual(['id', 'sender', 'receiver', 'client']);
    expect(lines[1]!.split(',')[2]).toBe('10.77.2.2:5001');
  });
  it('--out router: one row per packet, the retransmissions with their class', () => {
    const rows = runCli(['--in=' + file, '--out=router'])
      .stdout.trim()
      .split('\n');
    expect(rows[0]).toBe('time,connection,dir,kind,seq,end,ack,win,len,retx,inflight');
    expect(rows).toHaveLength(1 + 1159);
    const retx = rows.filter((r) => r.split(',')[3]!.includes('retransmission'));
    expect(retx).toHaveLength(27);
    expect(new Set(retx.map((r) => r.split(',')[9]))).toEqual(new Set(['rack']));
  });
  it('--out tseq --format json: data, ack, window and sack series', () => {
    const rows = JSON.parse(runCli(['--in', file, '--out', 'tseq', '--format', 'json']).stdout);
    const series = new Set(rows.map((r: { series: string }) => r.series));
    expect([...series].sort()).toEqual([
      'ack',
      'data',
      'dupack',
      'retransmission',
      'sack',
      'window',
    ]);
    expect(rows.filter((r: { series: string }) => r.series === 'dupack')).toHaveLength(131);
  });
  it('errors: a query string, an unknown --out, a missing file, a file that is no capture', () => {
    expect(runCli(['--in', file, 'preset=x']).stderr).toMatch(/no query string/);
    expect(runCli(['--in', file, '--out', 'cwnd']).stderr).toMatch(/analysis, router, tseq/);
    expect(runCli(['--in', '/nonexistent.pcap']).code).toBe(2);
    const notCapture = fileURLToPath(new URL('../fixtures/captures/README.md', import.meta.url));
    expect(runCli(['--in', notCapture]).stderr).toMatch(/not a pcap or pcapng file/);
  });
  it('--help documents --in and its outputs', () => {
    expect(USAGE).toMatch(/--in FILE/);
    expect(USAGE).toMatch(/--out tseq/);
  });
});
