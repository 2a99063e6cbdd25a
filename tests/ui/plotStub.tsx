/**
 * Test double of the time plots' drawing (src/ui/panels/TimePlot.tsx), for UI integration tests
 * that check the controller, the address and the panels' chrome (titles, summaries, choice
 * buttons, counts) but not the marks: an empty SVG labelled as the plot is, in the plot's place,
 * so the test does not spend its time drawing thousands of marks in a test DOM. The plots' own tests
 * (tests/ui/panels) and the browser tests draw the real thing. A test file asks for it with the
 * line `// @plot-stub` (it then runs in the `ui-stub` project, vitest.config.ts, whose resolver
 * puts this module in TimePlot's place for every importer); a file that mocks other modules too
 * runs isolated and writes `vi.mock('…/src/ui/panels/TimePlot', () => import('…/plotStub'))`.
 */
import type { TimePlotProps } from '../../src/ui/panels/TimePlot';

export function TimePlot({ panel, spec }: TimePlotProps) {
  return <svg className="plot-stub" data-panel={panel} role="img" aria-label={spec.ariaLabel} />;
}
