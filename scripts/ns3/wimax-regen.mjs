#!/usr/bin/env node
// Regenerate tests/fixtures/ns3-wimax/runs.json: ns-3.37's wimax module (scripts/ns3/wimax.cc)
// on one cell, UDP + CBR, the runs below. Mapping and tolerances: tests/fixtures/ns3-wimax/README.md.
//
//   node scripts/ns3/wimax-regen.mjs           build wimax.cc, run every case, write the file
//   node scripts/ns3/wimax-regen.mjs --check   rerun and require a byte-identical file
//
// Needs Debian's libns3-dev (ns-3.37) and g++; the project's build and tests never do.
import { execFileSync } from 'node:child_process';
import { buildOracle, finish, regenArgs, writeOrCheck } from './regen-lib.mjs';

const LIBS = ['core', 'network', 'internet', 'applications', 'wimax'];

/**
 * Every run: traffic from 6 s (after every station has ranged, registered and set up its
 * service flow), counted from 7 s to 10 s. ns-3's own PHY timing: its 10 ms frame and its
 * 1/36000 s symbol (it keeps them whatever bandwidth or frame duration is set on the PHY).
 * `sat` runs are above the knee where ns-3's downlink stops delivering (README).
 */
const COMMON = { start: 6, warmup: 7, stop: 10, bandwidth: 0, frame: 0 };
const CASES = [
  { name: 'dl-1-200', args: { stations: 1, dir: 'dl', pps: 200, size: 1472 } },
  { name: 'dl-1-500', args: { stations: 1, dir: 'dl', pps: 500, size: 1472 } },
  { name: 'dl-1-750', args: { stations: 1, dir: 'dl', pps: 750, size: 1472 } },
  { name: 'dl-5-60', args: { stations: 5, dir: 'dl', pps: 60, size: 1472 } },
  { name: 'dl-10-50-voip', args: { stations: 10, dir: 'dl', pps: 50, size: 20 } },
  { name: 'ul-1-200', args: { stations: 1, dir: 'ul', pps: 200, size: 1472 } },
  { name: 'ul-5-60', args: { stations: 5, dir: 'ul', pps: 60, size: 1472 } },
  { name: 'sat-dl-1-800', args: { stations: 1, dir: 'dl', pps: 800, size: 1472 } },
  { name: 'sat-ul-1-600', args: { stations: 1, dir: 'ul', pps: 600, size: 1472 } },
];

const { check } = regenArgs();
const bin = buildOracle('wimax.cc', LIBS);
const runs = CASES.map((c) => {
  const args = Object.entries({ ...COMMON, ...c.args }).map(([k, v]) => `--${k}=${v}`);
  const out = execFileSync(bin, args, { encoding: 'utf8' });
  console.error(`ran ${c.name}`);
  return { name: c.name, ...JSON.parse(out) };
});
const text = `${JSON.stringify({ generator: 'scripts/ns3/wimax.cc (ns-3.37)', runs }, null, 1)}\n`;
finish(writeOrCheck('ns3-wimax/runs.json', text, check) ? 0 : 1);
