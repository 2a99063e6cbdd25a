#!/usr/bin/env node
// Regenerate the ns-3.37 AQM fixtures (tests/fixtures/ns3-aqm/<name>.json) from aqm-cases.mjs.
//
//   node scripts/ns3/aqm-regen.mjs                  build aqm-oracle.cc, run every case, write the files
//   node scripts/ns3/aqm-regen.mjs --only codel       only the cases whose name contains the text
//   node scripts/ns3/aqm-regen.mjs --check          rerun and require byte-identical files
//
// Needs Debian's libns3-dev (ns-3.37) and g++; the project's build and tests never do.
import { execFileSync } from 'node:child_process';
import { CASES } from './aqm-cases.mjs';
import { buildOracle, finish, regenArgs, writeOrCheck } from './regen-lib.mjs';

const LIBS = ['core', 'network', 'internet', 'applications', 'traffic-control', 'bridge', 'stats'];
const { check, only } = regenArgs();
const bin = buildOracle('aqm-oracle.cc', LIBS);

let failed = 0;
for (const c of CASES) {
  if (only && !c.name.includes(only)) continue;
  const args = Object.entries({ ...c.args, name: c.name, about: c.about, query: c.query })
    .filter(([, v]) => v !== '' && v !== undefined)
    .map(([k, v]) => `--${k}=${v}`);
  // ns-3's CommandLine reads a string argument up to its first space: the fixture's `about`
  // is written here instead.
  const out = execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 64 << 20 }).replace(
    /^"about":".*",$/m,
    `"about":${JSON.stringify(c.about)},`,
  );
  if (!writeOrCheck(`${c.set}/${c.name}.json`, out, check)) failed++;
}
finish(failed);
