/**
 * The CLI as a function: argv in, exit code and the text for stdout/stderr out. No process
 * I/O here (sim.ts does that), so tests can call it directly.
 */
import { run } from '../engine';
import { USAGE, parseArgs } from './args';
import { render } from './render';
import { formatQueryError, resolveQuery } from './scenario';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export function runCli(argv: readonly string[]): CliResult {
  const parsed = parseArgs(argv);
  if (parsed.kind === 'help') return { code: 0, stdout: USAGE, stderr: '' };
  if (parsed.kind === 'error') return { code: 2, stdout: '', stderr: `sim: ${parsed.message}\n` };
  const { query, out, format } = parsed.options;

  const resolved = resolveQuery(query);
  if (!resolved.ok) {
    const lines = resolved.errors.map((e) => `sim: invalid scenario: ${formatQueryError(e)}\n`);
    return { code: 2, stdout: '', stderr: lines.join('') };
  }
  const warnings = resolved.warnings.map((w) => `sim: warning: ${w}\n`).join('');

  let trace;
  try {
    trace = run(resolved.config);
  } catch (err) {
    const msg = err instanceof Error ? err.message : String(err);
    return { code: 1, stdout: '', stderr: `${warnings}sim: the engine failed: ${msg}\n` };
  }
  return { code: 0, stdout: render(trace, out, format), stderr: warnings };
}
