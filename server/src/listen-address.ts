import type { AddressInfo } from 'node:net';

/**
 * Where the ready line says the server is: the address it really listens on, not the
 * `localhost` it always printed (wrong with HOST=127.0.0.2 or ::1, and silent about a server open
 * to every interface). Listening on all interfaces has no URL of its own, so the line gives the
 * one that works on this machine and names the wildcard beside it.
 */
export function describeListening({ address, port, family }: AddressInfo): string {
  const hostPort = family === 'IPv6' ? `[${address}]:${port}` : `${address}:${port}`;
  if (address === '0.0.0.0' || address === '::') return `http://localhost:${port} (all interfaces, ${hostPort})`;
  return `http://${hostPort}`;
}
