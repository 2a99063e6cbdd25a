/**
 * The queue disciplines a link can run (scenario key `aqm`; net/queue/). A leaf module (it
 * imports nothing), so the trace types can name a link's discipline without importing the
 * queue code.
 */
export type AqmKind = 'droptail' | 'red' | 'codel' | 'fq-codel' | 'pie';
