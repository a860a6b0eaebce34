import { describe, expect, it } from 'vitest';
import { clientNetwork } from './client-network.ts';

describe('the network of a client address', () => {
  it('is an IPv4 address itself, written inside IPv6 or not', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetwork('203.0.113.8')).not.toBe(clientNetwork('203.0.113.7'));
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const net = clientNetwork('2001:db8:1:2::1');
    expect(net).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0DB8:0001:0002:ffff:1234:5678:9abc')).toBe(net);
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(net);
  });

  it('keeps what it cannot read as one client', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
  });
});
