/**
 * View keys: the URL keys the app writes beside the scenario keys to restore what the page
 * showed (cursor, zoom, theme, panels, …). They do not change the simulation, so the scenario
 * parser accepts them and ignores their values (the app reads them itself), and the CLI runs an
 * app link as it is. Like a scenario key, a view key may appear only once in a query.
 *
 * The names only: what each value means and how it is checked is the app's business
 * (src/ui/model/urlState.ts).
 */

/** Every view key, in the order the app writes them. */
export const VIEW_KEYS = [
  'e', // cursor: packet-event index
  't', // cursor: time, s
  'mod', // router plot: packet numbers modulo this
  'units', // cwnd plot: packets or bytes
  'theme', // light, dark, projector
  'compare', // runs shown side by side: `sender` or `sender@profile` (newreno@rfc)
  'panels', // panels shown
  'zoom', // time range shown
  'predict', // predict mode: the kind of event to pause before
  'pres', // presentation mode
  'flow', // the flow the explanation log (and a many-flow time–sequence plot) shows
  'slides', // a lecture: the list of slides (scenario, cursor, zoom, sentence)
  'slide', // the lecture's slide on screen, 1-based
] as const;

export type ViewKey = (typeof VIEW_KEYS)[number];

const VIEW_KEY_SET: ReadonlySet<string> = new Set(VIEW_KEYS);

/** Whether a URL key is a view key (not part of the scenario). */
export function isViewKey(key: string): key is ViewKey {
  return VIEW_KEY_SET.has(key);
}
