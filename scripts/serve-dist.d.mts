// Types of serve-dist.mjs (for the browser tests that start the static server).
export declare const DEFAULT_BASE: string;
export declare const DEFAULT_PORT: number;
export declare function normaliseBase(base: string): string;
export declare function startSiteServer(opts: {
  dir: string;
  base?: string;
  host?: string;
  port?: number;
  headers?: Record<string, string>;
}): Promise<{ url: string; port: number; close: () => Promise<void> }>;
export declare function siteHeadersOf(dir: string): Record<string, string>;
