#!/usr/bin/env node
// Regenerate the ns-3.37 fixtures (tests/fixtures/ns3-*/<name>.json) from scripts/ns3/cases.mjs.
//
//   node scripts/ns3/regen.mjs                  build oracle.cc, run every case, write the files
//   node scripts/ns3/regen.mjs --only bbr-5m    only the cases whose name contains the text
//   node scripts/ns3/regen.mjs --check          rerun and require byte-identical files
//
// Needs Debian's libns3-dev (ns-3.37) and g++; the project's build and tests never do.
import { execFileSync } from 'node:child_process';
import { CASES } from './cases.mjs';
import { buildOracle, finish, regenArgs, writeOrCheck } from './regen-lib.mjs';

const LIBS = ['core', 'network', 'internet', 'applications', 'traffic-control', 'bridge', 'stats'];
const { check, only } = regenArgs();
const bin = buildOracle('oracle.cc', LIBS);

let failed = 0;
for (const c of CASES) {
  if (only && !c.name.includes(only)) continue;
  const args = Object.entries({ ...c.args, name: c.name, about: c.about, query: c.query })
    .filter(([, v]) => v !== '' && v !== undefined)
    .map(([k, v]) => `--${k}=${v}`);
  const out = execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (!writeOrCheck(`${c.set}/${c.name}.json`, out, check)) failed++;
}
finish(failed);
