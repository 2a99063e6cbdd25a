import { DEFAULT_SCENARIO } from '../deps/scenarios';
import type { ScenarioSlice, Slice } from './types';

export const createScenarioSlice: Slice<ScenarioSlice> = (set) => ({
  scenario: DEFAULT_SCENARIO,
  urlErrors: [],
  urlWarnings: [],
  scenarioRev: 0,
  setScenario: (scenario) =>
    set((s) => ({ scenario, scenarioRev: s.scenarioRev + 1, predict: { ...s.predict, asked: [], pending: null } })),
  setUrlProblems: (urlErrors, urlWarnings) => set({ urlErrors, urlWarnings }),
});
