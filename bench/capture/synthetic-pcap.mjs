// A synthetic classic pcap (Ethernet, IPv4, TCP) of one bulk transfer, for timing the import:
// a handshake, then MSS-sized segments, an ACK per two segments, and every `lossEvery`-th
// segment lost once (three duplicate ACKs, a fast retransmit, the ACK that covers the window).
// The ACK clock and losses are schematic; only the sizes matter to the timing. `snaplen` cuts
// the stored records (96: headers only, many more packets per megabyte, as `tcpdump -s 96`).
//
//   node bench/capture/synthetic-pcap.mjs <out.pcap> [megabytes=100] [snaplen=65535]
import { openSync, writeSync, closeSync } from 'node:fs';

export function writeSyntheticPcap(path, megabytes = 100, snaplen = 65535, lossEvery = 997) {
  const fd = openSync(path, 'w');
  const header = Buffer.alloc(24);
  header.writeUInt32LE(0xa1b2c3d4, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeUInt32LE(snaplen, 16);
  header.writeUInt32LE(1, 20); // LINKTYPE_ETHERNET
  writeSync(fd, header);
  const mss = 1448;
  const limit = megabytes * 1e6;
  let written = 24;
  let t = 0;
  const out = [];
  let pending = 0;
  const flush = () => {
    if (!out.length) return;
    writeSync(fd, Buffer.concat(out));
    out.length = 0;
    pending = 0;
  };
  const packet = (fromClient, seq, ack, flags, len) => {
    const wire = 14 + 20 + 32 + len;
    const cap = Math.min(wire, snaplen);
    const b = Buffer.alloc(16 + cap);
    const us = Math.round(t * 1e6);
    b.writeUInt32LE(Math.floor(us / 1e6), 0);
    b.writeUInt32LE(us % 1e6, 4);
    b.writeUInt32LE(cap, 8);
    b.writeUInt32LE(wire, 12);
    const f = Buffer.alloc(Math.min(wire, 14 + 20 + 32));
    f.writeUInt16BE(0x0800, 12);
    f[14] = 0x45;
    f.writeUInt16BE(20 + 32 + len, 16);
    f[22] = 64;
    f[23] = 6;
    const a = [10, 0, 0, 1];
    const z = [10, 0, 0, 2];
    Buffer.from(fromClient ? a : z).copy(f, 26);
    Buffer.from(fromClient ? z : a).copy(f, 30);
    f.writeUInt16BE(fromClient ? 40000 : 5001, 34);
    f.writeUInt16BE(fromClient ? 5001 : 40000, 36);
    f.writeUInt32BE(seq >>> 0, 38);
    f.writeUInt32BE(ack >>> 0, 42);
    f[46] = 8 << 4; // 32-byte header: 12 bytes of options (NOP NOP + timestamps)
    f[47] = flags;
    f.writeUInt16BE(65535, 48);
    f[54] = 1;
    f[55] = 1;
    f[56] = 8;
    f[57] = 10;
    f.writeUInt32BE(us >>> 0, 58);
    f.writeUInt32BE(us >>> 0, 62);
    f.copy(b, 16, 0, Math.min(f.length, cap));
    out.push(b);
    pending += b.length;
    written += b.length;
    if (pending > 1 << 22) flush();
  };
  const ISN = 1000;
  const RSN = 5000;
  packet(true, ISN, 0, 0x02, 0);
  t += 0.02;
  packet(false, RSN, ISN + 1, 0x12, 0);
  t += 0.0001;
  packet(true, ISN + 1, RSN + 1, 0x10, 0);
  let next = 0; // segments sent
  let acked = 0;
  while (written < limit) {
    // A window of 20 segments, then their ACKs 20 ms later.
    const lost = [];
    for (let k = 0; k < 20; k++, next++) {
      t += 0.00012;
      packet(true, ISN + 1 + next * mss, RSN + 1, 0x18, mss);
      if (next % lossEvery === lossEvery - 1) lost.push(next);
    }
    t += 0.02;
    if (lost.length) {
      const l = lost[0];
      for (let s = acked; s < l; s += 2)
        packet(false, RSN + 1, ISN + 1 + Math.min(l, s + 2) * mss, 0x10, 0);
      for (let d = 0; d < 3; d++) {
        t += 0.0002;
        packet(false, RSN + 1, ISN + 1 + l * mss, 0x10, 0);
      }
      t += 0.0001;
      packet(true, ISN + 1 + l * mss, RSN + 1, 0x18, mss);
      t += 0.02;
    } else {
      for (let s = acked; s < next; s += 2) {
        t += 0.0001;
        packet(false, RSN + 1, ISN + 1 + Math.min(next, s + 2) * mss, 0x10, 0);
      }
    }
    packet(false, RSN + 1, ISN + 1 + next * mss, 0x10, 0);
    acked = next;
  }
  flush();
  closeSync(fd);
  return written;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const [out, mb, snap] = process.argv.slice(2);
  if (!out) {
    console.error('usage: node bench/capture/synthetic-pcap.mjs <out.pcap> [megabytes] [snaplen]');
    process.exit(2);
  }
  const n = writeSyntheticPcap(out, Number(mb ?? 100), Number(snap ?? 65535));
  console.log(`${out}: ${(n / 1e6).toFixed(1)} MB`);
}
