// The part of jstat (no bundled types) that table-stats.ts uses: Student-t and normal quantiles.
declare module 'jstat' {
  const jstat: {
    studentt: { inv(p: number, dof: number): number };
    normal: { inv(p: number, mean: number, sd: number): number };
  };
  export default jstat;
}
