// Types of tables-stats.mjs (for the tests that import it).
export interface Summary {
  mean: number;
  sd: number;
  n: number;
}
export declare const METRICS: readonly string[];
export declare function runMetrics(run: unknown): Record<string, number | null>;
export declare function summarise(runs: readonly unknown[]): Record<string, Summary>;
export declare function welch(a: Summary | null, b: Summary | null): number;
export declare function protocolOf(sender: string): 'tcp' | 'sctp';
export declare function compareSummaries(
  ours: Record<string, Summary>,
  ns2: Record<string, Summary>,
): { metric: string; ours: Summary; ns2: Summary; t: number }[];
