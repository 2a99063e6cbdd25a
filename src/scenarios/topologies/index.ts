/**
 * Topology registry. A preset names its topology by id. To add one: write a file exporting a
 * Topology (see types.ts), add it to TOPOLOGY_LIST below, and cite its source in the docstring.
 */
import { FALL_FLOYD } from './fall-floyd';
import { HOST_PAIR, WIRED_WIRELESS, WIRELESS_PAIR_AP, WIRELESS_WIRED } from './dainotti';
import { VICUNA_WIRED } from './vicuna';
import { GEO_SHARED } from './geo-shared';
import { LONG_FAT } from './long-fat';
import { BUFFERBLOAT } from './bufferbloat';
import { SATELLITE_DUMBBELL } from './satellite-dumbbell';
import { DUAL_HOMED, MULTIHOMED_MOBILE } from './multihomed';
import { WIFI_CELL } from './wifi-cell';
import type { Topology } from './types';

export type { Topology } from './types';
export { FALL_FLOYD, FALL_FLOYD_DEFAULTS, FALL_FLOYD_DROP_LISTS } from './fall-floyd';
export { SATELLITE_DUMBBELL, SATELLITE_DUMBBELL_DEFAULTS } from './satellite-dumbbell';
export { GEO_SHARED, GEO_SHARED_DEFAULTS, GEO_TABLE_I } from './geo-shared';
export { LONG_FAT, LONG_FAT_DEFAULTS } from './long-fat';
export { BUFFERBLOAT, BUFFERBLOAT_DEFAULTS } from './bufferbloat';
export { dumbbell, type DumbbellSpec } from './dumbbell';
export { DAINOTTI_DEFAULTS } from './dainotti';
export { VICUNA_DEFAULTS, VICUNA_RTT_RANGE_S, vicunaRttS } from './vicuna';
export { DUAL_HOMED, MULTIHOMED_MOBILE, DUAL_HOMED_DEFAULTS, MOBILE_DEFAULTS } from './multihomed';
export { linkNamesOf, type LinkNames } from './link-names';

export const TOPOLOGY_LIST: readonly Topology[] = [
  FALL_FLOYD,
  SATELLITE_DUMBBELL,
  GEO_SHARED,
  LONG_FAT,
  BUFFERBLOAT,
  HOST_PAIR,
  WIRELESS_PAIR_AP,
  WIRED_WIRELESS,
  WIRELESS_WIRED,
  VICUNA_WIRED,
  DUAL_HOMED,
  MULTIHOMED_MOBILE,
  WIFI_CELL,
];

const BY_ID = new Map(TOPOLOGY_LIST.map((t) => [t.id, t]));

export function getTopology(id: string): Topology | undefined {
  return BY_ID.get(id);
}
