/**
 * The relay socket: the browser's WebSocket, authenticated with the user's ID token. The token
 * travels as a subprotocol, not in the URL, so it never lands in a request log.
 */
import { relayProtocols } from '@price-alerts/domain/prices';
import { authErrorCode, idToken } from './auth';
import { config } from './config';

export interface SocketTarget {
  url: string;
  protocols: string[];
}

/** Null when no one is signed in (a sign-out finished while the feed was connecting). */
export async function priceFeedTarget(): Promise<SocketTarget | null> {
  try {
    return { url: config.priceFeedUrl, protocols: relayProtocols(await idToken()) };
  } catch (error) {
    if (authErrorCode(error) === 'auth/no-current-user') return null;
    throw error;
  }
}

export function openPriceSocket({ url, protocols }: SocketTarget): WebSocket {
  return new WebSocket(url, protocols);
}
