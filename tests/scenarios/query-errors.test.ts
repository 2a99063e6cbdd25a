/** The URL codec's error messages: each names the key (as typed) and the allowed range. */
import { describe, expect, it } from 'vitest';
import {
  parseScenarioQuery,
  readScenarioQuery,
  type ParseResult,
  type Scenario,
  type ScenarioError,
} from '../../src/scenarios';

function ok(qs: string): { scenario: Scenario; warnings: string[] } {
  const r = parseScenarioQuery(qs);
  if (!r.ok) throw new Error(`expected ok for ${qs}: ${JSON.stringify(r.errors)}`);
  return r;
}

function errors(qs: string): ScenarioError[] {
  const r: ParseResult = parseScenarioQuery(qs);
  if (r.ok) throw new Error(`expected errors for ${qs}`);
  return r.errors;
}

describe('error messages name the key and the allowed range', () => {
  it.each([
    ['drops=0', 'drops: packet 0 is out of range 1–100000'],
    ['drops=100001', 'drops: packet 100001 is out of range 1–100000'],
    ['drops=1000000000', 'drops: packet 1000000000 is out of range 1–100000'],
    ['drops=15:0', 'drops: transmission 0 of packet 15 is out of range 1–100'],
    ['drops=15:101', 'drops: transmission 101 of packet 15 is out of range 1–100'],
    [
      'drops=abc',
      'drops: "abc" is not a packet number (write p or p:k, e.g. 15 or 15:2 for its 2nd transmission)',
    ],
    [
      'drops=-3',
      'drops: "-3" is not a packet number (write p or p:k, e.g. 15 or 15:2 for its 2nd transmission)',
    ],
    [
      'drops=15,,29',
      'drops: entry 2 is empty (write packet numbers separated by commas, e.g. 15,27,29)',
    ],
    ['loss=abc', 'loss: must be a number between 0 and 0.5 (probability), got "abc"'],
    ['loss=0.7', 'loss: must be a number between 0 and 0.5 (probability), got "0.7"'],
    ['loss=-0.1', 'loss: must be a number between 0 and 0.5 (probability), got "-0.1"'],
    ['loss=', 'loss: must be a number between 0 and 0.5 (probability), got ""'],
    ['loss=Infinity', 'loss: must be a number between 0 and 0.5 (probability), got "Infinity"'],
    ['loss=0x1', 'loss: must be a number between 0 and 0.5 (probability), got "0x1"'],
    ['seed=-1', 'seed: must be a whole number between 0 and 4294967295, got "-1"'],
    ['seed=1.5', 'seed: must be a whole number between 0 and 4294967295, got "1.5"'],
    ['bw=999', 'bw: must be a number between 1000 and 1e10 (bit/s), got "999"'],
    ['bw=2e10', 'bw: must be a number between 1000 and 1e10 (bit/s), got "2e10"'],
    ['delay=11', 'delay: must be a number between 0 and 10 (s), got "11"'],
    ['queue=1', 'queue: must be a whole number between 2 and 10000 (packets), got "1"'],
    ['queue=1.5', 'queue: must be a whole number between 2 and 10000 (packets), got "1.5"'],
    ['window=0', 'window: must be a whole number between 1 and 10000 (packets), got "0"'],
    ['mss=10', 'mss: must be a whole number between 64 and 9000 (bytes), got "10"'],
    ['stop=2001', 'stop: must be a number between 0.1 and 2000 (s), got "2001"'],
    ['stop=0.5', 'stop: must be later than the start at 1 s, got 0.5'],
    [
      'maxburst=-1',
      'maxburst: must be a whole number between 0 and 1000 (packets) or auto, got "-1"',
    ],
    ['bugfix=yes', 'bugfix: must be 0 or 1, got "yes"'],
    ['bugfix=2', 'bugfix: must be 0 or 1, got "2"'],
    ['icwnd=0', 'icwnd: must be a whole number between 1 and 100 (packets) or auto, got "0"'],
    ['frtx=0', 'frtx: must be a whole number between 1 and 20 (dupacks) or auto, got "0"'],
    ['handshake=true', 'handshake: must be 0 or 1, got "true"'],
    ['delack=', 'delack: must be 0 or 1, got ""'],
    ['v=3', 'v: unsupported version "3"; this app reads versions 1 and 2'],
    ['v=0', 'v: unsupported version "0"; this app reads versions 1 and 2'],
    ['foo=1', 'unknown key "foo"'],
    ['Drops=15', 'unknown key "Drops"'],
    ['drops2=8', 'drops2: needs a second flow (set sender2 or flows)'],
    ['n=4', 'n: preset ff-3-drops has no sizes; leave n out'],
    [
      'flows=reno,westwood',
      'flows: unknown sender "westwood"; each must be one of tahoe, reno, newreno, sack, fack, cubic, vegas, bbr, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960, udp',
    ],
    ['start=-1', 'start: must be a number between 0 and 2000 (s), got "-1"'],
    ['rwnd=1000', 'rwnd: must be a whole number between 1500 and 1e8 (bytes) or auto, got "1000"'],
    ['profile=ns3', 'profile: unknown profile "ns3"; must be one of ff96, ns2, rfc'],
    ['f2.mss=1448', 'f2.mss: there is no flow 2; the scenario has 1 flow (list them with flows=)'],
    ['f1.mss=10', 'f1.mss: must be a whole number between 64 and 9000 (bytes), got "10"'],
    [
      'f0.mss=1448',
      'unknown key "f0.mss": a flow key is f<k>.<key> with k from 1 and key one of sender, drops, start, window, rwnd, mss, maxburst, bugfix, icwnd, frtx, handshake, delack, profile, pacing, recovery, ecn, app, bytes, size, pps, on, off, rate, hold, gap, talk, silence, frame, shape, think, reverse, pmr, amr, rtomin, rtomax, rtoinit, hb, primary, cmt, streams, unordered, pr',
    ],
    [
      'f1.seed=3',
      'unknown key "f1.seed": a flow key is f<k>.<key> with k from 1 and key one of sender, drops, start, window, rwnd, mss, maxburst, bugfix, icwnd, frtx, handshake, delack, profile, pacing, recovery, ecn, app, bytes, size, pps, on, off, rate, hold, gap, talk, silence, frame, shape, think, reverse, pmr, amr, rtomin, rtomax, rtoinit, hb, primary, cmt, streams, unordered, pr',
    ],
    [
      'sender2=westwood',
      'sender2: unknown sender "westwood"; must be one of tahoe, reno, newreno, sack, fack, cubic, vegas, bbr, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960, udp',
    ],
    [
      'sender=westwood',
      'sender: unknown sender "westwood"; must be one of tahoe, reno, newreno, sack, fack, cubic, vegas, bbr, sctp-2960, sctp-newreno, sctp-newreno-ca, sctp-4960, udp',
    ],
    [
      'preset=nope',
      /^preset: unknown preset "nope"; must be one of the \d+ preset ids \(fall-floyd, ff-0-drops, ff-1-drops, ff-2-drops, …\)$/,
    ],
  ] as const)('%s', (qs, expected) => {
    const errs = errors(qs);
    expect(errs).toHaveLength(1);
    if (typeof expected === 'string') expect(errs[0]!.message).toBe(expected);
    else expect(errs[0]!.message).toMatch(expected);
    const key = qs.split('=')[0]!;
    expect(errs[0]!.key).toBe(key);
  });

  it('a piece without a key name or with a badly encoded one is named as typed, never as ""', () => {
    expect(errors('=5')).toEqual([
      { key: '=5', message: '=5: no key name before "="; each piece of a link is key=value' },
    ]);
    expect(errors('=')).toEqual([
      { key: '=', message: '=: no key name before "="; each piece of a link is key=value' },
    ]);
    // a bad key is named as typed (not 'query', which means the whole link was refused)
    expect(errors('%zz=1')).toEqual([
      { key: '%zz', message: '%zz: malformed %-encoding in "%zz=1"' },
    ]);
    expect(errors('mss=%zz')).toEqual([
      { key: 'mss', message: 'mss: malformed %-encoding in "mss=%zz"' },
    ]);
    // the CLI's line names it too
    const r = readScenarioQuery('preset=ff-3-drops&=5&sender=sack');
    expect(r.scenario.flows[0]!.sender).toBe('sack');
    expect(r.badKeys).toEqual(['=5']);
  });

  it('the run budget: an estimate over 8,000,000 packet events is refused, naming what to lower', () => {
    expect(errors('bw=1e10&window=10000&stop=2000')).toEqual([
      {
        key: 'stop',
        message:
          'stop: this run would simulate about 19,594,033 packet events (2,113,128 data packets; about 20 s of CPU, 1,567 MB in the page); the limit is 8,000,000 packet events (about 8 s of CPU, 644 MB in the page): lower stop (to at most 810 s), bw or window',
      },
    ]);
    // The longest stop it suggests is accepted.
    expect(ok('bw=1e10&window=10000&stop=810').scenario.stop).toBe(810);
    // A fast bottleneck alone is not refused: the 8 Mb/s access link and the 28-packet window
    // bound the run (the old stop · bw estimate refused this one).
    expect(ok('bw=1e10&stop=2000').scenario.bw).toBe(1e10);
  });

  it('the run budget: an application whose offers alone pass 8,000,000 scheduler events is refused, naming pps', () => {
    // Reno fed 100,000 packets/s over a 1 kb/s bottleneck sends 83 packets in 400 s, but its
    // source's timer fires 40 M times: accepted before, then stopped by the engine's backstop.
    expect(errors('sender=reno&app=cbr&pps=100000&bw=1000&stop=400')).toEqual([
      {
        key: 'pps',
        message:
          "pps: this run would take about 39,900,578 scheduler events — its applications' offers, one timer event each, also when the transport only queues them — for 682 packet events (83 data packets; about 0.1 s of CPU, 1 MB in the page); the limit is 8,000,000 scheduler events: lower stop (to at most 80 s) or pps",
      },
    ]);
    // The longest stop it suggests is accepted.
    expect(ok('sender=reno&app=cbr&pps=100000&bw=1000&stop=80').scenario.stop).toBe(80);
  });

  it('the budget error names the key that made the run too long, and the other ways out', () => {
    // window=28 (the preset's) would fit: the error sits on window.
    const [e] = errors('preset=ff-1-drops&window=10000&bw=1e10&stop=100&mss=64');
    expect(e!.key).toBe('window');
    expect(e!.message).toMatch(/^window: this run would simulate about [\d,]+ packet events/);
    expect(e!.message).toMatch(/: lower stop \(to at most 84 s\), bw or window; or raise mss$/);
    const [two] = errors('preset=ff-1-drops&sender2=sack&window=10000&bw=1e10&stop=2000&mss=500');
    expect(two!.key).toBe('stop');
    expect(two!.message).toMatch(/bw or window; raise mss; or run fewer flows$/);
  });

  it('the budget error names a flow’s key (f2.window) or flows when the added flows made the run too long', () => {
    // Flow 2 alone is heavy: without it the run fits best, so the error sits on flows; its own
    // keys are offered as f2.window and f2.mss.
    expect(
      errors('preset=ff-1-drops&flows=reno,reno&f2.window=10000&bw=1e10&stop=100&f2.mss=64'),
    ).toEqual([
      {
        key: 'flows',
        message:
          'flows: this run would simulate about 9,660,531 packet events (1,039,525 data packets; about 9.7 s of CPU, 773 MB in the page); the limit is 8,000,000 packet events (about 8 s of CPU, 644 MB in the page): lower stop (to at most 83 s), bw or f2.window; raise f2.mss; or run fewer flows',
      },
    ]);
    // The preset's two flows (no flow added): flow 2's window, named f2.window
    const [w] = errors('preset=geo-segment-8&f2.window=10000&bw=1e10&f2.mss=64&stop=100');
    expect(w!.key).toBe('f2.window');
    expect(w!.message).toMatch(/^f2\.window: this run would simulate about [\d,]+ packet events/);
    // 128 flows of the preset's defaults at 10 Gb/s: the bottleneck's default (800 kb/s) lowers
    // the run most — to what the link carries — though one flow would also fit
    const many = errors(
      `preset=fall-floyd&flows=${Array(128).fill('sack').join(',')}&bw=1e10&stop=200`,
    );
    expect(many.map((e) => e.key)).toEqual(['bw']);
    expect(many[0]!.message).toMatch(/: lower stop \(to at most 44 s\) or bw; or run fewer flows$/);
  });

  it('a clash between two names of one key is an error naming the key typed second', () => {
    expect(errors('preset=fall-floyd&sender=reno&f1.sender=sack')).toEqual([
      { key: 'f1.sender', message: "f1.sender: sender is flow 1's already; give one of them" },
    ]);
    expect(errors('preset=fall-floyd&drops=3&f1.drops=4')).toEqual([
      { key: 'f1.drops', message: "f1.drops: drops is flow 1's already; give one of them" },
    ]);
    expect(errors('preset=fall-floyd&flows=reno,sack&sender2=tahoe')).toEqual([
      { key: 'sender2', message: 'sender2: a version 1 key; with flows= give flow 2 as f2.sender' },
    ]);
    expect(errors('preset=fall-floyd&sender2=sack&f2.sender=tahoe')).toEqual([
      {
        key: 'f2.sender',
        message: "f2.sender: flow 2's sender is given by sender2 already; give one of them",
      },
    ]);
    expect(errors('preset=geo-segment-8&drops2=3&f2.drops=4')).toEqual([
      { key: 'drops2', message: 'drops2: a version 1 key; give f2.drops only' },
    ]);
  });

  it('stop must follow every flow’s start, naming the latest flow', () => {
    expect(errors('preset=fall-floyd&flows=reno,reno&f2.start=3&stop=2')).toEqual([
      { key: 'stop', message: 'stop: must be later than the start of flow 2 at 3 s, got 2' },
    ]);
    expect(ok('preset=fall-floyd&flows=reno,reno&f2.start=3&stop=4').scenario.stop).toBe(4);
  });

  it('reports every bad key at once, in query order, plus the unknown ones', () => {
    expect(errors('loss=2&foo=1&queue=0&preset=zzz').map((e) => e.key)).toEqual([
      'foo',
      'preset',
      'loss',
      'queue',
    ]);
  });

  it('a repeated key is an error, even with the same value', () => {
    expect(errors('drops=15&drops=15')).toEqual([
      { key: 'drops', message: 'drops: given more than once; give each key once' },
    ]);
  });
});
