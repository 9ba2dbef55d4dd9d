/**
 * The address a call came from, as a key for limits. Google's front end appends the address it took
 * the connection from to X-Forwarded-For, so the last entry is the caller's own; entries before it are
 * whatever the caller wrote and are never read. Without the header (the emulators) it is the socket's
 * peer. An IPv6 address counts as its /64.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function callerAddress(request: {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string | undefined } | undefined;
}): string {
  const forwarded = request.headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded;
  const last = header?.split(',').at(-1)?.trim();
  return keyOf(last || request.socket?.remoteAddress || 'unknown');
}

/** An IPv6 caller is its /64: one subscriber holds a whole /64 and could walk through it. */
function keyOf(address: string): string {
  if (!address.includes(':') || address.startsWith('::ffff:')) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const groups = [...head.split(':').filter(Boolean)];
  const rest = tail.split(':').filter(Boolean);
  while (groups.length + rest.length < 8) groups.push('0');
  return `${[...groups, ...rest]
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
