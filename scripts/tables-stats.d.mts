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
export declare function welchDf(a: Summary | null, b: Summary | null): number | null;
export declare const TABLE_FALSE_ALARM: number;
export declare function agreementBound(cells: number, df: number, falseAlarm?: number): number;
export interface CellComparison {
  metric: string;
  ours: Summary;
  ns2: Summary;
  t: number;
  df: number;
  bound: number | null;
}
export declare function compareSummaries(
  ours: Record<string, Summary>,
  ns2: Record<string, Summary>,
  cells?: number | null,
): CellComparison[];
