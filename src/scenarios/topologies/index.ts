/**
 * Topology registry. A preset names its topology by id. To add one: write a file exporting a
 * Topology (see types.ts), add it to TOPOLOGY_LIST below, and cite its source in the docstring.
 */
import { FALL_FLOYD } from './fall-floyd';
import { geoSharedTopology } from './geo-shared';
import { satelliteDumbbellTopology } from './satellite-dumbbell';
import type { Topology } from './types';

export type { Topology } from './types';
export { FALL_FLOYD, FALL_FLOYD_DEFAULTS, FALL_FLOYD_DROP_LISTS } from './fall-floyd';
export {
  SATELLITE_DUMBBELL_DEFAULTS,
  satelliteDumbbellTopology,
  type SatelliteDumbbellOptions,
} from './satellite-dumbbell';
export {
  GEO_SHARED_DEFAULTS,
  GEO_TABLE_I,
  buildGeoShared,
  geoSharedTopology,
  type GeoSharedOptions,
} from './geo-shared';

export const TOPOLOGY_LIST: readonly Topology[] = [
  FALL_FLOYD,
  satelliteDumbbellTopology(),
  geoSharedTopology(),
];

const BY_ID = new Map(TOPOLOGY_LIST.map((t) => [t.id, t]));

export function getTopology(id: string): Topology | undefined {
  return BY_ID.get(id);
}
