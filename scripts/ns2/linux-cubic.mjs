#!/usr/bin/env node
// Turn the output of scripts/ns2/linux-cubic.tcl into the fixture CSV of tests/fixtures/ns2-cubic/:
//   kind,time,value   kind C = cwnd_ (packets), S = ssthresh_, D = dropped packet (1-based),
//                     A = highest cumulative ACK (1-based packets), time in s to 1 µs.
// Usage: ns scripts/ns2/linux-cubic.tcl | node scripts/ns2/linux-cubic.mjs | gzip -9n > out.csv.gz
import { createInterface } from 'node:readline';

const rl = createInterface({ input: process.stdin });
process.stdout.write('kind,time,value\n');
for await (const line of rl) {
  const m = /^([CSDA]) (\S+) (\S+)$/.exec(line);
  if (!m) continue; // ns-2's own chatter ("cmd select_ca cubic")
  const [, kind, t, v] = m;
  process.stdout.write(`${kind},${Number(t).toFixed(6)},${Math.round(Number(v))}\n`);
}
