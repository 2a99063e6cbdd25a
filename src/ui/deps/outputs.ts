// The one import of the trace explain/outputs/fingerprint modules in src/ui.
export {
  dupackPhrase,
  duplicatesOf,
  sackPhrase,
  explainAll,
  explainAt,
  explainDecision,
  explainNote,
  explainPathNote,
  explainRule,
  type Explanation,
} from '../../trace/explain';
export { explainMacRow, type MacExplanation } from '../../trace/explain-mac';
export { codeAt, decisionAt, decisionsOf, sampleAt, samplesOf, sampleTime } from '../../engine';
export {
  routerRows,
  cwndRows,
  toCsv,
  ROUTER_COLUMNS,
  CWND_COLUMNS,
  type RouterRow,
  type CwndRow,
} from '../../trace/outputs';
export { fingerprint } from '../../trace/fingerprint';
