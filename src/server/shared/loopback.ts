// "This machine only": demo mode and its outbox page are for a server nobody else can reach.

/** Whether a host name or address to listen on is this machine only. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** Whether a peer address is this machine (IPv4 loopback, IPv6 ::1, or IPv4 loopback mapped into IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return address === '::1' || /^127(\.\d{1,3}){3}$/.test(v4);
}

/** Whether a URL addresses this machine (http://127.0.0.1:3000, http://localhost, http://[::1]:3000). */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHost(new URL(url).hostname.replace(/^\[(.*)\]$/, '$1'));
  } catch {
    return false;
  }
}
