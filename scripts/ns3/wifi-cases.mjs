// The ns-3.37 wifi fixture runs (tests/fixtures/ns3-wifi/): wifi-oracle.cc's arguments and the
// ackclock query of the same cell. Saturated UDP from n stations to station 0 for 802.11b
// (DSSS 11 Mb/s) and 802.11g (ERP-OFDM 54 Mb/s), basic access and RTS/CTS, n = 1, 5, 10, 20, 50;
// one bulk TCP flow over 802.11b. Each station sends every 400 µs (802.11b) or 100 µs (802.11g),
// far above its share; at n = 50 every 4 ms or 1 ms, still more than ten times its share, so
// ns-3 does not spend its time dropping packets at full queues.
const UDP = [];
for (const standard of ['b', 'g']) {
  for (const rts of [false, true]) {
    for (const n of [1, 5, 10, 20, 50]) {
      const link = standard === 'g' ? '&link=wifi-g' : '';
      UDP.push({
        name: `udp-${standard}-${rts ? 'rts' : 'basic'}-n${n}`,
        about: `${n} saturated UDP station(s), 802.11${standard}, ${rts ? 'RTS/CTS' : 'basic access'}, 1000-byte payloads`,
        args: {
          standard,
          transport: 'udp',
          n,
          payload: 1000,
          rts: rts ? 1 : 0,
          stop: 11,
          ...(n === 50 ? { interval: standard === 'b' ? 4000 : 1000 } : {}),
        },
        query: `preset=wifi-saturation&n=${n}${link}${rts ? '&rts=1' : ''}&size=1000`,
      });
    }
  }
}

export const WIFI_CASES = [
  ...UDP,
  {
    name: 'tcp-b-basic-n1',
    about:
      'one bulk TCP flow (NewReno, 1000-byte segments, delayed ACKs) over 802.11b, basic access',
    args: { standard: 'b', transport: 'tcp', n: 1, payload: 1000, rts: 0, stop: 11 },
    query: '',
  },
];
