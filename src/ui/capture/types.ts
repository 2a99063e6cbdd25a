/**
 * What the page keeps of an imported capture: the file's summary and its TCP connections (the
 * capture module's summaries); each connection's analysis is asked of the capture worker when
 * the connection is first shown (`bridge.ts`). Nothing of it goes into the address.
 */
import type { ConnectionSummary } from '../deps/capture';

export interface CaptureFile {
  /** File name as the picker or the drop gave it. */
  name: string;
  bytes: number;
  format: 'pcap' | 'pcapng';
  /** Packets read (every link type), and of them TCP. */
  packets: number;
  tcpPackets: number;
  connections: ConnectionSummary[];
}
