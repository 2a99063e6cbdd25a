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
} from '../../engine/trace/explain';
export {
  codeAt,
  decisionAt,
  decisionsOf,
  sampleAt,
  samplesOf,
  sampleTime,
} from '../../engine/trace/records';
export {
  routerRows,
  cwndRows,
  toCsv,
  ROUTER_COLUMNS,
  CWND_COLUMNS,
  type RouterRow,
  type CwndRow,
} from '../../engine/trace/outputs';
export { fingerprint } from '../../engine/trace/fingerprint';
