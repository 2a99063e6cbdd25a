import { DEFAULT_SCENARIO } from '../deps/scenarios';
import type { ScenarioSlice, Slice } from './types';

export const createScenarioSlice: Slice<ScenarioSlice> = (set) => ({
  scenario: DEFAULT_SCENARIO,
  urlErrors: [],
  urlWarnings: [],
  fieldProblems: {},
  urlPinned: false,
  scenarioRev: 0,
  setScenario: (scenario) =>
    set((s) => ({ scenario, scenarioRev: s.scenarioRev + 1, predict: { ...s.predict, asked: [], pending: null } })),
  setUrlProblems: (urlErrors, urlWarnings) => set({ urlErrors, urlWarnings }),
  setFieldProblems: (fieldProblems) => set({ fieldProblems }),
  clearFieldProblem: (key) =>
    set((s) => {
      if (!(key in s.fieldProblems)) return {};
      const next = { ...s.fieldProblems };
      delete next[key];
      return { fieldProblems: next };
    }),
});
