/**
 * How the app hands its Firebase ID token to the price relay: in the WebSocket subprotocol list, not
 * the URL, because query strings end up in request logs and headers of this kind do not. The relay
 * answers with RELAY_PROTOCOL; the bearer entry is never echoed back.
 */
export const RELAY_PROTOCOL = 'price-alerts.v1';
const BEARER_PREFIX = 'bearer.';

/** Subprotocols a client offers: ours, then the token (JWTs use only token characters: A-Z a-z 0-9 - _ .). */
export function relayProtocols(idToken: string): string[] {
  return [RELAY_PROTOCOL, `${BEARER_PREFIX}${idToken}`];
}

/** The token from a Sec-WebSocket-Protocol header, or '' when there is none. */
export function tokenFromProtocols(header: string | undefined): string {
  for (const part of (header ?? '').split(',')) {
    const value = part.trim();
    if (value.startsWith(BEARER_PREFIX)) return value.slice(BEARER_PREFIX.length);
  }
  return '';
}
