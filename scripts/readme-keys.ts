// `npm run readme:keys`: writes the URL key tables of README.md (users) and
// src/scenarios/README.md (developers) from the key registry (src/scenarios/fields-*.ts), between
// their `url-keys` marker comments. `--check` only reports whether both are current (exit 1 when
// one is stale). tests/scenarios/key-tables.test.ts fails when one is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withKeyTable, type KeyTableAudience } from '../src/scenarios/key-tables';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const files: [string, KeyTableAudience][] = [
  ['README.md', 'user'],
  ['src/scenarios/README.md', 'dev'],
];
let stale = false;
for (const [file, audience] of files) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withKeyTable(before, audience);
  if (after === before) {
    process.stdout.write(`${file}: URL key table current\n`);
  } else if (check) {
    process.stderr.write(`${file}: the URL key table is stale: npm run readme:keys\n`);
    stale = true;
  } else {
    writeFileSync(path, after);
    process.stdout.write(`${file}: URL key table written\n`);
  }
}
if (stale) process.exit(1);
