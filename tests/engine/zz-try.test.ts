import { it } from 'vitest';
import { decisionsOf, run } from '../../src/engine';
import { explainDecision } from '../../src/trace/explain';
import { fallFloydConfig } from '../../tests/helpers/fall-floyd';
it('try', () => {
  for (const drops of [[14], [14, 15, 16], [14, 15, 17, 19]]) {
    const cfg = fallFloydConfig('sack', drops, { flow: { recovery: 'prr' } });
    const t = run(cfg);
    console.log('drops', drops, 'prr rows', t.prr?.length);
    for (const d of decisionsOf(t)) {
      if (d.time < 1.6 || d.time > 3.2) continue;
      console.log(d.time.toFixed(4), d.code, 'cwnd', d.after.cwnd, 'pipe', d.after.pipe, d.packets.join(','), '|', explainDecision(d, t).slice(0, 400));
    }
  }
});
