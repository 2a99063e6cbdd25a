/**
 * The CLI runs the app's own links: view keys (e, t, theme, …) are accepted and ignored without
 * a warning, a whole copied link works, a repeated view key is an error like a repeated
 * scenario key, and a run over the budget is refused with its estimate.
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
      /^sim: invalid scenario: stop: this run would simulate about [\d,]+ packet events \([\d,]+ data packets; about \d+ s of CPU, [\d,]+ MB in the page\); the limit is 8,000,000 packet events \(about 8 s of CPU, 900 MB in the page\): lower stop \(to at most \d+ s\), bw or window\n$/,
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
