/**
 * Test double of the time plots' drawing (src/ui/panels/TimePlot.tsx), for UI integration tests
 * that check the controller, the address and the panels' chrome (titles, summaries, choice
 * buttons, counts) but not the marks: an empty SVG labelled as the plot is, in the plot's place,
 * so the test does not spend its time drawing thousands of marks in jsdom. The plots' own tests
 * (tests/ui/panels) and the browser tests draw the real thing. Use, in the test file:
 *
 *   vi.mock('../../src/ui/panels/TimePlot', () => import('./plotStub'));
 */
import type { TimePlotProps } from '../../src/ui/panels/TimePlot';

export function TimePlot({ panel, spec }: TimePlotProps) {
  return <svg className="plot-stub" data-panel={panel} role="img" aria-label={spec.ariaLabel} />;
}
