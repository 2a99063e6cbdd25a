/**
 * The Fall & Floyd setup (REFERENCE.md) as an engine config (tests/helpers/fall-floyd.ts), so
 * the trace tests depend only on the engine.
 */
import { run, type FlowConfig, type SenderId, type SimConfig, type Trace } from '../../src/engine';
import { fallFloydConfig } from '../helpers/fall-floyd';

export function fallFloyd(
  sender: SenderId,
  drops: number[],
  stopS = 6,
  flow: Partial<Omit<FlowConfig, 'id' | 'sender' | 'src' | 'dst'>> = {},
): SimConfig {
  return fallFloydConfig(sender, drops, { stopS, flow });
}

const cache = new Map<string, Trace>();

/** Run (once per test file) the fall-floyd scenario with these drops. */
export function fallFloydTrace(sender: SenderId, drops: number[]): Trace {
  const key = `${sender}:${drops.join(',')}`;
  let t = cache.get(key);
  if (!t) {
    t = run(fallFloyd(sender, drops));
    cache.set(key, t);
  }
  return t;
}
