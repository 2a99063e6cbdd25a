#!/usr/bin/env node
/**
 * Import cycles in src/: the strongly connected components (Tarjan) of the graph whose nodes
 * are the .ts/.tsx files and whose edges are their relative imports and re-exports — `import
 * type` and `import('…')` type expressions included, since a type-level circle ties files
 * together as much as a run-time one. Bare package imports are left out.
 *
 * `node scripts/import-cycles.mjs` prints every component with more than one file (largest
 * first) and exits 1 if one has more than 2 files; tests/engine/import-cycles.test.ts keeps it
 * so ("no circle larger than a sender ↔ variant pair").
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx'];

/** Every .ts/.tsx file under `dir` (absolute paths, sorted). */
function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (EXTENSIONS.some((e) => name.endsWith(e)) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

/** The file a relative specifier names: x.ts, x.tsx, x/index.ts(x); null when none exists. */
function resolveImport(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec.replace(/\.(m?js|tsx?)$/, ''));
  for (const c of [
    ...EXTENSIONS.map((e) => base + e),
    ...EXTENSIONS.map((e) => join(base, 'index' + e)),
  ])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** path (relative to root) → the paths it imports, over every source file under root/src. */
export function importGraph(root) {
  const files = sourceFiles(join(root, 'src'));
  const graph = new Map();
  for (const f of files) {
    const info = ts.preProcessFile(readFileSync(f, 'utf8'), true, true);
    const deps = new Set();
    for (const i of info.importedFiles) {
      const r = resolveImport(f, i.fileName);
      if (r) deps.add(relative(root, r));
    }
    graph.set(relative(root, f), [...deps].sort());
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file, largest first. */
export function importCycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const comp = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        comp.push(w);
      } while (w !== v);
      if (comp.length > 1) out.push(comp.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  const cycles = importCycles(importGraph(root));
  for (const c of cycles) console.log(`${c.length} files:\n  ${c.join('\n  ')}`);
  if (cycles.length === 0) console.log('no import cycles');
  process.exit(cycles.some((c) => c.length > 2) ? 1 : 0);
}
