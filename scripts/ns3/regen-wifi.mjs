#!/usr/bin/env node
// Regenerate the ns-3.37 wifi fixtures (tests/fixtures/ns3-wifi/<name>.json) from
// scripts/ns3/wifi-cases.mjs with wifi-oracle.cc.
//
//   node scripts/ns3/regen-wifi.mjs               build, run every case, write the files
//   node scripts/ns3/regen-wifi.mjs --only udp-g  only the cases whose name contains the text
//   node scripts/ns3/regen-wifi.mjs --check       rerun and require byte-identical files
//
// Needs Debian's libns3-dev (ns-3.37) and g++; the project's build and tests never do.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WIFI_CASES } from './wifi-cases.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');
const LIBS = ['core', 'network', 'internet', 'applications', 'wifi', 'mobility', 'propagation'];

const argv = process.argv.slice(2);
const check = argv.includes('--check');
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : null;

const bin = join(mkdtempSync(join(tmpdir(), 'ns3-wifi-')), 'wifi-oracle');
console.error(`building ${bin}`);
execFileSync(
  'g++',
  ['-O1', '-std=c++17', join(here, 'wifi-oracle.cc'), '-o', bin, ...LIBS.map((l) => `-lns3-${l}`)],
  { stdio: 'inherit' },
);

/** The fixture's text: the oracle's JSON with the case's name, text and query first. */
function fixtureText(raw, c) {
  const { name: _n, about: _a, query: _q, ...rest } = JSON.parse(raw);
  return JSON.stringify({ name: c.name, about: c.about, query: c.query, ...rest }, null, 2) + '\n';
}

let failed = 0;
for (const c of WIFI_CASES) {
  if (only && !c.name.includes(only)) continue;
  // (name, about and query are written here: ns-3's CommandLine cuts values at spaces)
  const args = Object.entries({ ...c.args, name: c.name })
    .filter(([, v]) => v !== '' && v !== undefined)
    .map(([k, v]) => `--${k}=${v}`);
  const out = fixtureText(execFileSync(bin, args, { encoding: 'utf8', maxBuffer: 16 << 20 }), c);
  const file = join(root, 'tests', 'fixtures', 'ns3-wifi', `${c.name}.json`);
  if (check) {
    const same = existsSync(file) && readFileSync(file, 'utf8') === out;
    if (!same) failed++;
    console.error(`${same ? 'same' : 'DIFFERS'} ns3-wifi/${c.name}`);
  } else {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, out);
    console.error(`wrote ns3-wifi/${c.name}.json`);
  }
}
if (failed) {
  console.error(`${failed} fixture(s) differ`);
  process.exit(1);
}
