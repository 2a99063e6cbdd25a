/**
 * The pcap download of the export menu: the trace seen at the bottleneck's upstream router; in
 * compare mode every run's, one pcap per run zipped together (fflate).
 */
import { buildSimConfig, type Scenario } from '../deps/scenarios';
import type { SimConfig, Trace } from '../../engine';
import { defaultCaptureNode, tracePcap } from '../../pcap';
import { zipSync } from 'fflate';
import { downloadBlob } from './download';

/** The run's config when the scenario on screen is the trace's (same flows and senders), else
 * null (the pcap then takes its defaults: no ns-2 SYN segment, a_rwnd = window · MSS). */
function configOf(trace: Trace, scenario: Scenario | null): SimConfig | null {
  if (!scenario) return null;
  try {
    const config = buildSimConfig(scenario);
    const same =
      config.flows.length === trace.flows.length &&
      config.flows.every((f, i) => f.sender === trace.flows[i]?.sender);
    return same ? config : null;
  } catch {
    return null;
  }
}

/** Tooltip of the pcap button. */
export function pcapTitle(trace: Trace | null): string {
  const node = trace ? defaultCaptureNode(trace) : 'the router';
  return `Packet trace as pcap (Wireshark, tshark): every data packet and ACK as it arrives at ${node}, the router before the bottleneck, dropped ones included`;
}

const asBuffer = (bytes: Uint8Array) =>
  bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** Build the pcap of the trace and download it as `<base>-<node>.pcap`. */
export function downloadPcap(trace: Trace, scenario: Scenario | null, base: string): void {
  const capture = tracePcap(trace, configOf(trace, scenario));
  downloadBlob(
    new Blob([asBuffer(capture.bytes)], { type: 'application/vnd.tcpdump.pcap' }),
    `${base}-${capture.node}.pcap`,
  );
}

/** One compared run for the pcap export: its trace, the scenario it ran, its name. */
export interface PcapRun {
  trace: Trace;
  scenario: Scenario | null;
  /** The run's name in compare mode (`reno`, `newreno@rfc`). */
  name: string;
}

/** A file-name-safe run name: `newreno@rfc` → `newreno-rfc`. */
export const fileSafe = (s: string) => s.replace(/[^A-Za-z0-9_.-]+/g, '-');

/**
 * Compare mode's pcap: one pcap per run, each named `<base>-<k>-<run>-<node>.pcap` (k = the
 * run's place, 1-based; node = where it was captured), in one zip `<base>-compare-<node>.zip`
 * (the first run's capture node). Pure: the zip's name and bytes.
 */
export function comparePcapZip(
  runs: readonly PcapRun[],
  base: string,
): { name: string; bytes: Uint8Array } {
  const files: Record<string, Uint8Array> = {};
  let node = '';
  runs.forEach((r, k) => {
    const capture = tracePcap(r.trace, configOf(r.trace, r.scenario));
    if (k === 0) node = capture.node;
    files[`${base}-${k + 1}-${fileSafe(r.name)}-${capture.node}.pcap`] = capture.bytes;
  });
  // pcap bytes are mostly zero payload and repeated headers: deflate shrinks them well.
  return { name: `${base}-compare-${node}.zip`, bytes: zipSync(files, { level: 6 }) };
}

/** Download compare mode's pcap zip (comparePcapZip); returns its name. */
export function downloadComparePcap(runs: readonly PcapRun[], base: string): string {
  const zip = comparePcapZip(runs, base);
  downloadBlob(new Blob([asBuffer(zip.bytes)], { type: 'application/zip' }), zip.name);
  return zip.name;
}
