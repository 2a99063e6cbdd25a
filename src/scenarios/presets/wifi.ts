/**
 * The 802.11 cell's own preset (issue 28): Bianchi's saturated cell (IEEE JSAC 2000) — n
 * stations, each always holding a frame for the access point, share one 802.11b channel. The
 * sum of the stations' delivered_bps is the cell's saturation throughput, which Bianchi's model
 * and ns-3.37 give (tests/tables/wifi-bianchi.test.ts, tests/fixtures/ns3-wifi/). Every number
 * in the notice was read off engine runs with the preset's defaults.
 */
import type { SenderId } from '../../engine';
import { BIANCHI } from './papers';
import type { Preset } from './types';

const GROUP = '802.11 DCF (Bianchi 2000)';

/** Each station offers 4000 / n packets a second: above its saturated share at PS ≥ 200 bytes. */
const ppsOf = (n: number): number => Math.ceil(4000 / n);

export const WIFI_SATURATION: Preset = {
  id: 'wifi-saturation',
  title: 'n saturated stations share one 802.11b cell (Bianchi 2000)',
  group: GROUP,
  topology: 'wifi-cell',
  open: 'end',
  steps: ['episode', 'decision'],
  scenario: {},
  sizes: {
    values: [1, 2, 5, 10, 20, 50],
    default: 5,
    scenario: (n) => ({
      flows: Array.from({ length: n }, () => ({ sender: 'udp' as SenderId })),
      pps: ppsOf(n),
    }),
  },
  sweep: { key: 'n', values: [1, 2, 5, 10, 20, 50], seeds: 1 },
  student:
    'Five laptops send as fast as they can to one access point over 11 Mb/s Wi-Fi. Together they get about 5.6 Mb/s: the rest of the air goes to headers, gaps, acknowledgements, backoff and collisions.',
  notice:
    `n stations S1 … Sn (key n: 1, 2, 5, 10, 20 or 50) each send 1000-byte UDP payloads (key size) to the access point AP, offering 4000/n packets a second each, more than the cell carries, so every interface queue (50 packets) stays full: ${BIANCHI}'s saturation. ` +
    'The cell is 802.11b DCF at 11 Mb/s with the long preamble, basic access (key rts=1 adds RTS/CTS, link=wifi-g makes it 802.11g at 54 Mb/s): each frame waits DIFS and a random backoff of 0 to CW slots, collides when another backoff ends in the same slot, and is retried with CW doubled, up to 7 attempts. ' +
    'The sum of the stations’ delivered_bps is the saturation throughput: 5.20 Mb/s for one station (no collision: 1 of every 1.54 ms carries payload), 5.59 Mb/s for 5 (fewer idle slots), then falling as collisions grow — 5.35 for 10, 5.01 for 20, 4.46 for 50 stations. ' +
    'Bianchi’s model gives 5.20, 5.65, 5.42, 5.08 and 4.54 Mb/s (5.20, 5.59, 5.39, 5.07 and 4.51 with the standard’s backoff freeze, retry limit and ACK timeout), ns-3.37 5.19, 5.60, 5.37, 5.03 and 4.45 for n = 1, 5, 10, 20, 50. Not modelled: propagation delay, hidden stations, capture, rate adaptation, beacons.',
};

export const WIFI_PRESETS: readonly Preset[] = [WIFI_SATURATION];
