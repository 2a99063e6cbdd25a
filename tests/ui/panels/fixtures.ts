/**
 * Real traces for the panel tests: the Fall & Floyd (1996) topology S1 → R1 → K1 with a
 * 800 kb/s, 100 ms bottleneck and an 8-packet drop-tail queue at R1.
 */
import { run, type SenderId, type SimConfig, type Trace } from '../../../src/engine';
import { fallFloydConfig as sharedFallFloydConfig } from '../../helpers/fall-floyd';

export function fallFloydConfig(
  sender: SenderId = 'reno',
  drops: number[] = [15, 27, 29],
  stopS = 6,
): SimConfig {
  return sharedFallFloydConfig(sender, drops, { stopS });
}

const cache = new Map<string, Trace>();

/** A (cached) trace of the Fall & Floyd scenario. */
export function fallFloydTrace(
  sender: SenderId = 'reno',
  drops: number[] = [15, 27, 29],
  stopS = 6,
): Trace {
  const key = `${sender}:${drops.join(',')}:${stopS}`;
  let t = cache.get(key);
  if (!t) {
    t = run(fallFloydConfig(sender, drops, stopS));
    cache.set(key, t);
  }
  return t;
}

/** Reno with the three scripted drops 15, 27, 29 (the classic Fall & Floyd figure). */
export const renoThreeDrops = (): Trace => fallFloydTrace('reno', [15, 27, 29]);
/** Reno without scripted drops: slow start overflows the 8-packet queue. */
export const renoNoDrops = (): Trace => fallFloydTrace('reno', []);

/** Count trace events matching a predicate. */
export function countEvents(trace: Trace, pred: (i: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < trace.packets.length; i++) if (pred(i)) n++;
  return n;
}
