import type { PanelId } from '../store';

/** Each panel's title (panel headers, the sidebar's list, error boundaries). */
export const PANEL_TITLES: Record<PanelId, string> = {
  router: 'Router plot',
  cwnd: 'cwnd / ssthresh',
  timeseq: 'Time–sequence',
  queue: 'Queue',
  tput: 'Throughput',
  delay: 'Delay / jitter',
  streams: 'Streams',
  metrics: 'Metrics',
  sweep: 'Sweep (many runs)',
  log: 'Explanation log',
};
