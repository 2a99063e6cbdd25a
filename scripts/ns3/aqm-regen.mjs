#!/usr/bin/env node
// Regenerate the ns-3.37 AQM fixtures (tests/fixtures/ns3-aqm/<name>.json) from aqm-cases.mjs.
//
//   node scripts/ns3/aqm-regen.mjs                  build aqm-oracle.cc, run every case, write the files
//   node scripts/ns3/aqm-regen.mjs --only codel       only the cases whose name contains the text
//   node scripts/ns3/aqm-regen.mjs --check          rerun and require byte-identical files
//
// Needs Debian's libns3-dev (ns-3.37) and g++; the project's build and tests never do.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES } from './aqm-cases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const LIBS = ['core', 'network', 'internet', 'applications', 'traffic-control', 'bridge', 'stats'];

const argv = process.argv.slice(2);
const check = argv.includes('--check');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;

const bin = join(mkdtempSync(join(tmpdir(), 'ns3-aqm-oracle-')), 'aqm-oracle');
console.error(`building ${bin}`);
execFileSync(
  'g++',
  ['-O1', '-std=c++17', join(here, 'aqm-oracle.cc'), '-o', bin, ...LIBS.map((l) => `-lns3-${l}`)],
  { stdio: 'inherit' },
);

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
  const file = join(root, 'tests', 'fixtures', c.set, `${c.name}.json`);
  if (check) {
    const same = existsSync(file) && readFileSync(file, 'utf8') === out;
    if (!same) failed++;
    console.error(`${same ? 'same' : 'DIFFERS'} ${c.set}/${c.name}`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out);
    console.error(`wrote ${c.set}/${c.name}.json (${(out.length / 1024).toFixed(0)} kB)`);
  }
}
if (failed) {
  console.error(`${failed} fixture(s) differ`);
  process.exit(1);
}
