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
import { WIFI_CASES } from './wifi-cases.mjs';
import { buildOracle, finish, regenArgs, writeOrCheck } from './regen-lib.mjs';

const LIBS = ['core', 'network', 'internet', 'applications', 'wifi', 'mobility', 'propagation'];
const { check, only } = regenArgs();
const bin = buildOracle('wifi-oracle.cc', LIBS);

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
  if (!writeOrCheck(`ns3-wifi/${c.name}.json`, out, check)) failed++;
}
finish(failed);
