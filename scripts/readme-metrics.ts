// `npm run readme:metrics`: writes the README's table of the `--out metrics` columns from the
// metric column registry (src/metrics/columns.ts), between its marker comments. `--check` only
// reports whether the README is current (exit 1 when stale). tests/metrics/columns-docs.test.ts
// fails when it is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withMetricsTable } from '../src/metrics';

const readme = join(dirname(fileURLToPath(import.meta.url)), '..', 'README.md');
const before = readFileSync(readme, 'utf8');
const after = withMetricsTable(before);
if (process.argv.includes('--check')) {
  process.stdout.write(after === before ? 'README.md: metric columns current\n' : '');
  if (after !== before) {
    process.stderr.write('README.md: the metric column table is stale: npm run readme:metrics\n');
    process.exit(1);
  }
} else if (after !== before) {
  writeFileSync(readme, after);
  process.stdout.write('README.md: metric column table written\n');
} else {
  process.stdout.write('README.md: metric columns current\n');
}
