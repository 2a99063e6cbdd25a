#!/usr/bin/env node
// `npm run sim`: runs the pre-built bundle of src/cli/sim.ts in this process, building it first
// when it is missing or older than src/ (scripts/sim-bundle.mjs). Same arguments, output and
// exit codes as `tsx src/cli/sim.ts`.
import { pathToFileURL } from 'node:url';
import { ensureBundle } from './sim-bundle.mjs';

let bundle;
try {
  bundle = await ensureBundle();
} catch (err) {
  process.stderr.write(`sim: could not build the CLI bundle: ${err?.message ?? err}\n`);
  process.exit(1);
}
await import(pathToFileURL(bundle).href);
