/**
 * The CLI runs the app's own links: view keys (e, t, theme, …) are accepted and ignored without
 * a warning, a whole copied link works, v2 links (flows=, f<k>.key) and v1 links (sender2,
 * drops2) alike, a repeated view key is an error like a repeated scenario key, and a run over
 * the budget is refused with its estimate.
 */
import { describe, expect, it } from 'vitest';
import { parseArgs, queryOfArg } from '../../src/cli/args';
import { runCli } from '../../src/cli/main';
import { VIEW_KEYS } from '../../src/scenarios';

const Q = 'preset=ff-1-drops&sender=reno';
/** A link as the app writes it (urlState.ts buildQuery): scenario keys, then view keys. */
const APP_VIEW =
  'compare=reno,sack&e=120&mod=40&units=bytes&theme=projector&panels=router,cwnd&zoom=1.5-3.2&predict=rto&pres=1';

describe('sim CLI and the app’s links', () => {
  it('accepts every view key the app writes, ignores it and warns about nothing', () => {
    const plain = runCli([Q]);
    const withView = runCli([`${Q}&${APP_VIEW}`]);
    expect(withView.code).toBe(0);
    expect(withView.stderr).toBe('');
    expect(withView.stdout).toBe(plain.stdout);
    // t= is the cursor's other form (the app writes e= or t=)
    const t = runCli([`${Q}&t=2.5`]);
    expect(t.code).toBe(0);
    expect(t.stdout).toBe(plain.stdout);
  });

  it('every name in VIEW_KEYS is accepted once', () => {
    for (const k of VIEW_KEYS) {
      const r = runCli([`${Q}&${k}=anything`]);
      expect(r.code, k).toBe(0);
      expect(r.stderr, k).toBe('');
    }
  });

  it('a repeated view key is an error naming it, as a repeated scenario key is', () => {
    const r = runCli([`${Q}&e=1&e=2`]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('sim: invalid scenario: e: given more than once; give each key once\n');
    const s = runCli([`${Q}&queue=5&queue=5`]);
    expect(s.stderr).toBe(
      'sim: invalid scenario: queue: given more than once; give each key once\n',
    );
  });

  it('runs a whole link copied from the address bar', () => {
    const link = `http://127.0.0.1:5173/?${Q}&e=3&theme=dark`;
    expect(queryOfArg(link)).toBe(`${Q}&e=3&theme=dark`);
    expect(queryOfArg('https://example.org/ackclock/?preset=ff-0-drops#top')).toBe(
      'preset=ff-0-drops',
    );
    expect(queryOfArg('http://127.0.0.1:5173/')).toBe('');
    expect(parseArgs([link])).toEqual({
      kind: 'run',
      options: { query: `${Q}&e=3&theme=dark`, out: 'summary', format: 'json' },
    });
    const r = runCli([link]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(runCli([Q]).stdout);
  });

  it('refuses a run over the budget with exit code 2, the estimate and what to lower', () => {
    const r = runCli(['preset=fall-floyd&sender=sack&bw=1e10&window=10000&stop=2000']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(
      /^sim: invalid scenario: stop: this run would simulate about [\d,]+ packet events \([\d,]+ data packets; about \d+ s of CPU, [\d,]+ MB in the page\); the limit is 8,000,000 packet events \(about 8 s of CPU, 644 MB in the page\): lower stop \(to at most \d+ s\), bw or window\n$/,
    );
  });

  it('runs a v2 link (flows=, f<k>. keys); its v1 form (sender2, drops2) gives the same output', () => {
    const v2 = runCli(['preset=fall-floyd&flows=reno,sack&f2.drops=8&stop=10']);
    expect(v2.code).toBe(0);
    expect(v2.stderr).toBe('');
    const s = JSON.parse(v2.stdout);
    expect(s.flows).toHaveLength(2);
    const v1 = runCli(['v=1&preset=fall-floyd&sender=reno&sender2=sack&drops2=8&stop=10']);
    expect(v1.code).toBe(0);
    expect(v1.stdout).toBe(v2.stdout);
  });

  it('names a flow’s bad key as typed, and a flow list over the budget by flows', () => {
    const r = runCli(['preset=fall-floyd&flows=reno,sack&f2.mss=10']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      'sim: invalid scenario: f2.mss: must be a whole number between 64 and 9000 (bytes), got "10"\n',
    );
    const many = runCli([
      // (window=10: with the preset's 28 the bottleneck's default bandwidth lowers the run most
      // and the error sits on bw)
      `preset=fall-floyd&flows=${Array.from({ length: 128 }, () => 'sack').join(',')}&bw=1e10&stop=200&window=10`,
    ]);
    expect(many.code).toBe(2);
    expect(many.stderr).toMatch(
      /^sim: invalid scenario: flows: this run would simulate about [\d,]+ packet events .*; or run fewer flows\n$/,
    );
  });

  it('the generated case of the issue now runs (its estimate is far under the limit)', () => {
    const r = runCli([
      'preset=caro-fig5-2-drops&sender=sctp-2960&sender2=tahoe&bw=1e7&mss=64&stop=60&icwnd=100',
    ]);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.flows).toHaveLength(2);
  });

  it('a sweep refuses a swept value whose run is over the budget, before any run', () => {
    const r = runCli([
      'preset=fall-floyd&sender=sack&bw=1e10&window=10000',
      '--sweep',
      'stop=10,2000',
    ]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^sim: invalid scenario \(stop=2000\): stop: this run would simulate/);
  });
});
