/**
 * The queue disciplines' names (scenario key `aqm`, LinkInfo.aqm), a leaf module: the trace's
 * types name a link's discipline without importing the QueueDisc interface (which imports the
 * packet, which imports the trace's types).
 */
export type AqmKind = 'droptail' | 'red' | 'codel' | 'fq-codel' | 'pie';
