/**
 * Export (issue 10 §9, issue 21 item 11): legend words once in SVG, compare CSV with every run's
 * sender and profile, compare pcap with every run.
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { tracePcap } from '../../src/pcap';
import { runsFor } from '../../src/ui/app/controller';
import { buildSimConfig, parseScenarioQuery } from '../../src/ui/deps/scenarios';
import { comparePcapZip } from '../../src/ui/export/pcap';
import { compareCsv, runCsv } from '../../src/ui/export/csv';
import { legendLabel } from '../../src/ui/panels/exportSvg';
import { runScenario } from '../../src/ui/worker/runScenario';

function traceOf(q: string) {
  const r = parseScenarioQuery(q);
  if (!r.ok) throw new Error(q);
  return runScenario(r.scenario).trace;
}

describe('legendLabel', () => {
  it('a long/short label gives its words once, with the count', () => {
    const ul = document.createElement('ul');
    ul.innerHTML =
      '<li><svg></svg><span class="ackp-label"><span class="ackp-long">arrival at router</span><span class="ackp-short">arrival</span><span class="ackp-count"> (3)</span></span></li>' +
      '<li><svg></svg><span class="ackp-label">ACK<span class="ackp-count"> (2)</span></span></li>';
    document.body.appendChild(ul);
    const [a, b] = Array.from(ul.querySelectorAll('li'));
    expect(a!.textContent).toBe('arrival at routerarrival (3)');
    expect(legendLabel(a!)).toBe('arrival at router (3)');
    (a!.querySelector('.ackp-long') as HTMLElement).style.display = 'none';
    expect(legendLabel(a!)).toBe('arrival (3)');
    expect(legendLabel(b!)).toBe('ACK (2)');
    ul.remove();
  });
});

describe('CSV', () => {
  const reno = traceOf('preset=ff-1-drops&sender=reno');
  const newreno = traceOf('preset=ff-1-drops&sender=newreno&profile=rfc');

  it('one run: flows numbered from 1', () => {
    const lines = runCsv(reno, 'router').split('\n');
    expect(lines[0]).toBe('time,event,flow,packet,retx,cum_ack,cause');
    expect(new Set(lines.slice(1, -1).map((l) => l.split(',')[2]))).toEqual(new Set(['1']));
  });

  it('compare: every run with its sender and profile', () => {
    const text = compareCsv(
      [
        { trace: reno, name: 'reno@ff96' },
        { trace: newreno, name: 'newreno@rfc' },
      ],
      'cwnd',
    );
    const lines = text.trimEnd().split('\n');
    expect(lines[0]).toBe(
      'run,sender,profile,time,flow,cwnd,ssthresh,dupacks,recover,pipe,flightsize,cwnd_bytes,ssthresh_bytes,partial_bytes_acked,phase',
    );
    const who = new Set(lines.slice(1).map((l) => l.split(',').slice(0, 3).join(',')));
    expect(who).toEqual(new Set(['1,reno,ff96', '2,newreno,rfc']));
    expect(new Set(lines.slice(1).map((l) => l.split(',')[4]))).toEqual(new Set(['1']));
    const plain = compareCsv(
      [
        { trace: reno, name: 'reno' },
        { trace: newreno, name: 'newreno' },
      ],
      'router',
    );
    expect(plain.split('\n')[1]).toMatch(/^1,reno,,/);
  });

  it('the router rows are the shown router’s: A1 on sctp-failover, A0 for none or a name it lacks', () => {
    const failover = traceOf('preset=sctp-failover');
    const own = runCsv(failover, 'router');
    const a1 = runCsv(failover, 'router', 'A1');
    expect(runCsv(failover, 'router', 'A0')).toBe(own);
    expect(runCsv(failover, 'router', 'Z9')).toBe(own);
    expect(a1).not.toBe(own);
    // A1's first row: the failover's retransmission of packet 1098 arriving (flow 1, retx 1).
    expect(a1.split('\n')[1]).toMatch(/^5\.38\d*,arrive,1,1098,1,,$/);
    expect(own.split('\n')[1]).toMatch(/,arrive,1,1,0,,$/);
    // Compare mode: every run's rows at the router shown.
    const both = compareCsv([{ trace: failover, name: 'sctp' }], 'router', 'A1').split('\n');
    expect(both.slice(1)).toEqual(
      a1
        .split('\n')
        .slice(1)
        .map((l) => (l ? `1,sctp,,${l}` : l)),
    );
  });
});

describe('compare pcap', () => {
  it('one pcap per run in one zip, each named with its place and run, bytes as the one-run export', () => {
    const q = parseScenarioQuery('preset=ff-1-drops&sender=reno');
    if (!q.ok) throw new Error('query');
    const runs = runsFor(q.scenario, ['reno', 'newreno@rfc']).map((r) => ({
      trace: runScenario(r.scenario).trace,
      scenario: r.scenario,
      name: r.sender,
    }));
    const zip = comparePcapZip(runs, 'ackclock-ff-1-drops');
    expect(zip.name).toBe('ackclock-ff-1-drops-compare-R1.zip');
    const files = unzipSync(zip.bytes);
    expect(Object.keys(files)).toEqual([
      'ackclock-ff-1-drops-1-reno-ff96-R1.pcap',
      'ackclock-ff-1-drops-2-newreno-rfc-R1.pcap',
    ]);
    runs.forEach((r, k) => {
      const own = tracePcap(r.trace, buildSimConfig(r.scenario)).bytes;
      expect(Buffer.compare(Buffer.from(Object.values(files)[k]!), Buffer.from(own))).toBe(0);
    });
  });
});
