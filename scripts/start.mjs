// `npm start`: check the toolchain, install dependencies if missing or stale, then serve the
// app with Vite's dev server on http://127.0.0.1:5173/ (or the next free port when 5173 is taken)
// in this process (Ctrl-C stops it).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const HOST = '127.0.0.1';
const PORT = 5173;
const NEED_NODE = 20;
const NEED_NPM = 9;

const major = (v) => Number.parseInt(String(v).split('.')[0] ?? '', 10);

function checkToolchain() {
  const missing = [];
  if (!(major(process.versions.node) >= NEED_NODE)) {
    missing.push(`Node.js >= ${NEED_NODE} is required (found ${process.versions.node}).`);
  }
  const npm = spawnSync('npm', ['--version'], { encoding: 'utf8', cwd: root });
  const npmVersion = npm.status === 0 ? npm.stdout.trim() : '';
  if (!npmVersion) missing.push(`npm >= ${NEED_NPM} is required (npm not found on PATH).`);
  else if (!(major(npmVersion) >= NEED_NPM)) {
    missing.push(`npm >= ${NEED_NPM} is required (found ${npmVersion}).`);
  }
  if (missing.length > 0) {
    for (const line of missing) console.error(`ackclock: ${line}`);
    process.exit(2);
  }
}

// npm writes node_modules/.package-lock.json after every install; if package-lock.json is
// newer than that, the installed tree is out of date.
function installReason() {
  const hidden = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(hidden) || !existsSync(join(root, 'node_modules', 'vite'))) {
    return 'node_modules is missing';
  }
  const lock = join(root, 'package-lock.json');
  if (existsSync(lock) && statSync(lock).mtimeMs > statSync(hidden).mtimeMs) {
    return 'package-lock.json is newer than node_modules';
  }
  return null;
}

checkToolchain();
const reason = installReason();
if (reason) {
  console.log(`ackclock: ${reason}; installing dependencies with \`npm ci\`…`);
  const r = spawnSync('npm', ['ci'], { stdio: 'inherit', cwd: root });
  if (r.status !== 0) {
    console.error('ackclock: `npm ci` failed; see the output above.');
    process.exit(r.status ?? 1);
  }
}

async function serve() {
  const { createServer } = await import('vite');
  const server = await createServer({
    root,
    // Another server on 5173: take the next free port (and say which).
    server: { host: HOST, port: PORT, strictPort: false },
  });
  await server.listen();
  server.printUrls();
  const url = server.resolvedUrls?.local[0] ?? `http://${HOST}:${server.config.server.port}/`;
  const moved = new URL(url).port !== String(PORT) ? ` (port ${PORT} was busy)` : '';
  console.log(`\nackclock is running at ${url}${moved} (Ctrl-C to stop)`);
}

serve().catch((err) => {
  console.error(`ackclock: could not start the dev server: ${err?.message ?? err}`);
  process.exit(1);
});
