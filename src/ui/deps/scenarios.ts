// The one import of the scenario module in src/ui.
export * from '../../scenarios';
// The `hide` view key's flow lists (the scenario module's index does not re-export them).
export { readFlowList, writeFlowList, type FlowListProblem } from '../../scenarios/view-keys';
