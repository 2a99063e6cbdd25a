/**
 * The scenario module validates with zod. zod 4 probes for `new Function` to compile fast
 * parsers; under the page's Content-Security-Policy (no 'unsafe-eval') the probe is refused and
 * reported as a violation even though zod then does without. Jitless mode skips the probe (and
 * the compiled parsers, which the app's small schemas do not need). Imported by the page and the
 * worker before any module that parses.
 */
import { config } from 'zod';

config({ jitless: true });
