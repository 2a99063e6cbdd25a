// Which Chromium the browser tests, the bench and the icon script drive: CHROMIUM_PATH when set;
// else Debian's old headless shell (`apt-get install chromium-headless-shell`: about half the CPU
// of the full browser per test), else Debian's Chromium; else none (Playwright's own browser).
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'];

/** @returns {string | undefined} the path of a Chromium binary, or undefined when none is found */
export function chromiumPath() {
  const given = process.env.CHROMIUM_PATH;
  if (given) return given;
  return CANDIDATES.find((p) => existsSync(p));
}
