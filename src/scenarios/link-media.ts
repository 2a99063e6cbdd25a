/**
 * The values of the run key `link` (link-medium.ts): what carries a topology's wireless hop. A
 * leaf (it imports nothing), so the scenario types and the topologies can name them.
 */
export const LINK_MEDIA = ['wired', 'wifi-b', 'wifi-g', 'wimax'] as const;
export type LinkMedium = (typeof LINK_MEDIA)[number];
