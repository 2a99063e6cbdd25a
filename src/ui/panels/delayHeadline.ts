/**
 * The delay panel's header line: per class (application kind / protocol) its mean one-way delay,
 * RFC 3550 jitter and loss, read from the metrics module's classMetrics (nothing recomputed).
 * Pure.
 */
import { classMetrics, type ClassMetrics, type RunMetrics } from '../deps/metrics';
import { fmtDelay } from './delay';

/** Classes named in the header line; the rest are counted. */
const HEADLINE_CLASSES = 3;

const d = (v: number | null) => (v === null ? '–' : fmtDelay(v));
const loss = (r: ClassMetrics, digits = 2) =>
  r.lossRate === null ? '' : `, ${(r.lossRate * 100).toFixed(digits)} % lost`;

/** "delay 127 ms (max 146 ms), jitter 2.5 ms, 3.38 % lost" of one class. */
export function classText(r: ClassMetrics): string {
  if (r.arrivals === 0) return 'no data packet delivered';
  return `delay ${d(r.delayMeanS)} (max ${d(r.delayMaxS)}), jitter ${d(r.jitterS)}${loss(r)}`;
}

/**
 * One class: its figures; several: "voip/udp 105 ms, jitter 5.1 ms, 0.4 % lost · bulk/tcp …", the
 * classes past three counted.
 */
export function delayHeadline(m: RunMetrics | null): string {
  if (!m) return '';
  const rows = classMetrics(m);
  if (rows.length === 1) return classText(rows[0]!);
  const parts = rows
    .slice(0, HEADLINE_CLASSES)
    .map((r) =>
      r.arrivals === 0
        ? `${r.flowClass}: none delivered`
        : `${r.flowClass} ${d(r.delayMeanS)}, jitter ${d(r.jitterS)}${loss(r, 1)}`,
    );
  const more = rows.length - HEADLINE_CLASSES;
  return parts.join(' · ') + (more > 0 ? ` · and ${more} more` : '');
}
