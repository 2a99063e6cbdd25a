/** The Chromium binary to drive: CHROMIUM_PATH, else the headless shell, else Debian's Chromium. */
export function chromiumPath(): string | undefined;
