// Turn the raw output of scripts/ns2/ff96.tcl into the full event / variable tables
// (the column layout of the published ns-2 reference traces, see tests/fixtures/ns2/README.md):
//
//   events: time,ns_time,event,pkt,kind,retx,cause,cum_ack,dup,sack_blocks,for_pkt,qwait,size,uid
//   vars:   time,cwnd,ssthresh,dupacks,highest_ack,max_sent,next_new,t_rtt_ticks,t_srtt_x8,
//           t_rttvar_x4,backoff,nrexmit,cause
//
// Node ids in ff96.tcl: S1 = 0, R1 = 1, K1 = 2. Packet numbers are 1-based (ns-2 seqno + 1).

export const EVENT_HEADER =
  'time,ns_time,event,pkt,kind,retx,cause,cum_ack,dup,sack_blocks,for_pkt,qwait,size,uid';
export const VARS_HEADER =
  'time,cwnd,ssthresh,dupacks,highest_ack,max_sent,next_new,t_rtt_ticks,t_srtt_x8,t_rttvar_x4,backoff,nrexmit,cause';

const S1 = '0';
const R1 = '1';
const K1 = '2';

/** Shortest round-trip decimal of a double, with a trailing ".0" for integers. */
export function fmtTime(x) {
  const s = String(x);
  return /^-?\d+$/.test(s) ? `${s}.0` : s;
}

/**
 * @param {string} raw ff96.tcl output
 * @returns {{ events: string[][], vars: string[][] }} rows without header, as string cells
 */
export function convert(raw) {
  const events = [];
  const vars = [];
  let waiting = 0; // packets waiting in R1's queue towards K1 (not the one in transmission)
  const enqueued = new Set(); // uids that entered R1's queue towards K1
  const arrivedAtR1 = new Set(); // packet numbers that reached R1 before
  const departedR1 = new Set(); // packet numbers that departed R1 before
  let pendingArr = null; // the ARR row whose queue outcome is still open
  let lastRcvK1 = 0; // packet number last received at K1
  const ackFor = new Map(); // ack uid -> data packet that produced it
  let lastCum = null;

  for (const line of raw.split('\n')) {
    if (line.startsWith('V ')) {
      const [, t, cause, cwnd, ssthresh, dupacks, ack, maxseq, tseqno, rtt, srtt, rttvar, backoff, nrexmit] =
        line.trim().split(/\s+/);
      vars.push([
        fmtTime(Number(t)),
        cwnd,
        ssthresh,
        dupacks,
        String(Number(ack) + 1),
        String(Number(maxseq) + 1),
        String(Number(tseqno) + 1),
        rtt,
        srtt,
        rttvar,
        backoff,
        nrexmit,
        cause,
      ]);
      continue;
    }
    if (!line.startsWith('E ')) continue;
    const f = line.trim().split(/\s+/);
    const t = fmtTime(Number(f[1]));
    const [ev, nsTime, from, to, type, size, , , , , seqno, uid, , , , saLength] = f.slice(2);
    const pkt = String(Number(seqno) + 1);
    const isData = type === 'tcp';

    if (ev === 'r' && from === S1 && to === R1 && isData) {
      const retx = arrivedAtR1.has(pkt) ? '1' : '0';
      arrivedAtR1.add(pkt);
      pendingArr = { uid, row: [t, nsTime, 'ARR', pkt, 'DATA', retx, '', '', '', '', '', String(waiting), size, uid] };
      events.push(pendingArr.row);
    } else if (from === R1 && to === K1 && isData) {
      if (ev === '+') {
        waiting++;
        enqueued.add(uid);
        if (pendingArr?.uid === uid) pendingArr.row[11] = String(waiting);
      } else if (ev === 'd') {
        const scripted = !enqueued.has(uid);
        if (!scripted) waiting--;
        if (pendingArr?.uid === uid) pendingArr.row[11] = String(waiting);
        const retx = pendingArr?.uid === uid ? pendingArr.row[5] : '0';
        events.push([t, nsTime, 'DROP', pkt, 'DATA', retx, scripted ? 'scripted' : 'overflow', '', '', '', '', String(waiting), size, uid]);
      } else if (ev === '-') {
        waiting--;
        const retx = departedR1.has(pkt) ? '1' : '0';
        departedR1.add(pkt);
        events.push([t, nsTime, 'DEP', pkt, 'DATA', retx, '', '', '', '', '', String(waiting), size, uid]);
      } else if (ev === 'r') {
        lastRcvK1 = Number(pkt);
        events.push([t, nsTime, 'RCV_K1', pkt, 'DATA', '', '', '', '', '', '', '', size, uid]);
      }
    } else if (ev === '+' && from === K1 && to === R1 && !isData) {
      ackFor.set(uid, lastRcvK1);
    } else if (ev === 'r' && from === K1 && to === R1 && !isData) {
      const cum = Number(seqno) + 1;
      const dup = lastCum === cum ? '1' : '0';
      lastCum = cum;
      events.push([t, nsTime, 'ACK', '', 'ACK', '', '', String(cum), dup, saLength ?? '0', String(ackFor.get(uid) ?? ''), '', size, uid]);
    }
  }
  return { events, vars };
}

export const toCsv = (header, rows) => [header, ...rows.map((r) => r.join(','))].join('\n') + '\n';
