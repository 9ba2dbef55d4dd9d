/**
 * The address a call came from, as a key for limits. Google's front end appends the address it took
 * the connection from to X-Forwarded-For, so the last entry is the caller's own; entries before it are
 * whatever the caller wrote and are never read. Without the header (the emulators) it is the socket's
 * peer.
 */
import type { IncomingHttpHeaders } from 'node:http';

export function callerAddress(request: {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string | undefined } | undefined;
}): string {
  const forwarded = request.headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.at(-1) : forwarded;
  const last = header?.split(',').at(-1)?.trim();
  return last || request.socket?.remoteAddress || 'unknown';
}
