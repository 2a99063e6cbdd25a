// `npm ci` / `npm install` (the `prepare` script): puts the CLI in node_modules/.bin as
// `ackclock`, so `npx ackclock …` in the project runs it the way `npx tsc` runs TypeScript.
//
// Why not package.json's `bin`: npm exec, given the name of a bin of the project it runs in,
// treats it as a package to install (it loads the whole dependency tree and sets the project up
// in its npx cache: 1.3 CPU s per call, measured), while a file already in node_modules/.bin is
// run directly. npm links the bins of dependencies only, never the project's own, hence this.
import { chmodSync, lstatSync, mkdirSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './sim-bundle.mjs';

/** Create (or replace) node_modules/.bin/ackclock under root; returns its path. */
export function linkBin(root = ROOT, platform = process.platform) {
  const binDir = join(root, 'node_modules', '.bin');
  const target = join(root, 'scripts', 'sim.mjs');
  mkdirSync(binDir, { recursive: true });
  chmodSync(target, 0o755);
  if (platform === 'win32') {
    const shim = join(binDir, 'ackclock.cmd');
    writeFileSync(shim, '@node "%~dp0\\..\\..\\scripts\\sim.mjs" %*\r\n');
    return shim;
  }
  const link = join(binDir, 'ackclock');
  try {
    if (lstatSync(link)) unlinkSync(link);
  } catch {
    // nothing there yet
  }
  symlinkSync(relative(binDir, target), link);
  return link;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) linkBin();
