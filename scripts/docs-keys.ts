/**
 * `npm run docs:keys`: write the URL key tables of README.md (users) and src/scenarios/README.md
 * (developers) from the key registry (src/scenarios/fields-*.ts), between their
 * `<!-- keys:begin … -->` and `<!-- keys:end -->` comments. Prints which files changed.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withKeyTable, type KeyTableAudience } from '../src/scenarios/key-tables';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files: [string, KeyTableAudience][] = [
  ['README.md', 'user'],
  ['src/scenarios/README.md', 'dev'],
];
for (const [file, audience] of files) {
  const path = join(root, file);
  const before = readFileSync(path, 'utf8');
  const after = withKeyTable(before, audience);
  if (after !== before) writeFileSync(path, after);
  console.log(`${file}: ${after === before ? 'up to date' : 'key table written'}`);
}
