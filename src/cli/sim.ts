/**
 * `npm run --silent sim -- '<query string>' --out router|cwnd|explain|summary [--format …]`
 * Process I/O only; the work is in main.ts (run `--help` for the options).
 */
import { runCli } from './main';

const result = runCli(process.argv.slice(2));
if (result.stderr) process.stderr.write(result.stderr);
if (result.stdout) process.stdout.write(result.stdout);
process.exitCode = result.code;
