/** The pcap download of the export menu: the trace seen at the bottleneck's upstream router. */
import { buildSimConfig, type Scenario } from '../deps/scenarios';
import type { SimConfig, Trace } from '../../engine';
import { defaultCaptureNode, tracePcap } from '../../pcap';
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

/** Build the pcap of the trace and download it as `<base>-<node>.pcap`. */
export function downloadPcap(trace: Trace, scenario: Scenario | null, base: string): void {
  const capture = tracePcap(trace, configOf(trace, scenario));
  const bytes = capture.bytes;
  const buffer = bytes.buffer.slice(
    bytes.byteOffset,
    bytes.byteOffset + bytes.byteLength,
  ) as ArrayBuffer;
  downloadBlob(
    new Blob([buffer], { type: 'application/vnd.tcpdump.pcap' }),
    `${base}-${capture.node}.pcap`,
  );
}
