/**
 * The one interface between an application (app/*.ts) and the transport that carries it (TCP,
 * SCTP, UDP senders). The transport pulls: it may send packets 1 … offered() (1-based packet
 * numbers of the flow's `mssBytes` payload); the source calls `wake` when offered() grows, and
 * the transport tells the source when everything offered so far is acknowledged (or, for UDP,
 * sent), which is when a finite transfer closes and an FTP client starts its think time.
 */
export interface AppSource {
  /** Packets offered so far (a count: packets 1 … offered() may be sent); Infinity for bulk. */
  offered(): number;
  /** True once the source will offer nothing more (the transport may close when all is acked). */
  finished(): boolean;
  /** Start at the flow's start time (seconds, from the scheduler); call `wake` whenever offered() grows. */
  start(wake: () => void): void;
  /** The transport has every offered packet acknowledged (TCP/SCTP) or sent (UDP). */
  drained(): void;
  /** Bytes the application asked the transport to carry so far (payload.ts appPacketBytes of
   * packets 1 … offered(); Infinity for bulk). */
  offeredBytes(): number;
}
