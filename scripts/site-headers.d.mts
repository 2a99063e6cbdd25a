// Types of site-headers.mjs (for vite.config.ts and the tests that import it).
export declare const MAX_REQUEST_HEADER_BYTES: number;
export declare const FRAME_ANCESTORS: string;
export declare function metaPolicyOf(html: string): string;
export declare function metaPolicyOfFile(file: string | URL): string;
export declare function securityHeaders(policy: string): Record<string, string>;
