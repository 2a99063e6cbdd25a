// Turn the raw output of scripts/ns2/sctp.tcl into the event / variable tables of the SCTP
// fixtures (tests/fixtures/ns2-sctp/README.md):
//
//   events: time,ns_time,event,pkt,kind,retx,cause,cum_ack,dup,sack_blocks,for_pkt,qwait,size,uid
//   vars:   time,cwnd,ssthresh,pba,outstanding,peer_rwnd,cwnd_pkts,ssthresh_pkts,rto,srtt,rttvar,
//           fr_count,timeout_count,cause
//
// Node ids in sctp.tcl: S1 = 0, R1 = 1, K1 = 2. Packet numbers are TSNs. A trace line with
// show_sctphdr_ is: ev time from to sctp size flags flowid src dst nchunks tsn uid stream ssn,
// where the last flag letter is the chunk type (I = INIT/INIT-ACK/COOKIE-ECHO/COOKIE-ACK,
// D = DATA, S = SACK with tsn = its Cumulative TSN Ack, H = HEARTBEAT, B = HEARTBEAT-ACK).
import { fmtTime } from './ns2-to-csv.mjs';

export const SCTP_EVENT_HEADER =
  'time,ns_time,event,pkt,kind,retx,cause,cum_ack,dup,sack_blocks,for_pkt,qwait,size,uid';
export const SCTP_VARS_HEADER =
  'time,cwnd,ssthresh,pba,outstanding,peer_rwnd,cwnd_pkts,ssthresh_pkts,rto,srtt,rttvar,fr_count,timeout_count,cause';

const S1 = '0';
const R1 = '1';
const K1 = '2';

const KIND = { I: 'INIT_OR_COOKIE', D: 'DATA', S: 'SACK', H: 'HEARTBEAT', B: 'HEARTBEAT_ACK' };

/** A SACK packet without Gap Ack Blocks or duplicate TSNs: IP 20 + SCTP 12 + SACK chunk 16. */
const SACK_BASE_BYTES = 48;

/** The fields of an Agent/SCTP TraceAll line ("time: 1.20123 saddr: 0 ... cwnd: 4032 ..."). */
function parseTraceAll(line) {
  const f = line.trim().split(/\s+/);
  const out = {};
  for (let i = 0; i + 1 < f.length; i += 2) out[f[i].replace(/:$/, '')] = f[i + 1];
  return out;
}

/**
 * @param {string} raw sctp.tcl output
 * @param {number} mtuUnit bytes per MTU for cwnd_pkts / ssthresh_pkts (ns-2 uiMaxDataSize)
 * @returns {{ events: string[][], vars: string[][] }} rows without header, as string cells
 */
export function convertSctp(raw, mtuUnit) {
  const events = [];
  const vars = [];
  let waiting = 0; // packets waiting in R1's queue towards K1 (not the one in transmission)
  const enqueued = new Set(); // uids that entered R1's queue towards K1
  const arrivedAtR1 = new Set(); // TSNs that reached R1 before
  const departedR1 = new Set(); // TSNs that departed R1 before
  let pendingArr = null; // the ARR row whose queue outcome is still open
  let lastRcvK1 = 0; // TSN last received at K1
  const ackFor = new Map(); // SACK uid -> TSN whose arrival preceded it
  let lastCum = null;
  let lastVars = null;

  for (const line of raw.split('\n')) {
    if (line.startsWith('V ')) {
      const [, t, cause, ...rest] = line.trim().split(/\s+/);
      const v = parseTraceAll(rest.join(' '));
      const values = [
        v.cwnd,
        v.ssthresh,
        v.pba,
        v.out,
        v.peerRwnd,
        (Number(v.cwnd) / mtuUnit).toFixed(4),
        (Number(v.ssthresh) / mtuUnit).toFixed(4),
        v.rto,
        v.srtt,
        v.rttvar,
        v.frCount,
        v.timeoutCount,
      ];
      if (values.some((x) => x === undefined)) throw new Error(`bad variables line: ${line}`);
      const key = values.join(',');
      if (key !== lastVars) {
        lastVars = key;
        vars.push([fmtTime(Number(t)), ...values, cause]);
      }
      continue;
    }
    if (!line.startsWith('E ')) continue;
    const f = line.trim().split(/\s+/);
    const t = fmtTime(Number(f[1]));
    const [ev, nsTime, from, to, , size, flags, , , , , tsn, uid] = f.slice(2);
    const kind = KIND[flags[flags.length - 1]] ?? '?';
    const isData = kind === 'DATA';
    const pkt = isData ? tsn : '';

    if (ev === 'r' && from === S1 && to === R1) {
      let retx = '';
      if (isData) {
        retx = arrivedAtR1.has(pkt) ? '1' : '0';
        arrivedAtR1.add(pkt);
      }
      pendingArr = {
        uid,
        row: [t, nsTime, 'ARR', pkt, kind, retx, '', '', '', '', '', String(waiting), size, uid],
      };
      events.push(pendingArr.row);
    } else if (from === R1 && to === K1) {
      if (ev === '+') {
        waiting++;
        enqueued.add(uid);
        if (pendingArr?.uid === uid) pendingArr.row[11] = String(waiting);
      } else if (ev === 'd') {
        const scripted = !enqueued.has(uid);
        if (!scripted) waiting--;
        if (pendingArr?.uid === uid) pendingArr.row[11] = String(waiting);
        const retx = pendingArr?.uid === uid ? pendingArr.row[5] : '0';
        events.push([
          t,
          nsTime,
          'DROP',
          pkt,
          kind,
          retx,
          scripted ? 'scripted' : 'overflow',
          '',
          '',
          '',
          '',
          String(waiting),
          size,
          uid,
        ]);
      } else if (ev === '-') {
        waiting--;
        let retx = '';
        if (isData) {
          retx = departedR1.has(pkt) ? '1' : '0';
          departedR1.add(pkt);
        }
        events.push([
          t,
          nsTime,
          'DEP',
          pkt,
          kind,
          retx,
          '',
          '',
          '',
          '',
          '',
          String(waiting),
          size,
          uid,
        ]);
      } else if (ev === 'r') {
        if (isData) lastRcvK1 = Number(pkt);
        events.push([t, nsTime, 'RCV_K1', pkt, kind, '', '', '', '', '', '', '', size, uid]);
      }
    } else if (ev === '+' && from === K1 && to === R1 && kind === 'SACK') {
      ackFor.set(uid, lastRcvK1);
    } else if (ev === 'r' && from === K1 && to === R1) {
      if (kind === 'SACK') {
        const cum = Number(tsn);
        const dup = lastCum === cum ? '1' : '0';
        lastCum = cum;
        const blocks = String((Number(size) - SACK_BASE_BYTES) / 4);
        events.push([
          t,
          nsTime,
          'ACK',
          '',
          kind,
          '',
          '',
          String(cum),
          dup,
          blocks,
          String(ackFor.get(uid) ?? ''),
          '',
          size,
          uid,
        ]);
      } else {
        events.push([t, nsTime, 'ACK', '', kind, '', '', '', '', '', '', '', size, uid]);
      }
    }
  }
  return { events, vars };
}
