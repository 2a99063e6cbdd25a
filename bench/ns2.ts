/**
 * The ns-2.35 side of the bench: bench/ns2/long-run.tcl (the same long scenario, no trace
 * output) as one `ns` process per run. CPU time is the process's user + system time as bash's
 * `time` reports it (getrusage of the child, millisecond resolution), start-up included.
 */
import { spawnSync } from 'node:child_process';

const SCRIPT = 'bench/ns2/long-run.tcl';

/** True when `ns` and bash are on the PATH. */
export function ns2Available(): boolean {
  return spawnSync('bash', ['-c', 'command -v ns'], { encoding: 'utf8' }).status === 0;
}

export interface Ns2Run {
  dataPackets: number;
  cpuS: number;
}

/** One `ns long-run.tcl variant=sack stop=… loss=… seed=… window=28` process. */
export function ns2Run(opts: { stop: number; loss: number; seed: number }): Ns2Run {
  const args = [
    `variant=sack`,
    `stop=${opts.stop}`,
    `loss=${opts.loss}`,
    `seed=${opts.seed}`,
    'window=28',
  ];
  const r = spawnSync(
    'bash',
    ['-c', 'TIMEFORMAT="ns2-cpu %3U %3S"; time ns "$@"', 'bash', SCRIPT, ...args],
    { encoding: 'utf8' },
  );
  const packets = /packets_sent (\d+)/.exec(r.stdout ?? '');
  const cpu = /ns2-cpu ([\d.]+) ([\d.]+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || !packets || !cpu) {
    throw new Error(`ns ${SCRIPT} ${args.join(' ')} failed (exit ${r.status}): ${r.stderr}`);
  }
  return { dataPackets: Number(packets[1]), cpuS: Number(cpu[1]) + Number(cpu[2]) };
}
