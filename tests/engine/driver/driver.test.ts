/** The driver's own network model: loss of packets not yet sent, the dupack check, hand ACKs. */
import { describe, expect, it } from 'vitest';
import { tcp } from './tcp-driver';

describe('tcp driver', () => {
  it('lose(k) before k is sent drops its next transmission only', () => {
    const d = tcp('reno').start().lose(3).deliver(1);
    d.expectSent([1, 2, 3]).expectInFlight([2]);
    expect(() => d.deliver(3)).toThrow(/not in flight/);
  });

  it('dupacks(n) refuses a delivery that moves the cumulative ACK', () => {
    const d = tcp('reno').start().deliver(1);
    expect(() => d.dupacks(1)).toThrow(/did not produce a duplicate ACK of 1/);
  });

  it('SACK receivers report blocks, most recent first; non-SACK receivers none', () => {
    tcp('sack', { icwnd: 4 })
      .start()
      .lose(1)
      .deliver(2, 4)
      .expectLastAck(0, [
        [4, 4],
        [2, 2],
      ]);
    tcp('newreno', { icwnd: 4 }).start().lose(1).deliver(2, 4).expectLastAck(0, []);
  });

  it('hand ACKs reach the sender as given', () => {
    tcp('sack', { icwnd: 4 })
      .start()
      .ack(2, [[4, 4]])
      .expect({ highestAck: 2, cwnd: 5 })
      .expectLastAck(2, [[4, 4]]);
  });
});
