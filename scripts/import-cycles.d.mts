/** Relative imports of every source file under root/src (paths relative to root). */
export function importGraph(root: string): Map<string, string[]>;
/** Strongly connected components with more than one file, largest first. */
export function importCycles(graph: Map<string, string[]>): string[][];
