import ipaddr from 'ipaddr.js';

/**
 * The network a client address stands for in per-client limits: an IPv4 address as it is (an
 * IPv4-mapped IPv6 one too), an IPv6 address by its /64 — one subscriber's network, inside which
 * a client can take a new address for every request. Anything unparsable is kept as given, so it
 * still counts as one client.
 */
export function clientNetwork(address: string): string {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return address;
  }
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${new ipaddr.IPv6([...parts, 0, 0, 0, 0]).toString()}/64`;
}
