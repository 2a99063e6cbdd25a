// Types of link-bin.mjs (for the launcher test).
export declare function linkBin(root?: string, platform?: string): string;
